/**
 * jwtVerifier: a `verify` function for the `auth` option of toolwire's HTTP transports that
 * accepts JWT access tokens signed by one authorization server, built on `jose`: the signature
 * against the server's JWKS (discovered from its metadata unless given; cached, and fetched
 * again when a token names a key it does not hold — key rotation), an algorithm allow-list,
 * `iss`, `aud`, `exp` (required) and `nbf` with a clock tolerance.
 */
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { JWTVerifyGetKey } from 'jose';
import type { AuthInfo } from '@toolwire/core';
import { resolveJwtOptions } from './JwtVerifierOptions';
import type { JwtVerifierOptions } from './JwtVerifierOptions';
import { discoverJwksUri } from './discoverJwksUri';
import { authInfoOf } from './authInfoOf';

/** A token verifier: resolves to the token's AuthInfo, rejects when the token is not valid. */
export type JwtVerifier = (token: string) => Promise<AuthInfo>;

/**
 * Returns a verifier for tokens of `options.issuer` issued for `options.audience`. Options are
 * checked here, once; the JWKS is looked up on first use (a failed discovery is tried again on
 * the next token).
 * @throws TypeError for a missing, unknown or mistyped option.
 * @example
 * const resource = 'https://mcp.example.com/mcp';
 * app.use('/mcp', mcpRouter(decl, defs, {
 *   auth: { resource, authorizationServers: ['https://auth.example.com'], verify: jwtVerifier({ issuer: 'https://auth.example.com', audience: resource }) },
 * }));
 */
export function jwtVerifier(options: JwtVerifierOptions): JwtVerifier {
  const o = resolveJwtOptions(options);
  const remote = (uri: string): JWTVerifyGetKey => createRemoteJWKSet(new URL(uri), { timeoutDuration: o.timeoutMs, cooldownDuration: o.jwksCooldownMs });
  let keys: Promise<JWTVerifyGetKey> | undefined = o.jwksUri === undefined ? undefined : Promise.resolve(remote(o.jwksUri));
  const keySet = (): Promise<JWTVerifyGetKey> => {
    keys ??= discoverJwksUri(o.issuer, o.timeoutMs).then(remote, (error: unknown) => {
      keys = undefined; // try again with the next token
      throw error;
    });
    return keys;
  };
  const verifyOptions = {
    issuer: o.issuer,
    audience: o.audience,
    algorithms: o.algorithms,
    clockTolerance: o.clockToleranceSeconds,
    requiredClaims: ['exp'],
    ...(o.typ === undefined ? {} : { typ: o.typ }),
  };
  return async function verifyJwt(token: string): Promise<AuthInfo> {
    const { payload } = await jwtVerify(token, await keySet(), verifyOptions);
    return authInfoOf(payload, o.clockToleranceSeconds);
  };
}
