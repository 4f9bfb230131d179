/**
 * Telemetry: the `telemetry` option at work — one SERVER span per request or notification
 * (batch entries: one each), named `{mcp.method.name} {target}`, with the attributes, status and
 * parent the OpenTelemetry conventions for MCP give it, and one `mcp.server.operation.duration`
 * measurement. The dispatcher calls it where every message passes: when a message arrives, when
 * it is handled (the span is the active one while its procedure runs, so the procedure's own
 * spans are its children) and when it is refused before that. A `traceparent` in `params._meta`
 * becomes the parent; the span that was active (an HTTP server instrumentation's) is then linked.
 * Outcomes are read off the response text at known offsets; only error bodies are parsed.
 */
import type { ToolDeclaration } from '../declaration/ToolDeclaration';
import type { DispatchContext } from '../dispatch/Dispatcher';
import type { PeerInfo } from './PeerInfo';
import type { DispatchResult, Reply } from '../dispatch/DispatchResult';
import type { Envelope } from '../dispatch/classify';
import { idJson } from '../dispatch/jsonRpc';
import type { RequestId } from '../dispatch/jsonRpc';
import { isObject } from '../dispatch/guards';
import { claimOf } from '../protocol/meta';
import { ATTR, CALLER_CODES, CANCELLED, DURATION_METRIC, EXECUTE_TOOL, MCP_METHODS, OTHER_METHOD, RESOURCE_METHODS, SPAN_KIND_SERVER, STATUS_ERROR, TOOL_ERROR } from './conventions';
import type { TelemetryApi, TelemetryAttributes, TelemetryContext, TelemetryHistogram, TelemetryOptions, TelemetrySpan, TelemetrySpanOptions, TelemetryTracer } from './TelemetryOptions';

/** What a span is about, gathered when it starts. */
interface Facts {
  readonly id: RequestId | undefined;
  readonly name: string;
  readonly toolsCall: boolean;
  /** The attributes the span and the metric share. */
  readonly common: TelemetryAttributes;
  readonly context: DispatchContext;
  readonly peer: PeerInfo | undefined;
}

/** Every response body starts so; the member after the id (`"result"` or `"error"`) follows. */
const ID_AT = '{"jsonrpc":"2.0","id":'.length;

/** The dispatcher's telemetry, resolved once from the option. */
export class Telemetry {
  private readonly tracer: TelemetryTracer;
  private readonly api: TelemetryApi;
  private readonly histogram: TelemetryHistogram | undefined;
  private readonly capture: boolean;
  /** When the message being dispatched arrived (ms, `performance.now()`); batch entries share it. */
  private arrival = 0;

  constructor(
    options: TelemetryOptions,
    private readonly decl: ToolDeclaration,
  ) {
    this.tracer = options.tracer;
    this.api = options.api;
    this.capture = options.captureContent === true;
    this.histogram = options.meter?.createHistogram(DURATION_METRIC.name, {
      unit: DURATION_METRIC.unit,
      description: DURATION_METRIC.description,
      advice: { explicitBucketBoundaries: [...DURATION_METRIC.buckets] },
    });
  }

  /** Runs the dispatch of one message (or batch), which arrived now. */
  arrive<T>(dispatch: () => T): T {
    const outer = this.arrival; // a procedure may dispatch another message synchronously
    this.arrival = performance.now();
    try {
      return dispatch();
    } finally {
      this.arrival = outer;
    }
  }

  /** Handles one request or notification in its span (`handle` runs the pipeline: rules, handler, stamp). */
  handled(envelope: Envelope, version: string, context: DispatchContext, handle: () => Reply): Reply {
    const start = this.arrival || performance.now();
    const facts = this.facts(envelope, version, context);
    const { span, parent } = this.begin(facts, envelope, start);
    const reply = this.api.context.with(this.api.trace.setSpan(parent, span), handle);
    if (!(reply instanceof Promise)) {
      this.end(span, facts, start, reply);
      return reply;
    }
    return reply.then(
      (result) => {
        this.end(span, facts, start, result);
        return result;
      },
      (error: unknown) => {
        this.end(span, facts, start, undefined, error);
        throw error;
      },
    );
  }

  /**
   * A message answered before it reached its handler (not JSON, too deep, not JSON-RPC, a refused
   * batch, an unsupported version, the modern admission ladder): its span, ended at once.
   * @param envelope - the message's envelope, when it was read that far.
   */
  refused(result: DispatchResult, context: DispatchContext, envelope?: Envelope): DispatchResult {
    const start = this.arrival || performance.now();
    const facts = this.facts(envelope, envelope && versionOf(envelope, context), context);
    const { span } = this.begin(facts, envelope, start);
    this.end(span, facts, start, result);
    return result;
  }

  private facts(envelope: Envelope | undefined, version: string | undefined, context: DispatchContext): Facts {
    const method = envelope && MCP_METHODS.has(envelope.method) ? envelope.method : OTHER_METHOD;
    const params = envelope?.params;
    const common: TelemetryAttributes = { [ATTR.methodName]: method };
    let name = method;
    const toolsCall = method === 'tools/call';
    if (toolsCall) {
      common[ATTR.operationName] = EXECUTE_TOOL;
      const tool = isObject(params) ? params.name : undefined;
      // only declared tools: an unknown name is the caller's (-32602), and must not grow span names
      if (typeof tool === 'string' && this.decl.getTool(tool)) {
        common[ATTR.toolName] = tool;
        name = `${method} ${tool}`;
      }
    }
    if (version !== undefined) common[ATTR.protocolVersion] = version;
    const peer = context.peer?.();
    if (peer) {
      common[ATTR.networkTransport] = peer.transport;
      if (peer.protocol !== undefined) common[ATTR.networkProtocolName] = peer.protocol;
      if (peer.protocolVersion !== undefined) common[ATTR.networkProtocolVersion] = peer.protocolVersion;
    }
    return { id: envelope?.id, name, toolsCall, common, context, peer };
  }

  /** Starts the span: its parent from `params._meta` (the active span then linked), else the active context. */
  private begin(facts: Facts, envelope: Envelope | undefined, start: number): { span: TelemetrySpan; parent: TelemetryContext } {
    const { api } = this;
    const attributes: TelemetryAttributes = { ...facts.common };
    if (facts.id !== undefined) attributes[ATTR.requestId] = String(facts.id);
    const params = envelope?.params;
    const { peer } = facts;
    if (peer?.address !== undefined) {
      attributes[ATTR.clientAddress] = peer.address;
      if (peer.port !== undefined) attributes[ATTR.clientPort] = peer.port;
    }
    if (isObject(params)) {
      if (typeof params.uri === 'string' && envelope && RESOURCE_METHODS.has(envelope.method)) attributes[ATTR.resourceUri] = params.uri;
      if (this.capture && facts.toolsCall) attributes[ATTR.toolArguments] = JSON.stringify(params.arguments ?? {});
    }
    const active = api.context.active();
    const carrier = isObject(params) ? carrierOf(params._meta) : undefined;
    const options: TelemetrySpanOptions = { kind: SPAN_KIND_SERVER, attributes, startTime: epochMs(start) };
    if (!carrier) return { span: this.tracer.startSpan(facts.name, options, active), parent: active };
    const parent = api.propagation.extract(active, carrier);
    const ambient = api.trace.getSpan(active);
    if (ambient && api.trace.getSpan(parent) !== ambient) options.links = [{ context: ambient.spanContext() }];
    return { span: this.tracer.startSpan(facts.name, options, parent), parent };
  }

  /** Records the outcome on the span, ends it, and records the duration. */
  private end(span: TelemetrySpan, facts: Facts, start: number, result: DispatchResult | undefined, thrown?: unknown): void {
    const finish = performance.now();
    const metric: TelemetryAttributes = { ...facts.common };
    const outcome = thrown === undefined ? outcomeOf(result?.body ?? '', facts.id) : { code: -32603, message: 'Internal error' };
    let errorType: string | undefined;
    if (outcome.code === -32603 && facts.context.signal?.aborted) {
      errorType = CANCELLED; // the client went away (HTTP) and the procedure failed with the abort
      span.setAttribute(ATTR.statusCode, String(outcome.code));
      metric[ATTR.statusCode] = String(outcome.code);
    } else if (outcome.code !== undefined) {
      errorType = String(outcome.code);
      span.setAttribute(ATTR.statusCode, errorType);
      metric[ATTR.statusCode] = errorType;
      if (!CALLER_CODES.has(outcome.code)) span.setStatus({ code: STATUS_ERROR, message: outcome.message });
    } else if (facts.id !== undefined && (result === undefined || result.body === '')) {
      errorType = CANCELLED; // a request answered with nothing: the client cancelled it
    } else if (facts.toolsCall && result && isToolError(result.body)) {
      errorType = TOOL_ERROR;
      span.setStatus({ code: STATUS_ERROR });
    } else if (this.capture && facts.toolsCall && result) {
      span.setAttribute(ATTR.toolResult, resultJson(result.body, facts.id));
    }
    if (errorType !== undefined) {
      span.setAttribute(ATTR.errorType, errorType);
      metric[ATTR.errorType] = errorType;
    }
    span.end(epochMs(finish));
    this.histogram?.record((finish - start) / 1000, metric);
  }
}

/** The protocol version a message claims or its transport names, for a refused message. */
function versionOf(envelope: Envelope, context: DispatchContext): string | undefined {
  const claimed = claimOf(envelope.params)?.value;
  if (typeof claimed === 'string') return claimed;
  return context.protocolVersion ?? context.session?.protocolVersion;
}

/** The W3C trace context (and baggage) of a request's `_meta`, or `undefined` without a `traceparent`. */
function carrierOf(meta: unknown): Record<string, string> | undefined {
  if (!isObject(meta) || typeof meta.traceparent !== 'string') return undefined;
  const carrier: Record<string, string> = { traceparent: meta.traceparent };
  if (typeof meta.tracestate === 'string') carrier.tracestate = meta.tracestate;
  if (typeof meta.baggage === 'string') carrier.baggage = meta.baggage;
  return carrier;
}

/** The JSON-RPC error of a response, if it is one: read at its offset after a known id, else parsed. */
function outcomeOf(body: string, id: RequestId | undefined): { code?: number; message?: string } {
  if (body === '') return {};
  if (id !== undefined && !body.startsWith(',"error":', ID_AT + idJson(id).length)) return {};
  try {
    const parsed: unknown = JSON.parse(body);
    const error = isObject(parsed) ? parsed.error : undefined;
    if (!isObject(error) || typeof error.code !== 'number') return {};
    return { code: error.code, message: typeof error.message === 'string' ? error.message : undefined };
  } catch {
    return {};
  }
}

/**
 * Whether a tools/call result says `isError: true`. Its `isError` is the last member the tool
 * caller writes (the modern era appends only fixed members after it), and a string cannot hold
 * an unescaped `"isError":`, so the last occurrence is the result's own.
 */
function isToolError(body: string): boolean {
  const at = body.lastIndexOf('"isError":');
  return at >= 0 && body.startsWith('true', at + '"isError":'.length);
}

/** The result of a success response as sent (JSON text). */
function resultJson(body: string, id: RequestId | undefined): string {
  if (id === undefined) return '';
  return body.slice(ID_AT + idJson(id).length + ',"result":'.length, -1);
}

/** A `performance.now()` time as milliseconds since the epoch (what span start and end times take). */
function epochMs(now: number): number {
  return performance.timeOrigin + now;
}
