/**
 * DispatchContext: the transport's side of the contract — what a transport knows about the
 * message it hands the dispatcher (the version it claims, its abort signal, its headers, the
 * connection, the verified token, where notifications go, where it came from).
 */
import type { Session } from './Session';
import type { Access } from '../auth/Access';
import type { Era } from '../protocol/profile';
import type { PeerInfo } from '../telemetry/PeerInfo';

/** What the transport knows about the message it dispatches. */
export interface DispatchContext {
  /**
   * The protocol version the message claims (HTTP: the `MCP-Protocol-Version` header). When
   * absent, the session's negotiated version, else `2025-03-26`. An unsupported value rejects
   * every message but `initialize`.
   */
  protocolVersion?: string;
  /**
   * Aborts the procedures this message starts (HTTP: the client went away): the client cancelled
   * it, so a call that settles after it aborted is answered with nothing, and `onError` is not told.
   */
  signal?: AbortSignal;
  /** The transport's request object, passed to procedures as `context.request`. */
  request?: unknown;
  /** The connection's state (stdio); stateless transports leave it out. */
  session?: Session;
  /**
   * The request's HTTP headers by lower-case name (`undefined` when absent), for the modern
   * era's header checks (`Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`). Transports without headers
   * (stdio) leave it out, and those checks do not apply.
   */
  header?(name: string): string | undefined;
  /**
   * Whether the request carried header `name` (lower-case) on more than one line. Transports that
   * can tell (node:http, Express) say so, and a repeated `MCP-Protocol-Version`, `Mcp-Method`,
   * `Mcp-Name` or `Mcp-Param-*` is refused (-32020) instead of being compared as its joined value.
   * The Fetch API joins repeated headers before a handler sees them, so the fetch transport
   * cannot tell: there a repeat is compared joined (`a, b`), which refuses all but a value that
   * itself reads `a, b`.
   */
  headerRepeated?(name: string): boolean;
  /**
   * The request's verified authorization (HTTP with the `auth` option: `HttpRules.authenticate`).
   * With it, tools/call refuses a tool whose scopes the token lacks (403) and procedures see
   * `context.auth`; without it (stdio, open HTTP) no scope is checked.
   */
  access?: Access;
  /**
   * Where the notifications of this message's tool calls go (`notifications/progress`,
   * `notifications/message`), each as one JSON-RPC message text, before the response is
   * returned. Core decides whether to send at all (a progress token, the logging level) and
   * sends nothing once a call is answered or cancelled; the transport frames and writes (stdio:
   * in the request's framing; HTTP: switching the response to `text/event-stream`, or dropping
   * it when the client does not accept that). Without it, notifications are dropped.
   * It is called as a method (`context.notify(json, era)`), so a class may implement it; `era`
   * is the request's (stdio sends no ping barrier after a 2026-07-28 request's notifications).
   */
  notify?(json: string, era?: Era): void;
  /**
   * Whether {@link notify} can carry a stream of notifications (HTTP: the client accepts
   * `text/event-stream` and is still there). A `subscriptions/listen` without one is refused.
   * Absent: whether `notify` is.
   */
  canStream?(): boolean;
  /** Writes a keep-alive on a streamed response that has been idle (HTTP: an SSE comment); absent where none is needed (stdio). */
  heartbeat?(): void;
  /**
   * Where the message came from (`network.transport`, the client's address and port), for the
   * `telemetry` option's spans, the `audit` option's `transport` and the `rateLimit` option's key
   * of an anonymous HTTP caller (its address): called only when one of those options is on, so a
   * transport may work it out on demand. HTTP transports answer `tcp` with protocol `http` (with
   * the address when they see the socket), stdio `pipe`.
   */
  peer?(): PeerInfo | undefined;
}
