/**
 * authInfoOf: a verified JWT access token's payload as toolwire's AuthInfo — `sub`, the client
 * (`client_id` of RFC 9068, else `azp`), the scopes (`scope`, space-separated, or `scp`, a list
 * or a string), `exp`, `aud`, `iss`, and the payload itself as `claims`. A `sub` that is not a
 * string, or an `aud` list with a member that is not one (RFC 7519 §4.1.2–4.1.3: StringOrURI),
 * makes the token invalid (jose's `JWTClaimValidationFailed`, so a 401), never a malformed
 * AuthInfo (which the endpoint would answer 500).
 */
import { errors } from 'jose';
import type { JWTPayload } from 'jose';
import type { AuthInfo } from '@toolwire/core';

/**
 * @param graceSeconds - the clock tolerance: `expiresAt` is when the verifier stops accepting
 *   the token (`exp` plus the tolerance), so the endpoint's expiry check agrees with jose's.
 * @throws JWTClaimValidationFailed for a `sub` that is not a string or an `aud` that is not a string or a list of strings.
 */
export function authInfoOf(payload: JWTPayload, graceSeconds: number): AuthInfo {
  const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
  const { sub, aud } = payload as { sub?: unknown; aud?: unknown };
  if (sub !== undefined && typeof sub !== 'string') throw new errors.JWTClaimValidationFailed(`"sub" claim must be a string, got ${kindOf(sub)}`, payload, 'sub', 'invalid');
  if (aud !== undefined && typeof aud !== 'string' && !(Array.isArray(aud) && aud.every((a) => typeof a === 'string'))) {
    throw new errors.JWTClaimValidationFailed(`"aud" claim must be a string or an array of strings, got ${kindOf(aud)}`, payload, 'aud', 'invalid');
  }
  const { scope, scp } = payload as { scope?: unknown; scp?: unknown };
  const scopes = typeof scope === 'string' ? scope.split(' ') : Array.isArray(scp) ? scp : typeof scp === 'string' ? scp.split(' ') : [];
  return {
    subject: sub,
    clientId: text(payload.client_id) ?? text(payload.azp),
    scopes: scopes.filter((s): s is string => typeof s === 'string' && s !== ''),
    expiresAt: payload.exp === undefined ? undefined : payload.exp + graceSeconds,
    audience: aud,
    issuer: payload.iss,
    claims: payload,
  };
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.every((v) => typeof v === 'string') ? 'an array of strings' : 'an array with a member that is not a string';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
