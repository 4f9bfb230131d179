/**
 * Session: the state of one connection (a stdio process, one long-lived stream): the protocol
 * version negotiated by `initialize`, and the requests in flight so `notifications/cancelled`
 * can abort them. Stateless HTTP has no session.
 */
import { DEFAULT_NEGOTIATED_VERSION } from '../declaration/protocolVersions';
import type { RequestId } from './jsonRpc';

interface InFlight {
  readonly controller: AbortController;
  cancelled: boolean;
}

/** The per-connection state the dispatcher reads and updates. */
export class Session {
  private version = DEFAULT_NEGOTIATED_VERSION;
  private readonly inFlight = new Map<RequestId, InFlight>();

  /** The protocol version in force: `2025-03-26` until an `initialize` succeeds. */
  get protocolVersion(): string {
    return this.version;
  }

  /** Number of calls started and not yet answered. */
  get pending(): number {
    return this.inFlight.size;
  }

  /** @internal Records the version a successful `initialize` negotiated. */
  negotiated(version: string): void {
    this.version = version;
  }

  /** @internal Registers a call and returns the signal its procedure receives. */
  begin(id: RequestId, outer?: AbortSignal): AbortSignal {
    const controller = new AbortController();
    if (outer) {
      if (outer.aborted) controller.abort(outer.reason);
      else outer.addEventListener('abort', () => controller.abort(outer.reason), { once: true });
    }
    this.inFlight.set(id, { controller, cancelled: false });
    return controller.signal;
  }

  /** @internal Forgets a finished call; returns false when it was cancelled (its reply is suppressed). */
  end(id: RequestId, signal: AbortSignal): boolean {
    const entry = this.inFlight.get(id);
    if (!entry || entry.controller.signal !== signal) return true;
    this.inFlight.delete(id);
    return !entry.cancelled;
  }

  /** Aborts the named request and suppresses its reply (what `notifications/cancelled` does). */
  cancel(id: RequestId, reason?: unknown): boolean {
    const entry = this.inFlight.get(id);
    if (!entry) return false;
    entry.cancelled = true;
    entry.controller.abort(reason ?? new Error('request cancelled by the client'));
    return true;
  }

  /** Aborts every call in flight (the connection is going away); their replies are still produced. */
  abortAll(reason?: unknown): void {
    for (const entry of this.inFlight.values()) entry.controller.abort(reason ?? new Error('connection closed'));
  }
}
