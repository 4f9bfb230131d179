/**
 * TelemetryOptions: the `telemetry` option every factory that takes dispatcher options accepts —
 * a `Tracer` (and optionally a `Meter`) from `@opentelemetry/api` and that API itself — described
 * here by the few members core calls, so core neither depends on nor loads `@opentelemetry/api`:
 * the user's objects are used as they are, and without the option nothing of OpenTelemetry runs.
 * The option is checked once, when the dispatcher is made.
 */

/** Attribute values as OpenTelemetry takes them (core sets strings, numbers and booleans only). */
export type TelemetryAttributes = Record<string, string | number | boolean | undefined>;

/** An OpenTelemetry `Context` (opaque to core: it only passes it back to the API). */
export type TelemetryContext = object;

/** An OpenTelemetry `SpanContext`: what a link points at. */
export interface TelemetrySpanContext {
  readonly traceId: string;
  readonly spanId: string;
  readonly traceFlags: number;
}

/** The members of an OpenTelemetry `Span` core calls. */
export interface TelemetrySpan {
  setAttribute(key: string, value: string | number | boolean): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  spanContext(): TelemetrySpanContext;
  end(endTime?: number): void;
}

/** What core passes to `Tracer.startSpan` (a subset of the API's `SpanOptions`). */
export interface TelemetrySpanOptions {
  kind?: number;
  attributes?: TelemetryAttributes;
  links?: { context: TelemetrySpanContext }[];
  startTime?: number;
}

/** An OpenTelemetry `Tracer` (`trace.getTracer(name, version)`). */
export interface TelemetryTracer {
  startSpan(name: string, options?: TelemetrySpanOptions, context?: TelemetryContext): TelemetrySpan;
}

/** An OpenTelemetry `Histogram`. */
export interface TelemetryHistogram {
  record(value: number, attributes?: TelemetryAttributes, context?: TelemetryContext): void;
}

/** An OpenTelemetry `Meter` (`metrics.getMeter(name, version)`). */
export interface TelemetryMeter {
  createHistogram(name: string, options?: { description?: string; unit?: string; advice?: { explicitBucketBoundaries?: number[] } }): TelemetryHistogram;
}

/**
 * The parts of the `@opentelemetry/api` module core uses: the active context (the span of an
 * HTTP server instrumentation, which a request's own trace context links to), the configured
 * propagator (which reads `traceparent`, `tracestate` and `baggage` from `params._meta`), and
 * the span a context carries. Pass the module itself (its namespace import, `api` below).
 */
export interface TelemetryApi {
  readonly context: {
    active(): TelemetryContext;
    with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(context: TelemetryContext, fn: F, thisArg?: ThisParameterType<F>, ...args: A): ReturnType<F>;
  };
  readonly propagation: {
    extract(context: TelemetryContext, carrier: Record<string, string>): TelemetryContext;
  };
  readonly trace: {
    getSpan(context: TelemetryContext): TelemetrySpan | undefined;
    setSpan(context: TelemetryContext, span: TelemetrySpan): TelemetryContext;
  };
}

/**
 * The `telemetry` option: one SERVER span per request (and notification) and the
 * `mcp.server.operation.duration` histogram, after the OpenTelemetry semantic conventions for MCP.
 * @example
 * // api: the namespace import of the `@opentelemetry/api` module
 * mcpRouter(decl, defs, { telemetry: { api, tracer: api.trace.getTracer('my-server'), meter: api.metrics.getMeter('my-server') } });
 */
export interface TelemetryOptions {
  /** Makes the spans: `api.trace.getTracer('my-server', '1.0.0')`. */
  tracer: TelemetryTracer;
  /** The `@opentelemetry/api` module the tracer comes from (its context, propagation and trace). */
  api: TelemetryApi;
  /** Records `mcp.server.operation.duration` (seconds); without it no metric is recorded. */
  meter?: TelemetryMeter;
  /**
   * Record each tools/call's `arguments` and result (as JSON text) on its span, as
   * `gen_ai.tool.call.arguments` and `gen_ai.tool.call.result` (default false). They may hold
   * personal or secret data: turn this on only where traces are as protected as the data.
   */
  captureContent?: boolean;
}

/**
 * Checks the `telemetry` option: an object with a tracer, the API module, an optional meter and
 * an optional boolean; the message names the member that is wrong.
 * @returns the problem, or `undefined` when the option is well-formed.
 */
export function telemetryProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `an object { tracer, api, meter?, captureContent? }, got ${describeArgument(value)}`;
  const option = value as Record<string, unknown>;
  for (const name of Object.keys(option)) {
    if (!MEMBERS.includes(name)) return `only ${MEMBERS.join(', ')}, got "${name}"`;
  }
  if (!hasMethods(option.tracer, ['startSpan'])) return `telemetry.tracer to be an OpenTelemetry Tracer (with startSpan), got ${describeArgument(option.tracer)}`;
  const api = option.api as Record<string, unknown> | undefined;
  if (!hasMethods(api?.context, ['active', 'with']) || !hasMethods(api?.propagation, ['extract']) || !hasMethods(api?.trace, ['getSpan', 'setSpan'])) {
    return `telemetry.api to be the @opentelemetry/api module (its namespace import), got ${describeArgument(option.api)}`;
  }
  if (option.meter !== undefined && !hasMethods(option.meter, ['createHistogram'])) return `telemetry.meter to be an OpenTelemetry Meter (with createHistogram), got ${describeArgument(option.meter)}`;
  if (option.captureContent !== undefined && typeof option.captureContent !== 'boolean') return `telemetry.captureContent to be a boolean, got ${describeArgument(option.captureContent)}`;
  return undefined;
}

const MEMBERS = ['tracer', 'api', 'meter', 'captureContent'];

/** What a wrong member was, for the message (setup's describeArgument would make an import cycle). */
function describeArgument(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  if (typeof value === 'object') return 'an object without those methods';
  return typeof value === 'undefined' ? 'undefined' : `${typeof value} ${String(value)}`;
}

function hasMethods(value: unknown, names: readonly string[]): boolean {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  return names.every((name) => typeof (value as Record<string, unknown>)[name] === 'function');
}
