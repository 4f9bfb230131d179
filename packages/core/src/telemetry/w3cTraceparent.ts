/**
 * w3cTraceparent: the built-in reader of a W3C `traceparent` (version 00:
 * `00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>`, neither id all zeros) for a request
 * whose `_meta` carries one while no propagator that reads it is configured — with
 * `@opentelemetry/api` alone, `propagation.extract` is a no-op and the client's trace would be
 * dropped without a word. The reader makes the remote parent with the API's own
 * `trace.setSpanContext` and tells once on stderr that `tracestate` and `baggage` need a
 * propagator; an API object without `setSpanContext` gets the warning only.
 */
import { warnOnce } from '../faults/warnOnce';
import type { TelemetryApi, TelemetryContext } from './TelemetryOptions';

/** The fields of a `traceparent`. */
export interface Traceparent {
  readonly traceId: string;
  readonly spanId: string;
  readonly traceFlags: number;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** Reads a version-00 `traceparent`; `undefined` when it is malformed or names an all-zero id. */
export function parseTraceparent(value: string): Traceparent | undefined {
  const match = TRACEPARENT.exec(value.trim());
  if (!match || /^0+$/.test(match[1]) || /^0+$/.test(match[2])) return undefined;
  return { traceId: match[1], spanId: match[2], traceFlags: parseInt(match[3], 16) };
}

/** What the API may offer beyond {@link TelemetryApi}: `trace.setSpanContext` (every @opentelemetry/api 1.x has it). */
interface WithSetSpanContext {
  setSpanContext?(context: TelemetryContext, spanContext: Traceparent & { isRemote: boolean }): TelemetryContext;
}

/**
 * The parent of a request's span when the configured propagator read nothing of its
 * `traceparent`: the remote span context it names (built in), or `extracted` as it is.
 */
export function builtInParent(api: TelemetryApi, extracted: TelemetryContext, traceparent: string): TelemetryContext {
  const parsed = parseTraceparent(traceparent);
  if (!parsed) return extracted;
  const setSpanContext = (api.trace as WithSetSpanContext).setSpanContext;
  if (typeof setSpanContext !== 'function') {
    warnOnce('traceparent unread', 'a request carries a traceparent in _meta, but no propagator reads it and telemetry.api has no trace.setSpanContext: its spans start new traces. Configure one: propagation.setGlobalPropagator(new W3CTraceContextPropagator()) (@opentelemetry/core)');
    return extracted;
  }
  warnOnce('traceparent built in', 'a request carries a traceparent in _meta and no propagator reads it: toolwire read it with its built-in W3C reader (tracestate and baggage are not read). Configure one to read them: propagation.setGlobalPropagator(new W3CTraceContextPropagator()) (@opentelemetry/core)');
  return setSpanContext.call(api.trace, extracted, { ...parsed, isRemote: true });
}
