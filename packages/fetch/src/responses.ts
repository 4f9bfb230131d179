/**
 * responses: a prepared reply of core (the resource metadata) as a Web `Response`. Nothing here
 * picks a status or writes a body of its own.
 */
import type { HttpReply } from '@toolwire/core/http';

/** A prepared reply (the resource metadata) as a Response; a 204 carries no body. */
export function replyResponse(reply: HttpReply): Response {
  return new Response(reply.status === 204 ? null : reply.body, { status: reply.status, headers: reply.headers });
}
