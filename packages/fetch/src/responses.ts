/**
 * responses: Web `Response`s for what core decided — a refusal it prepared (401, 403, 405, 406,
 * 413, 415, 500), the dispatcher's answer with the status (and headers) it chose (200, 202, 400,
 * 403, 404), or a resource-metadata answer. Nothing
 * here picks a status or writes a JSON-RPC body of its own.
 */
import type { DispatchResult, HttpRefusal, HttpReply } from '@toolwire/core';

const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'Content-Type': 'application/json' });

/** A prepared refusal as a Response (a new one each time: a Response body is read once). */
export function refusalResponse(refusal: HttpRefusal): Response {
  return new Response(refusal.body, { status: refusal.status, headers: refusal.headers });
}

/** The dispatcher's answer: its status, its body (202 carries none). */
export function dispatchResponse(result: DispatchResult): Response {
  if (result.status === 202) return new Response(null, { status: 202 });
  return new Response(result.body, { status: result.status, headers: result.headers ? { ...result.headers, ...JSON_HEADERS } : JSON_HEADERS });
}

/** A prepared reply (the resource metadata) as a Response; a 204 carries no body. */
export function replyResponse(reply: HttpReply): Response {
  return new Response(reply.status === 204 ? null : reply.body, { status: reply.status, headers: reply.headers });
}
