/**
 * replies: how the handler writes to the response — one `writeHead` and one `end` — the
 * refusals core prepared (401, 403, 405, 406, 413, 415, 500) and the answers core's dispatcher chose.
 * This file adds only what Node's framing needs: `Content-Length`, and `Connection: close` on 413.
 * A response whose tool call sent notifications is an event stream instead: its head is written
 * here, its events by `EventStreamWriter`.
 */
import type { ServerResponse, OutgoingHttpHeaders } from 'node:http';
import { EVENT_STREAM_HEADERS, HttpRefusals } from '@toolwire/core';
import type { HttpRefusal } from '@toolwire/core';

/** A prepared answer: status, headers and body (core's {@link HttpRefusal}). */
export type Refusal = HttpRefusal;

/** The refusals that do not depend on options (core's table). */
export const Refusals = HttpRefusals;

/**
 * The 413 refusal core built for the body limit, with its length and `Connection: close`: after
 * it, the rest of the body is drained (bounded) and the connection closed (once, in the factory).
 */
export function closing(tooLarge: HttpRefusal): Refusal {
  return { ...tooLarge, headers: { ...tooLarge.headers, 'Content-Length': String(Buffer.byteLength(tooLarge.body)), Connection: 'close' } };
}

/** False when there is nobody to answer (the client went away) or someone already answered (an upstream middleware). */
export function answerable(res: ServerResponse): boolean {
  return !res.headersSent && !res.destroyed;
}

/** Writes a prepared refusal. */
export function refuse(res: ServerResponse, r: Refusal): void {
  if (!answerable(res)) return;
  res.writeHead(r.status, { ...r.headers, 'Content-Length': Buffer.byteLength(r.body) });
  res.end(r.body);
}

/** Writes a JSON-RPC response with the status (and any headers) core chose for it. */
export function sendJson(res: ServerResponse, status: number, body: string, headers?: Readonly<Record<string, string>>): void {
  if (!answerable(res)) return;
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * Writes a response given in pieces, some already UTF-8 bytes (a large cached tools/list):
 * the bytes are handed to the socket as they are instead of encoding the whole text again.
 */
export function sendParts(res: ServerResponse, status: number, parts: readonly (string | Uint8Array)[], headers?: Readonly<Record<string, string>>): void {
  if (!answerable(res)) return;
  let length = 0;
  for (const part of parts) length += typeof part === 'string' ? Buffer.byteLength(part) : part.byteLength;
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json', 'Content-Length': length });
  res.cork(); // one writev for head and parts
  for (let i = 0; i < parts.length - 1; i++) res.write(parts[i]);
  res.end(parts[parts.length - 1]);
  res.uncork();
}

const ACCEPTED_HEADERS: OutgoingHttpHeaders = { 'Content-Length': 0 };

/** Writes 202 Accepted with no body (the message held only notifications). */
export function sendAccepted(res: ServerResponse): void {
  if (!answerable(res)) return;
  res.writeHead(202, ACCEPTED_HEADERS);
  res.end();
}

/** Starts an SSE response (status 200, core's event-stream headers); false when the response can no longer be written. */
export function startEventStream(res: ServerResponse): boolean {
  if (!answerable(res)) return false;
  res.writeHead(200, EVENT_STREAM_HEADERS); // the head goes out with the first event
  return true;
}
