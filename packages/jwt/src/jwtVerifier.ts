/**
 * jwtVerifier: a `verify` function for the `auth` option of toolwire's HTTP transports that
 * accepts JWT access tokens signed by one authorization server, built on `jose`: the signature
 * against the server's JWKS (discovered from its metadata unless given; cached, and fetched
 * again when a token names a key it does not hold — key rotation), an algorithm allow-list,
 * `iss`, `aud`, `exp` (required) and `nbf` with a clock tolerance. When the keys cannot be
 * loaded it rejects with core's `AuthServerUnavailableError` (the endpoint answers 503 with
 * `Retry-After`), and it does not ask the server again before the backoff ends.
 */
import { jwtVerify } from 'jose';
import type { AuthInfo } from '@toolwire/core';
import { resolveJwtOptions } from './JwtVerifierOptions';
import type { JwtVerifierOptions } from './JwtVerifierOptions';
import { JwksCache } from './JwksCache';
import { authInfoOf } from './authInfoOf';

/** How long a loaded JWKS is used before it is fetched again (10 minutes, as jose's remote key sets). */
const JWKS_MAX_AGE_MS = 600_000;

/**
 * A token verifier: resolves to the token's AuthInfo; rejects when the token is not valid, or
 * with an `AuthServerUnavailableError` when the authorization server's keys cannot be loaded.
 */
export type JwtVerifier = (token: string) => Promise<AuthInfo>;

/**
 * Returns a verifier for tokens of `options.issuer` issued for `options.audience`. Options are
 * checked here, once; the JWKS is looked up on first use (after a failure, not again before the
 * backoff ends: `backoffInitialMs`, doubling up to `backoffMaxMs`).
 * @throws TypeError for a missing, unknown or mistyped option.
 * @example
 * const resource = 'https://mcp.example.com/mcp';
 * app.use('/mcp', mcpRouter(decl, defs, {
 *   auth: { resource, authorizationServers: ['https://auth.example.com'], verify: jwtVerifier({ issuer: 'https://auth.example.com', audience: resource }) },
 * }));
 */
export function jwtVerifier(options: JwtVerifierOptions): JwtVerifier {
  const o = resolveJwtOptions(options);
  const keys = new JwksCache({
    issuer: o.issuer,
    jwksUri: o.jwksUri,
    timeoutMs: o.timeoutMs,
    cooldownMs: o.jwksCooldownMs,
    maxAgeMs: JWKS_MAX_AGE_MS,
    backoffInitialMs: o.backoffInitialMs,
    backoffMaxMs: o.backoffMaxMs,
  });
  const verifyOptions = {
    issuer: o.issuer,
    audience: o.audience,
    algorithms: o.algorithms,
    clockTolerance: o.clockToleranceSeconds,
    requiredClaims: ['exp'],
    ...(o.typ === undefined ? {} : { typ: o.typ }),
  };
  return async function verifyJwt(token: string): Promise<AuthInfo> {
    const { payload } = await jwtVerify(token, keys.getKey, verifyOptions);
    return authInfoOf(payload, o.clockToleranceSeconds);
  };
}
