/**
 * eventStream: reads what an endpoint answered — a JSON body, or a `text/event-stream` whose
 * events carry the notifications of the call (progress, log messages) and, last, the JSON-RPC
 * response — into the response text and the notifications that preceded it, in order.
 */
import type { Exchanged } from './results';

/** The response and the notifications that came before it. */
export interface ReadAnswer {
  /** The JSON-RPC response's text (the body, or the last event's data of a stream); `''` for none. */
  readonly text: string;
  /** The JSON-RPC messages that came before the response, as sent. */
  readonly notifications: readonly string[];
}

/** Splits an exchange's answer into its response and the notifications before it. */
export function readAnswer(exchanged: Exchanged): ReadAnswer {
  if (exchanged.notifications) return { text: exchanged.text, notifications: exchanged.notifications };
  if (!isEventStream(exchanged.contentType)) return { text: exchanged.text, notifications: [] };
  const messages = eventData(exchanged.text);
  const last = messages.length - 1;
  const response = last >= 0 && isResponse(messages[last]) ? messages[last] : undefined;
  return { text: response ?? '', notifications: response === undefined ? messages : messages.slice(0, last) };
}

function isEventStream(contentType: string | undefined): boolean {
  return contentType !== undefined && contentType.split(';')[0].trim().toLowerCase() === 'text/event-stream';
}

/** The `data` of each event of an SSE body (multi-line data joined by `\n`, as the SSE rules say). */
export function eventData(body: string): string[] {
  const events: string[] = [];
  let data: string[] = [];
  for (const line of body.split(/\r\n|\r|\n/)) {
    if (line === '') {
      if (data.length) events.push(data.join('\n'));
      data = [];
    } else if (line.startsWith('data:')) {
      data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
    }
  }
  if (data.length) events.push(data.join('\n'));
  return events;
}

/** Whether a message text is a JSON-RPC response (it has an `id` and no `method`). */
function isResponse(text: string): boolean {
  try {
    const message: unknown = JSON.parse(text);
    return typeof message === 'object' && message !== null && 'id' in message && !('method' in message);
  } catch {
    return false;
  }
}
