/**
 * authInfoOf: a verified JWT access token's payload as toolwire's AuthInfo — `sub`, the client
 * (`client_id` of RFC 9068, else `azp`), the scopes (`scope`, space-separated, or `scp`, a list
 * or a string), `exp`, `aud`, `iss`, and the payload itself as `claims`.
 */
import type { JWTPayload } from 'jose';
import type { AuthInfo } from '@toolwire/core';

/**
 * @param graceSeconds - the clock tolerance: `expiresAt` is when the verifier stops accepting
 *   the token (`exp` plus the tolerance), so the endpoint's expiry check agrees with jose's.
 */
export function authInfoOf(payload: JWTPayload, graceSeconds: number): AuthInfo {
  const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
  const { scope, scp } = payload as { scope?: unknown; scp?: unknown };
  const scopes = typeof scope === 'string' ? scope.split(' ') : Array.isArray(scp) ? scp : typeof scp === 'string' ? scp.split(' ') : [];
  return {
    subject: payload.sub,
    clientId: text(payload.client_id) ?? text(payload.azp),
    scopes: scopes.filter((s): s is string => typeof s === 'string' && s !== ''),
    expiresAt: payload.exp === undefined ? undefined : payload.exp + graceSeconds,
    audience: payload.aud,
    issuer: payload.iss,
    claims: payload,
  };
}
