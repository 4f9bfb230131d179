/**
 * HttpRefusal: the answers an HTTP transport gives before a message reaches the dispatcher —
 * wrong method (405), foreign Origin or Host (403), no valid bearer token (401) or a missing
 * required scope (403) where `auth` is set, Accept (406), Content-Type (415), body too large
 * (413), a transport failure (500), an authorization server that cannot be reached (503), a
 * `GET` notification stream past its bounds (503) or asked without SSE (406) — each a status, its headers and a JSON-RPC error body
 * with `"id": null`, built once. Core chooses these statuses, as it chooses the dispatcher's;
 * transports only write them (adding framing headers such as `Content-Length` themselves).
 */
import { errorResponse, internalErrorResponse, refusalResponse } from '../dispatch/jsonRpc';
import { ErrorCodes } from '../faults/ErrorCodes';

/** The statuses of the HTTP refusals. */
export type HttpRefusalStatus = 401 | 403 | 405 | 406 | 413 | 415 | 500 | 503;

/** A prepared refusal: status, headers (always `Content-Type: application/json`) and body. */
export interface HttpRefusal {
  readonly status: HttpRefusalStatus;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Builds a refusal whose body is core's JSON-RPC error (internal for 5xx, a refusal otherwise). */
function httpRefusal(status: HttpRefusalStatus, message: string, extraHeaders: Record<string, string> = {}): HttpRefusal {
  const body = status >= 500 ? internalErrorResponse(message) : refusalResponse(message);
  return Object.freeze({ status, headers: Object.freeze({ ...extraHeaders, 'Content-Type': 'application/json' }), body });
}

/** The refusals that do not depend on options. */
export const HttpRefusals = Object.freeze({
  methodNotAllowed: httpRefusal(405, 'Method Not Allowed: only POST is accepted', { Allow: 'POST' }),
  forbiddenOrigin: httpRefusal(403, 'Forbidden: Origin not allowed'),
  forbiddenHost: httpRefusal(403, 'Forbidden: Host not allowed'),
  notAcceptable: httpRefusal(406, 'Not Acceptable: the client must accept both application/json and text/event-stream'),
  streamNotAcceptable: httpRefusal(406, 'Not Acceptable: a GET notification stream needs Accept: text/event-stream'),
  modernStream: httpRefusal(405, 'Method Not Allowed: 2026-07-28 has no GET stream; POST subscriptions/listen', { Allow: 'POST' }),
  unsupportedMediaType: httpRefusal(415, 'Unsupported Media Type: Content-Type must be application/json (UTF-8)'),
  bodyConsumed: httpRefusal(500, 'Internal error: the request body was read by an earlier middleware that left nothing to dispatch'),
  internal: httpRefusal(500, 'Internal error'),
});

/** The 503 refusal of a `GET` notification stream past the listener bounds (`maxSubscriptions`, per principal), with `Retry-After`. */
export function streamBusy(problem: string): HttpRefusal {
  const body = errorResponse(null, ErrorCodes.ServerBusy, `Server busy: ${problem}; try again later`);
  return Object.freeze({ status: 503, headers: Object.freeze({ 'Retry-After': '1', 'Content-Type': 'application/json' }), body });
}

/** The 413 refusal for a body limit (built once, when the transport is created). */
export function payloadTooLarge(limit: number): HttpRefusal {
  return httpRefusal(413, `Payload Too Large: the request body exceeds ${limit} bytes`);
}

/**
 * A refusal of the authorization rules (401 without a valid token, 403 without a required
 * scope), carrying its `WWW-Authenticate` challenge (built once, when the transport is created).
 */
export function authRefusal(status: 401 | 403, message: string, challenge: string): HttpRefusal {
  return httpRefusal(status, message, { 'WWW-Authenticate': challenge });
}

const AUTH_SERVER_UNAVAILABLE_BODY = internalErrorResponse('Service Unavailable: the access token cannot be verified now (the authorization server cannot be reached); retry later');

/**
 * The 503 refusal of a request whose token cannot be verified because the authorization server
 * cannot be reached (`verify` threw an `AuthServerUnavailableError`): `Retry-After` in whole
 * seconds, no challenge (the token may be valid), a `-32603` body that is the same for every
 * such request.
 */
export function authServerUnavailable(retryAfterSeconds: number): HttpRefusal {
  const headers = Object.freeze({ 'Retry-After': String(retryAfterSeconds), 'Content-Type': 'application/json' });
  return Object.freeze({ status: 503, headers, body: AUTH_SERVER_UNAVAILABLE_BODY });
}
