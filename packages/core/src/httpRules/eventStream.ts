/**
 * eventStream: how an HTTP transport turns one response into a Server-Sent Events stream when a
 * tool call sends notifications — whether the client accepts `text/event-stream`, the headers of
 * such a response, and the frame of one message. The Express and fetch transports share it, so
 * both write the same bytes; neither decides what to send (that is the dispatcher's).
 */

/**
 * The headers of a response that became an event stream: no caching, no proxy buffering (each
 * event is meant to arrive when it is written).
 */
export const EVENT_STREAM_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
  'X-Accel-Buffering': 'no',
});

/**
 * True when the `Accept` header names `text/event-stream` (with a non-zero q). Wildcards do not
 * count: a client that sent `*` / `*` or nothing may not parse events, so it keeps getting JSON.
 */
export function acceptsEventStream(header: string | undefined): boolean {
  if (header === undefined || !header.includes('text/event-stream')) return false;
  for (const range of header.split(',')) {
    const parts = range.split(';');
    if (parts[0].trim().toLowerCase() !== 'text/event-stream') continue;
    if (!parts.some((p, i) => i > 0 && /^\s*q\s*=\s*0(\.0*)?\s*$/i.test(p))) return true;
  }
  return false;
}

/**
 * One JSON-RPC message as an SSE event: `event: message\ndata: JSON\n\n`. A message is one line
 * of JSON (the dispatcher writes no line breaks; any in the text are whitespace and become spaces).
 */
export function eventStreamFrame(json: string): string {
  const line = json.includes('\n') || json.includes('\r') ? json.replace(/\r\n|\r|\n/g, ' ') : json;
  return `event: message\ndata: ${line}\n\n`;
}
