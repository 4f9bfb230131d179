/**
 * replies: how the handler writes to the response — one `writeHead` and one `end` — and the
 * HTTP-level refusals (405, 403, 406, 413, 415, 500), each a status, its headers and a JSON-RPC
 * error body built once by core's `errorResponse`.
 */
import type { ServerResponse, OutgoingHttpHeaders } from 'node:http';
import { internalErrorResponse, refusalResponse } from '@toolwire/core';

/** A prepared answer: status, headers (with Content-Length) and body. */
export interface Refusal {
  readonly status: number;
  readonly headers: OutgoingHttpHeaders;
  readonly body: string;
}

/** Builds a refusal whose body is core's JSON-RPC error with `"id": null` (core picks the code: internal for 5xx, a refusal otherwise). */
export function refusal(status: number, message: string, extraHeaders: OutgoingHttpHeaders = {}): Refusal {
  const body = status >= 500 ? internalErrorResponse(message) : refusalResponse(message);
  return {
    status,
    headers: { ...extraHeaders, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
    body,
  };
}

/** The refusals that do not depend on options. */
export const Refusals = {
  methodNotAllowed: refusal(405, 'Method Not Allowed: only POST is accepted', { Allow: 'POST' }),
  forbiddenOrigin: refusal(403, 'Forbidden: Origin not allowed'),
  forbiddenHost: refusal(403, 'Forbidden: Host not allowed'),
  notAcceptable: refusal(406, 'Not Acceptable: the client must accept both application/json and text/event-stream'),
  unsupportedMediaType: refusal(415, 'Unsupported Media Type: Content-Type must be application/json (UTF-8)'),
  bodyConsumed: refusal(500, 'Internal error: the request body was read by an earlier middleware that left no req.body'),
  internal: refusal(500, 'Internal error'),
} as const;

/** Builds the 413 refusal for a body limit (once, in the factory). */
export function payloadTooLarge(limit: number): Refusal {
  return refusal(413, `Payload Too Large: the request body exceeds ${limit} bytes`, { Connection: 'close' });
}

/** False when there is nobody to answer (the client went away) or someone already answered (an upstream middleware). */
export function answerable(res: ServerResponse): boolean {
  return !res.headersSent && !res.destroyed;
}

/** Writes a prepared refusal. */
export function refuse(res: ServerResponse, r: Refusal): void {
  if (!answerable(res)) return;
  res.writeHead(r.status, r.headers);
  res.end(r.body);
}

/** Writes a JSON-RPC response with the status core chose for it. */
export function sendJson(res: ServerResponse, status: number, body: string): void {
  if (!answerable(res)) return;
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * Writes a response given in pieces, some already UTF-8 bytes (a large cached tools/list):
 * the bytes are handed to the socket as they are instead of encoding the whole text again.
 */
export function sendParts(res: ServerResponse, status: number, parts: readonly (string | Uint8Array)[]): void {
  if (!answerable(res)) return;
  let length = 0;
  for (const part of parts) length += typeof part === 'string' ? Buffer.byteLength(part) : part.byteLength;
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': length });
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
