/**
 * AuditEvent: the record the `audit` option writes for each `tools/call`, `resources/read` and
 * `prompts/get` — who called what, on which protocol version and transport, and how it ended —
 * and the options that choose where events go and whether argument and result values are kept.
 */

/** How an audited request ended; `cancelled`: its client cancelled it (or went away), and it was answered with nothing. */
export type AuditOutcome = 'ok' | 'tool_error' | 'error' | 'refused' | 'cancelled';

/** The caller named by a verified token; `null` in an event when none names it (stdio, an open HTTP endpoint). */
export interface AuditPrincipal {
  readonly issuer: string | null;
  readonly subject: string | null;
  readonly clientId: string | null;
}

/** One audited request. */
export interface AuditEvent {
  /** When the request arrived (ISO 8601, UTC). */
  readonly time: string;
  readonly principal: AuditPrincipal | null;
  /** `tools/call`, `resources/read` or `prompts/get`. */
  readonly method: string;
  /** The tool of a tools/call (as the client named it, cut to 256 characters). */
  readonly tool?: string;
  /** The URI of a resources/read (cut to 256 characters). */
  readonly resource?: string;
  /** The prompt of a prompts/get (cut to 256 characters). */
  readonly prompt?: string;
  /** The protocol version the request was served under (as claimed, when it was refused before). */
  readonly protocolVersion: string;
  /** `http`, `stdio`, or `in-process` (a Dispatcher called directly). */
  readonly transport: 'http' | 'stdio' | 'in-process';
  readonly requestId: string | number;
  /** The task a tools/call created, when it created one. */
  readonly taskId?: string;
  readonly outcome: AuditOutcome;
  /** The JSON-RPC error code, for `error` and `refused`. */
  readonly code?: number;
  /** The rule that refused it (`scopes`, `rateLimit`, `concurrency`, `admission` …), for `refused`. */
  readonly rule?: string;
  /** From arrival to answer, in ms. */
  readonly durationMs: number;
  /** The request's arguments (tools/call, prompts/get), only when the `values` hook returned them. */
  readonly arguments?: unknown;
  /** The result as sent, only when the `values` hook returned it. */
  readonly result?: unknown;
}

/** Argument and result values of one request, offered to the `values` hook. */
export interface AuditValues {
  readonly arguments?: unknown;
  readonly result?: unknown;
}

/** Where events go: a function; a returned Promise holds the next event back until it settles (backpressure). */
export type AuditSink = (event: AuditEvent) => void | Promise<void>;

/** The `audit` option. */
export interface AuditOptions {
  /** Receives every event, in order, off the request's path (`jsonLinesAudit(stream)` writes JSON lines). */
  readonly sink: AuditSink;
  /**
   * Most events waiting for the sink (default 10,000). When full, new events are dropped —
   * never the call — and the drops are counted and reported to the error policy (`onError`).
   */
  readonly maxQueue?: number;
  /**
   * Keeps argument and result values in events: called with them and the event, it returns what
   * to keep (redacted), or `undefined` to keep none. Without it events hold no values at all.
   * @example values: ({ arguments: args }) => ({ arguments: { ...args, password: '[redacted]' } })
   */
  readonly values?: (values: AuditValues, event: AuditEvent) => AuditValues | undefined;
}
