/**
 * statelessCalls: the tool calls in flight on a transport without sessions (stateless HTTP),
 * keyed by the caller's principal and the request id, so a `notifications/cancelled` the same
 * authenticated caller sends in another request reaches its call on this instance — the call's
 * signal aborts and its reply is suppressed, as on a stdio connection. Anonymous callers share one
 * principal, so their cancels are not bound (one client could cancel another's call). An entry
 * lives while its call runs: the map holds at most the calls in flight (`maxConcurrentCalls`).
 */
import type { InFlightCall } from './Session';
import { idJson } from './jsonRpc';
import type { RequestId } from './jsonRpc';

/** Where a call that went asynchronous is registered for cancellation: a session, or one principal's calls here. */
export interface CallRegistry {
  begin(id: RequestId, call: InFlightCall): void;
  /** Forgets a finished call; false when it was cancelled (its reply is suppressed). */
  end(id: RequestId, call: InFlightCall): boolean;
}

/** The session-less calls in flight of one dispatcher. */
export class StatelessCalls {
  private readonly calls = new Map<string, InFlightCall>();

  /** The registry of `principalKey`'s calls. */
  of(principalKey: string): CallRegistry {
    return {
      begin: (id, call) => {
        this.calls.set(keyOf(principalKey, id), call);
      },
      end: (id, call) => {
        const key = keyOf(principalKey, id);
        if (this.calls.get(key) === call) this.calls.delete(key);
        return !call.cancelled;
      },
    };
  }

  /** Aborts `principalKey`'s call `id` and suppresses its reply; false when no such call runs here. */
  cancel(principalKey: string, id: RequestId, reason?: unknown): boolean {
    const call = this.calls.get(keyOf(principalKey, id));
    if (!call) return false;
    call.cancelled = true;
    call.abort(reason ?? new Error('request cancelled by the client'));
    return true;
  }
}

function keyOf(principalKey: string, id: RequestId): string {
  return `${principalKey}\u0000${idJson(id)}`;
}
