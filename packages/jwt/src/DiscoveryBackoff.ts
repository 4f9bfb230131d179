/**
 * DiscoveryBackoff: remembers that loading the authorization server's metadata or keys failed,
 * and for how long no new attempt is made — 1 s after the first failure by default, doubling
 * with each failure in a row up to a cap (60 s), back to nothing after a success. While it
 * holds, every token is answered with an {@link AuthServerUnavailableError} naming the time left
 * (the endpoint's 503 `Retry-After`), without a request to the server.
 */
import { AuthServerUnavailableError } from '@toolwire/core';

/** The last failure: the error and its message. */
interface Failure {
  readonly cause: unknown;
  readonly reason: string;
}

/** The failure state of one verifier's discovery. */
export class DiscoveryBackoff {
  private failures = 0;
  private retryAt = 0;
  private last: Failure | undefined;

  /**
   * @param initialMs - the wait after the first failure.
   * @param maxMs - the longest wait.
   */
  constructor(
    private readonly initialMs: number,
    private readonly maxMs: number,
  ) {}

  /** The error to answer with while no new attempt may be made, else `undefined`. */
  blocked(now: number): AuthServerUnavailableError | undefined {
    const last = this.last;
    return last === undefined || now >= this.retryAt ? undefined : this.error(last, now);
  }

  /** Records a failed attempt; returns the error to answer with (its wait is the new one). */
  failed(cause: unknown, now: number): AuthServerUnavailableError {
    this.failures++;
    this.retryAt = now + Math.min(this.maxMs, this.initialMs * 2 ** Math.min(this.failures - 1, 30));
    const last = { cause, reason: cause instanceof Error ? cause.message : String(cause) };
    this.last = last;
    return this.error(last, now);
  }

  /** Records a successful attempt: the next failure waits `initialMs` again. */
  succeeded(): void {
    this.failures = 0;
    this.retryAt = 0;
    this.last = undefined;
  }

  private error({ cause, reason }: Failure, now: number): AuthServerUnavailableError {
    const left = this.retryAt - now;
    return new AuthServerUnavailableError(`jwtVerifier: the authorization server's keys could not be loaded (${reason}); next attempt in ${left} ms`, left / 1000, { cause });
  }
}
