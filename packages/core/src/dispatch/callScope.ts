/**
 * callScope: what a tool call's context learns from where its request came from — the client's
 * capabilities and the logging level in force — looked up in one place, so each era supplies its
 * own values. Legacy: the connection's Session (from `initialize` and `logging/setLevel`) on
 * stdio; over stateless HTTP the capabilities are unknown and the declaration's default level
 * applies. The modern era (2026-07-28) reads both from the request's `_meta`: its
 * `clientCapabilities`, and its `logLevel` — without one, nothing is logged for that request.
 */
import type { LoggingLevel } from '../protocol/logLevels';
import type { InboundRequest } from './Inbound';

const UNKNOWN_CAPABILITIES: Readonly<Record<string, unknown>> = Object.freeze({});

/** The capabilities the client declared, as far as this request can know them (`{}` when unknown). */
export function clientCapabilitiesOf(request: InboundRequest): Readonly<Record<string, unknown>> {
  return request.meta?.clientCapabilities ?? request.context.session?.clientCapabilities ?? UNKNOWN_CAPABILITIES;
}

/** The capabilities the client declared, or `undefined` where this request cannot know them (stateless legacy HTTP). */
export function knownClientCapabilitiesOf(request: InboundRequest): Readonly<Record<string, unknown>> | undefined {
  return request.meta?.clientCapabilities ?? request.context.session?.clientCapabilities;
}

/**
 * The lowest level a `log()` of this request sends; `undefined` sends nothing.
 * @param defaultLevel - the declaration's level when logging is on, `undefined` when it is off.
 */
export function loggingLevelOf(request: InboundRequest, defaultLevel: LoggingLevel | undefined): LoggingLevel | undefined {
  if (defaultLevel === undefined) return undefined;
  if (request.meta) return request.meta.logLevel;
  return request.context.session?.loggingLevel ?? defaultLevel;
}
