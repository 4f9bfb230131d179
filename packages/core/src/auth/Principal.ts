/**
 * Principal: who is calling, derived once in one way and used by everything keyed by caller —
 * the owner of a task, the binding of a sealed `requestState`, and what comes later (rate limits,
 * per-user state, subscriptions). With a verified token: its issuer, subject and client id, each
 * in its own slot; over a connection (stdio) without one: that connection; otherwise (an open HTTP
 * endpoint): explicitly anonymous — every anonymous caller is the same principal.
 */
import type { AuthInfo } from './AuthInfo';

/** The caller of a request. */
export type Principal = TokenPrincipal | ConnectionPrincipal | AnonymousPrincipal;

/** A caller named by a verified token. */
export interface TokenPrincipal {
  readonly kind: 'token';
  /** The token's issuer (`iss`); `null` when it names none. */
  readonly issuer: string | null;
  /** The token's subject (`sub`); `null` when it names none (a client-credentials token). */
  readonly subject: string | null;
  /** The OAuth client that obtained the token (`client_id`); `null` when it names none. */
  readonly clientId: string | null;
  /**
   * The identity as one string, for keys: the issuer and the subject — the same user through any
   * client — or, for a token without a subject, the issuer and the client id, in separate slots
   * (a client whose id equals a user's subject is not that user). Tokens with neither share one
   * identity per issuer.
   */
  readonly key: string;
}

/** The one connection a request came on (stdio), when no token names its caller. */
export interface ConnectionPrincipal {
  readonly kind: 'connection';
  /** A random id of the connection, unique to this process. */
  readonly key: string;
}

/** A caller nothing identifies (an HTTP endpoint without the `auth` option). */
export interface AnonymousPrincipal {
  readonly kind: 'anonymous';
  readonly key: typeof ANONYMOUS_KEY;
}

/** The key of the anonymous principal. */
export const ANONYMOUS_KEY = 'anonymous';

/** The anonymous principal. */
export const ANONYMOUS: AnonymousPrincipal = Object.freeze({ kind: 'anonymous', key: ANONYMOUS_KEY });

/** The principal of a verified token. */
export function tokenPrincipal(auth: AuthInfo): TokenPrincipal {
  const issuer = auth.issuer ?? null;
  const subject = auth.subject ?? null;
  const clientId = auth.clientId ?? null;
  // the encoding the sealed requestState of earlier versions bound to: their states stay good
  const key = JSON.stringify(['token', issuer, subject, subject === null ? clientId : null]);
  return Object.freeze({ kind: 'token', issuer, subject, clientId, key });
}

/** The principal of a connection with the given id. */
export function connectionPrincipal(id: string): ConnectionPrincipal {
  return Object.freeze({ kind: 'connection', key: JSON.stringify(['connection', id]) });
}
