/**
 * responses: Web `Response`s for what core decided — a refusal it prepared (405, 403, 406, 413,
 * 415, 500) or the dispatcher's answer with the status it chose (200, 202, 400, 404). Nothing
 * here picks a status or writes a JSON-RPC body of its own.
 */
import type { DispatchResult, HttpRefusal } from '@toolwire/core';

const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'Content-Type': 'application/json' });

/** A prepared refusal as a Response (a new one each time: a Response body is read once). */
export function refusalResponse(refusal: HttpRefusal): Response {
  return new Response(refusal.body, { status: refusal.status, headers: refusal.headers });
}

/** The dispatcher's answer: its status, its body (202 carries none). */
export function dispatchResponse(result: DispatchResult): Response {
  if (result.status === 202) return new Response(null, { status: 202 });
  return new Response(result.body, { status: result.status, headers: JSON_HEADERS });
}
