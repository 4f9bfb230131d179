/**
 * @toolwire/jwt — verify OAuth 2.1 JWT access tokens for toolwire's protected HTTP endpoints:
 * `jwtVerifier({ issuer, audience, jwksUri? })` is a `verify` for the `auth` option. Built on
 * `jose`. The only barrel.
 */
export { jwtVerifier } from './jwtVerifier';
export type { JwtVerifier } from './jwtVerifier';
export { ASYMMETRIC_ALGORITHMS } from './JwtVerifierOptions';
export type { JwtVerifierOptions } from './JwtVerifierOptions';
