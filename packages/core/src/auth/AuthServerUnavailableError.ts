/**
 * AuthServerUnavailableError: what a `verify` function throws (or rejects with) when it cannot
 * decide whether a token is valid because the authorization server cannot be reached — its
 * metadata or keys failed to load. The token may be perfectly good, so the endpoint does not
 * answer 401 `invalid_token` (a client would throw the token away and start a new authorization);
 * it answers 503 with `Retry-After: retryAfterSeconds`, the same on every HTTP transport.
 */
import { brand } from '../brand';

/** The authorization server could not be reached; the request should be retried later. */
export class AuthServerUnavailableError extends Error {
  /** Seconds the client should wait before retrying: a whole number ≥ 1, sent as `Retry-After`. */
  readonly retryAfterSeconds: number;

  /**
   * @param message - what failed (stays on the server: the client's answer does not carry it).
   * @param retryAfterSeconds - when to retry, in seconds; rounded up to a whole number, at least 1.
   * @param options - `cause`: the underlying failure.
   * @throws RangeError when `retryAfterSeconds` is not a finite number ≥ 0.
   * @example
   * throw new AuthServerUnavailableError('the JWKS at https://auth.example.com/jwks answered 500', 4);
   */
  constructor(message: string, retryAfterSeconds: number, options?: { cause?: unknown }) {
    if (typeof retryAfterSeconds !== 'number' || !Number.isFinite(retryAfterSeconds) || retryAfterSeconds < 0) {
      throw new RangeError(`AuthServerUnavailableError: retryAfterSeconds: expected a finite number of seconds ≥ 0, got ${String(retryAfterSeconds)}`);
    }
    super(message, options);
    this.name = 'AuthServerUnavailableError';
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

brand(AuthServerUnavailableError, 'AuthServerUnavailableError');
