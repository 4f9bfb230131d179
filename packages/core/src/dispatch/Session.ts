/**
 * Session: the state of one connection (a stdio process, one long-lived stream): the protocol
 * version negotiated by `initialize` and the client capabilities it declared, the logging level
 * `logging/setLevel` set, the calls in flight so `notifications/cancelled` can abort them, and
 * what lets go when the connection ends (its notification listeners).
 * Stateless HTTP has no session.
 */
import { LOCAL_ERROR_CODES } from '../faults/ErrorCodes';
import { DEFAULT_NEGOTIATED_VERSION } from '../protocol/profile';
import type { RequestId } from './jsonRpc';
import type { LoggingLevel } from '../protocol/logLevels';
import { connectionPrincipal } from '../auth/Principal';
import type { ConnectionPrincipal } from '../auth/Principal';

/**
 * One call in flight. Its AbortController is created only when the procedure reads its signal,
 * so calls that never look at it cost nothing; a cancel that comes first is remembered and the
 * signal is born aborted.
 */
export class InFlightCall {
  private controller: AbortController | undefined;
  private abortReason: { reason: unknown } | undefined;
  /** Set by `notifications/cancelled`: the reply is suppressed. */
  cancelled = false;

  /** @param outer - whose `context.signal` (the transport's signal for this message) is linked when the signal is created. */
  constructor(private readonly outer?: { readonly context: { readonly signal?: AbortSignal } }) {}

  /** The signal the procedure receives (created on first read). */
  get signal(): AbortSignal {
    if (this.controller) return this.controller.signal;
    const controller = (this.controller = new AbortController());
    if (this.abortReason) controller.abort(this.abortReason.reason);
    const outer = this.outer?.context.signal;
    if (outer) {
      if (outer.aborted) controller.abort(outer.reason);
      else outer.addEventListener('abort', () => controller.abort(outer.reason), { once: true });
    }
    return controller.signal;
  }

  /** Aborts the call's signal, now or when it is first read. */
  abort(reason: unknown): void {
    this.abortReason ??= { reason };
    this.controller?.abort(reason);
  }
}

/** The per-connection state the dispatcher reads and updates. */
export class Session {
  private version = DEFAULT_NEGOTIATED_VERSION;
  private readonly inFlight = new Map<RequestId, InFlightCall>();
  private capabilities: Readonly<Record<string, unknown>> | undefined;
  private level: LoggingLevel | undefined;
  private readonly awaited = new Map<RequestId, (message: unknown) => void>();
  private connection: ConnectionPrincipal | undefined;
  private readonly endListeners = new Set<() => void>();

  /**
   * Who calls on this connection when no token says (stdio): the connection itself, under a
   * random id — so its tasks are its own, and no other connection lists or reads them.
   */
  get principal(): ConnectionPrincipal {
    return (this.connection ??= connectionPrincipal(globalThis.crypto.randomUUID()));
  }

  /** The protocol version in force: `2025-03-26` until an `initialize` succeeds. */
  get protocolVersion(): string {
    return this.version;
  }

  /** Number of calls started and not yet answered. */
  get pending(): number {
    return this.inFlight.size;
  }

  /** The capabilities the client declared in `initialize` (`undefined` before it). */
  get clientCapabilities(): Readonly<Record<string, unknown>> | undefined {
    return this.capabilities;
  }

  /** The level `logging/setLevel` set for this connection (`undefined` until then: the declaration's default applies). */
  get loggingLevel(): LoggingLevel | undefined {
    return this.level;
  }

  /** @internal Records the client's capabilities from its `initialize`. */
  initialized(capabilities: Readonly<Record<string, unknown>>): void {
    this.capabilities = capabilities;
  }

  /** @internal Records the level `logging/setLevel` asked for. */
  setLoggingLevel(level: LoggingLevel): void {
    this.level = level;
  }

  /** @internal Records the version a successful `initialize` negotiated. */
  negotiated(version: string): void {
    this.version = version;
  }

  /** @internal Registers a call that went asynchronous, so a cancel or the end of the connection reaches it. */
  begin(id: RequestId, call: InFlightCall): void {
    this.inFlight.set(id, call);
  }

  /** @internal Forgets a finished call; returns false when it was cancelled (its reply is suppressed). */
  end(id: RequestId, call: InFlightCall): boolean {
    if (this.inFlight.get(id) === call) this.inFlight.delete(id);
    return !call.cancelled;
  }

  /**
   * Calls `onResponse` when the client's response (result or error) to the request with `id`
   * that the server sent arrives on this connection — serveStdio uses it for its pings.
   */
  expectResponse(id: RequestId, onResponse: (message: unknown) => void): void {
    this.awaited.set(id, onResponse);
  }

  /**
   * The client will send nothing more (end of input): every response still awaited is settled
   * with an error, so nothing waits for an answer that cannot come.
   */
  inputEnded(): void {
    this.ended();
    const awaited = [...this.awaited.values()];
    this.awaited.clear();
    for (const onResponse of awaited) onResponse({ error: { code: LOCAL_ERROR_CODES.ConnectionClosed, message: 'the client closed its end of the connection' } });
  }

  /** @internal Stops waiting for the response to `id` (its asker gave up). */
  forgetResponse(id: RequestId): void {
    this.awaited.delete(id);
  }

  /** @internal Whether a response to the server's request `id` is awaited on this connection. */
  awaits(id: RequestId): boolean {
    return this.awaited.has(id);
  }

  /** @internal A response with `id` arrived: settles what {@link expectResponse} registered for it, with the response message. */
  responded(id: RequestId, message?: unknown): void {
    const onResponse = this.awaited.get(id);
    if (!onResponse) return;
    this.awaited.delete(id);
    onResponse(message);
  }

  /** Aborts the named request and suppresses its reply (what `notifications/cancelled` does). */
  cancel(id: RequestId, reason?: unknown): boolean {
    const call = this.inFlight.get(id);
    if (!call) return false;
    call.cancelled = true;
    call.abort(reason ?? new Error('request cancelled by the client'));
    return true;
  }

  /** Aborts every call in flight (the connection is going away); their replies are still produced. */
  abortAll(reason?: unknown): void {
    for (const call of this.inFlight.values()) call.abort(reason ?? new Error('connection closed'));
    this.ended();
  }

  /**
   * @internal Calls `listener` once when the connection ends (its input ended, or it is going
   * away): what lives as long as the connection (its listeners) lets go. Returns the function
   * that forgets `listener`.
   */
  onEnd(listener: () => void): () => void {
    this.endListeners.add(listener);
    return () => {
      this.endListeners.delete(listener);
    };
  }

  private ended(): void {
    const listeners = [...this.endListeners];
    this.endListeners.clear();
    for (const listener of listeners) listener();
  }
}
