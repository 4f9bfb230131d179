/**
 * AuthInfo: what a verified bearer token says about the request — who (subject, client), what
 * it may do (scopes), until when (expiry), and for whom it was issued (audience, resource) —
 * as the user's `verify` function reports it. Procedures read it as `context.auth`; it never
 * holds the raw token.
 */

/** The verified facts of an access token. */
export interface AuthInfo {
  /** The principal the token was issued to (a JWT's `sub`). */
  readonly subject?: string;
  /** The OAuth client that obtained the token (RFC 9068 `client_id`). */
  readonly clientId?: string;
  /** The scopes the token grants (empty when it grants none). */
  readonly scopes: readonly string[];
  /** When the token stops being valid, in seconds since the epoch; past → 401. */
  readonly expiresAt?: number;
  /** The audience(s) the token was issued for (a JWT's `aud`); one must be the server's `resource`. */
  readonly audience?: string | readonly string[];
  /** The RFC 8707 resource indicator the token was issued for (e.g. from token introspection). */
  readonly resource?: string;
  /** The authorization server that issued the token (a JWT's `iss`). */
  readonly issuer?: string;
  /** Further claims of the token (a JWT's payload), frozen. */
  readonly claims?: Readonly<Record<string, unknown>>;
}

/**
 * Verifies a bearer token: resolves to the token's {@link AuthInfo}, or to `undefined` (or
 * throws / rejects) when the token is not valid. Called once per request, with the token and
 * the transport's request object.
 */
export type TokenVerifier = (token: string, request: unknown) => AuthInfo | undefined | Promise<AuthInfo | undefined>;
