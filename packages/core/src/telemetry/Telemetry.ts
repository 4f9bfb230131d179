/**
 * Telemetry: the `telemetry` option at work — one SERVER span per request or notification
 * (batch entries: one each), named `{mcp.method.name} {target}`, with the attributes, status and
 * parent the OpenTelemetry conventions for MCP give it, and one `mcp.server.operation.duration`
 * measurement. The dispatcher calls it where every message passes: when a message arrives, when
 * it is handled (the span is the active one while its procedure runs, so the procedure's own
 * spans are its children) and when it is refused before that. A `traceparent` in `params._meta`
 * becomes the parent; the span that was active (an HTTP server instrumentation's) is then linked.
 * Outcomes are read off the typed answer (`DispatchResult.outcome`). Whatever a client chooses is
 * bounded before it is recorded: an unknown method or protocol version is `_OTHER`, a tool name
 * only a declared tool's, and the request id, resource URI and captured content are cut to
 * {@link MAX_ATTRIBUTE_LENGTH} on spans. What
 * spans of one (method, tool, protocol version, kind of peer) share — the name, the bounded
 * attributes, the metric's attributes — is built once and reused, so a message costs one
 * attribute object (its id and address added) on top of what the OpenTelemetry API does.
 */
import { ErrorCodes } from '../faults/ErrorCodes';
import type { PeerInfo } from './PeerInfo';
import { builtInParent } from './w3cTraceparent';
import { isObject } from '../guards';
import { claimOf } from '../protocol/meta';
import { METHOD } from '../protocol/methodNames';
import { ATTR, CALLER_CODES, CANCELLED, DURATION_METRIC, EXECUTE_TOOL, MAX_ATTRIBUTE_LENGTH, OTHER_METHOD, SPAN_KIND_SERVER, STATUS_ERROR, TOOL_ERROR, recordedVersion, truncated } from './conventions';
import type { TelemetryApi, TelemetryAttributes, TelemetryContext, TelemetryHistogram, TelemetryOptions, TelemetrySpan, TelemetrySpanOptions, TelemetryTracer } from './TelemetryOptions';

/*
 * What telemetry reads of the dispatcher's objects, described here by shape (the dispatcher's
 * envelope, DispatchContext and DispatchResult fit them), so telemetry does not import dispatch.
 */

/** A JSON-RPC request id. */
type RequestId = string | number;

/** A message read as far as its envelope. */
interface Envelope {
  readonly id: RequestId | undefined;
  readonly method: string;
  readonly params: unknown;
}

/** What the transport says of a message: where it came from, its abort signal, the version it claims. */
interface DispatchContext {
  peer?(): PeerInfo | undefined;
  readonly signal?: AbortSignal;
  readonly protocolVersion?: string;
  readonly session?: { readonly protocolVersion: string };
}

/** What a request acts on, resolved by the dispatcher: a declared tool, a resource, a prompt. */
interface NamedTarget {
  readonly kind: string;
  readonly name: string;
}

/** The methods the dispatcher knows, each with the kind of target it resolves (`tool`, `resource`) or none. */
export type KnownMethods = ReadonlyMap<string, string | undefined>;

/** An answer: the JSON-RPC response text (`''` when nothing is sent) and what it says, typed. */
interface DispatchResult {
  readonly body: string;
  readonly outcome?:
    | { readonly kind: 'error'; readonly code: number; readonly message: string }
    | ResultOutcome;
}

/** A result, typed: written as its procedure's side made it by the writer's {@link ResultJson}. */
interface ResultOutcome {
  readonly kind: 'result';
  readonly isError: boolean;
  /** Its object's text without the closing brace (the era's fields are not in it). */
  readonly open: string;
  /** The members of its own `_meta` (JSON text without braces). */
  readonly meta?: string;
}

/** The JSON text of a result as its procedure's side made it — its own `_meta`, not the era's fields (the dispatcher's writer gives it). */
export type ResultJson = (result: ResultOutcome) => string;

/**
 * What every span of one (method, tool, protocol version, kind of peer) shares, built once: its
 * name and the bounded attributes the span and the metric carry (frozen: spread into each span's
 * own attributes, and passed as they are to the histogram).
 */
interface Shape {
  readonly name: string;
  readonly toolsCall: boolean;
  /** A stream the client ends by closing it (subscriptions/listen): no answer is its normal end, not a cancellation. */
  readonly closedByClient: boolean;
  readonly common: TelemetryAttributes;
  /** The peer fields `common` was built from. */
  readonly transport: string | undefined;
  readonly protocol: string | undefined;
  readonly protocolVersion: string | undefined;
  /** The metric's attributes of a failed message, by `error.type` and status code, built on first use. */
  readonly failures: Map<string, TelemetryAttributes>;
}

/** Shapes by protocol version (`''`: none), each a short list by kind of peer. */
type ShapeTable = Map<string, Shape[]>;

/** Tools, kinds of peer per (method, tool, version), and failure variants per shape kept; past these, shapes are built per message. */
const MAX_TOOLS = 4096;
const MAX_PEER_KINDS = 8;
const MAX_FAILURES = 32;

/** An invalid trace id: the span context of the no-op tracer's span without a parent. */
const INVALID_TRACE_ID = '00000000000000000000000000000000';

/** The dispatcher's telemetry, resolved once from the option. */
export class Telemetry {
  private readonly tracer: TelemetryTracer;
  private readonly api: TelemetryApi;
  private readonly histogram: TelemetryHistogram | undefined;
  private readonly capture: boolean;
  /** `performance.timeOrigin`, read once: span times are epoch milliseconds. */
  private readonly origin = performance.timeOrigin;
  /** When the message being dispatched arrived (ms, `performance.now()`); batch entries share it. */
  private arrival = 0;
  /** Shapes of the handled messages, by method (tools/call of a declared tool: by tool). Every key is bounded: registry methods, declared tools, supported versions. */
  private readonly byMethod = new Map<string, ShapeTable>();
  private readonly byTool = new Map<string, ShapeTable>();

  /**
   * @param methods - the methods served, by name, with the kind of their target: any other is
   * recorded as `_OTHER` (so a client cannot grow span names or series), a `resource` target's
   * `params.uri` is `mcp.resource.uri`.
   * @param resultJson - a result's text for `gen_ai.tool.call.result`.
   */
  constructor(
    options: TelemetryOptions,
    private readonly methods: KnownMethods,
    private readonly resultJson: ResultJson,
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
  handled<R extends DispatchResult>(
    envelope: Envelope,
    version: string,
    context: DispatchContext,
    handle: () => R | undefined | Promise<R | undefined>,
    target?: NamedTarget,
  ): R | undefined | Promise<R | undefined> {
    const start = this.arrival || performance.now();
    const peer = context.peer?.();
    const shape = this.shapeOf(envelope, recordedVersion(version), peer, true, target);
    const { api } = this;
    const active = api.context.active();
    const parent = this.parentOf(active, envelope.params);
    const span = this.begin(shape, envelope, peer, start, active, parent);
    // a span that adds nothing to its parent (the API's no-op tracer's) is not made the active
    // one: the procedure sees the same trace context, and no context is built and entered
    const reply = parent === active && this.inert(span, active) ? handle() : api.context.with(api.trace.setSpan(parent, span), handle);
    if (!(reply instanceof Promise)) {
      this.end(span, shape, envelope.id, context, start, reply);
      return reply;
    }
    return reply.then(
      (result) => {
        this.end(span, shape, envelope.id, context, start, result);
        return result;
      },
      (error: unknown) => {
        this.end(span, shape, envelope.id, context, start, undefined, error);
        throw error;
      },
    );
  }

  /**
   * A message answered before it reached its handler (not JSON, too deep, not JSON-RPC, a refused
   * batch, an unsupported version, the modern admission ladder): its span, ended at once. Its
   * shape is built for it alone (the version it claims is the client's to choose).
   * @param envelope - the message's envelope, when it was read that far.
   */
  refused<R extends DispatchResult>(result: R, context: DispatchContext, envelope?: Envelope, target?: NamedTarget): R {
    const start = this.arrival || performance.now();
    const peer = context.peer?.();
    const shape = this.shapeOf(envelope, envelope && versionOf(envelope, context), peer, false, target);
    const active = this.api.context.active();
    const parent = this.parentOf(active, envelope?.params);
    this.end(this.begin(shape, envelope, peer, start, active, parent), shape, envelope?.id, context, start, result);
    return result;
  }

  /**
   * Whether `span` adds nothing to the `active` context's: it carries no trace context (the no-op
   * tracer's span without a parent) or the active span's own (the no-op tracer's span under one).
   * A span the SDK did not sample has a trace context of its own, so it is not inert: the
   * procedure's spans must see it (the sampler's decision passes to them through it).
   */
  private inert(span: TelemetrySpan, active: TelemetryContext): boolean {
    const own = span.spanContext();
    return own.traceId === INVALID_TRACE_ID || own === this.api.trace.getSpan(active)?.spanContext();
  }

  /** The shape of a message's spans: looked up (built the first time) for a handled message, built afresh for a refused one. */
  private shapeOf(envelope: Envelope | undefined, version: string | undefined, peer: PeerInfo | undefined, cached: boolean, target: NamedTarget | undefined): Shape {
    const method = envelope && this.methods.has(envelope.method) ? envelope.method : OTHER_METHOD;
    // only declared tools and prompts (the resolved target): an unknown name is the caller's (-32602), and must not grow span names
    // (a completion/complete names a prompt too, but is not of it: its spans keep the method's name)
    const named = (target?.kind === 'tool' || target?.kind === 'prompt') && this.methods.get(method) === target.kind ? target : undefined;
    if (!cached) return buildShape(method, this.methods.get(method) === 'tool', named, version, peer);
    const byKey = named === undefined ? this.byMethod : this.byTool;
    const key = named === undefined ? method : named.kind === 'tool' ? named.name : `prompt ${named.name}`;
    let byVersion = byKey.get(key);
    if (!byVersion) {
      byVersion = new Map();
      if (byKey.size < MAX_TOOLS) byKey.set(key, byVersion);
    }
    let kinds = byVersion.get(version ?? '');
    if (!kinds) byVersion.set(version ?? '', (kinds = []));
    for (const shape of kinds) {
      if (shape.transport === peer?.transport && shape.protocol === peer?.protocol && shape.protocolVersion === peer?.protocolVersion) return shape;
    }
    const shape = buildShape(method, this.methods.get(method) === 'tool', named, version, peer);
    if (kinds.length < MAX_PEER_KINDS) kinds.push(shape);
    return shape;
  }

  /**
   * The span's parent: the trace context of `params._meta` when it has a `traceparent` (read by
   * the configured propagator, else by the built-in W3C reader), else the active context.
   */
  private parentOf(active: TelemetryContext, params: unknown): TelemetryContext {
    const carrier = isObject(params) ? carrierOf(params._meta) : undefined;
    if (!carrier) return active;
    const extracted = this.api.propagation.extract(active, carrier);
    const read = this.api.trace.getSpan(extracted) !== this.api.trace.getSpan(active);
    return read ? extracted : builtInParent(this.api, extracted, carrier.traceparent);
  }

  /** Starts the span under `parent` (the active context, or the trace context of `params._meta`, the active span then linked). */
  private begin(shape: Shape, envelope: Envelope | undefined, peer: PeerInfo | undefined, start: number, active: TelemetryContext, parent: TelemetryContext): TelemetrySpan {
    const attributes: TelemetryAttributes = { ...shape.common };
    const id = envelope?.id;
    if (id !== undefined) attributes[ATTR.requestId] = typeof id === 'string' ? truncated(id, MAX_ATTRIBUTE_LENGTH.requestId) : String(id);
    if (peer?.address !== undefined) {
      attributes[ATTR.clientAddress] = peer.address;
      if (peer.port !== undefined) attributes[ATTR.clientPort] = peer.port;
    }
    const params = envelope?.params;
    if (envelope && isObject(params)) {
      if (typeof params.uri === 'string' && this.methods.get(envelope.method) === 'resource') attributes[ATTR.resourceUri] = truncated(params.uri, MAX_ATTRIBUTE_LENGTH.resourceUri);
      if (this.capture && shape.toolsCall) attributes[ATTR.toolArguments] = truncated(JSON.stringify(params.arguments ?? {}), MAX_ATTRIBUTE_LENGTH.content);
    }
    const options: TelemetrySpanOptions = { kind: SPAN_KIND_SERVER, attributes, startTime: this.origin + start };
    if (parent !== active) {
      const { trace } = this.api;
      const ambient = trace.getSpan(active);
      if (ambient && trace.getSpan(parent) !== ambient) options.links = [{ context: ambient.spanContext() }];
    }
    return this.tracer.startSpan(shape.name, options, parent);
  }

  /** Records the outcome on the span, ends it, and records the duration. */
  private end(span: TelemetrySpan, shape: Shape, id: RequestId | undefined, context: DispatchContext, start: number, result: DispatchResult | undefined, thrown?: unknown): void {
    const finish = performance.now();
    const answered = result?.outcome;
    const outcome = thrown !== undefined ? THROWN : answered?.kind === 'error' ? answered : NO_ERROR;
    let errorType: string | undefined;
    let statusCode: string | undefined;
    if (outcome.code === ErrorCodes.InternalError && context.signal?.aborted) {
      errorType = CANCELLED; // the client went away (HTTP) and the procedure failed with the abort
      statusCode = String(outcome.code);
    } else if (outcome.code !== undefined) {
      errorType = statusCode = String(outcome.code);
      if (!CALLER_CODES.has(outcome.code)) span.setStatus({ code: STATUS_ERROR, message: outcome.message });
    } else if (id !== undefined && (result === undefined || result.body === '') && !shape.closedByClient) {
      errorType = CANCELLED; // a request answered with nothing: the client cancelled it
    } else if (shape.toolsCall && answered?.kind === 'result' && answered.isError) {
      errorType = TOOL_ERROR;
      span.setStatus({ code: STATUS_ERROR });
    } else if (this.capture && shape.toolsCall && answered?.kind === 'result') {
      span.setAttribute(ATTR.toolResult, truncated(this.resultJson(answered), MAX_ATTRIBUTE_LENGTH.content));
    }
    if (statusCode !== undefined) span.setAttribute(ATTR.statusCode, statusCode);
    if (errorType !== undefined) span.setAttribute(ATTR.errorType, errorType);
    span.end(this.origin + finish);
    this.histogram?.record((finish - start) / 1000, errorType === undefined ? shape.common : failureOf(shape, errorType, statusCode));
  }
}

/** The outcome of an answer that is not an error. */
const NO_ERROR: { code?: number; message?: string } = Object.freeze({});

/** The outcome of a chain that threw. */
const THROWN = Object.freeze({ code: ErrorCodes.InternalError, message: 'Internal error' });

/** The span name and bounded attributes of (method, tool or prompt, version, kind of peer). */
function buildShape(method: string, toolsCall: boolean, named: NamedTarget | undefined, version: string | undefined, peer: PeerInfo | undefined): Shape {
  const common: TelemetryAttributes = { [ATTR.methodName]: method };
  if (toolsCall) common[ATTR.operationName] = EXECUTE_TOOL;
  if (named !== undefined) common[named.kind === 'tool' ? ATTR.toolName : ATTR.promptName] = named.name;
  if (version !== undefined) common[ATTR.protocolVersion] = version;
  if (peer) {
    common[ATTR.networkTransport] = peer.transport;
    if (peer.protocol !== undefined) common[ATTR.networkProtocolName] = peer.protocol;
    if (peer.protocolVersion !== undefined) common[ATTR.networkProtocolVersion] = peer.protocolVersion;
  }
  return {
    name: named === undefined ? method : `${method} ${named.name}`,
    toolsCall,
    closedByClient: method === METHOD.subscriptionsListen,
    common: sortedFrozen(common),
    transport: peer?.transport,
    protocol: peer?.protocol,
    protocolVersion: peer?.protocolVersion,
    failures: new Map(),
  };
}

/**
 * `attributes` frozen, its keys in sorted order: the SDK's `Histogram.record` sorts the keys of
 * the attributes it is given on every call (to hash them), which is quickest when they already are.
 */
function sortedFrozen(attributes: TelemetryAttributes): TelemetryAttributes {
  const sorted: TelemetryAttributes = {};
  for (const key of Object.keys(attributes).sort()) sorted[key] = attributes[key];
  return Object.freeze(sorted);
}

/** The metric's attributes of a failed message: the shape's, its `error.type` and (for a JSON-RPC error) its status code. */
function failureOf(shape: Shape, errorType: string, statusCode: string | undefined): TelemetryAttributes {
  const key = statusCode === undefined ? errorType : `${errorType} ${statusCode}`;
  let attributes = shape.failures.get(key);
  if (attributes) return attributes;
  const built: TelemetryAttributes = { ...shape.common };
  if (statusCode !== undefined) built[ATTR.statusCode] = statusCode;
  built[ATTR.errorType] = errorType;
  attributes = sortedFrozen(built);
  if (shape.failures.size < MAX_FAILURES) shape.failures.set(key, attributes);
  return attributes;
}

/**
 * The protocol version a refused message claims or its transport names, as recorded: the client
 * chooses it, so one this server does not speak is `_OTHER` (else any client could mint a
 * metric series per string it sends).
 */
function versionOf(envelope: Envelope, context: DispatchContext): string | undefined {
  const claimed = claimOf(envelope.params)?.value;
  const version = typeof claimed === 'string' ? claimed : (context.protocolVersion ?? context.session?.protocolVersion);
  return version === undefined ? undefined : recordedVersion(version);
}

/** The W3C trace context (and baggage) of a request's `_meta`, or `undefined` without a `traceparent`. */
function carrierOf(meta: unknown): Record<string, string> | undefined {
  if (!isObject(meta) || typeof meta.traceparent !== 'string') return undefined;
  const carrier: Record<string, string> = { traceparent: meta.traceparent };
  if (typeof meta.tracestate === 'string') carrier.tracestate = meta.tracestate;
  if (typeof meta.baggage === 'string') carrier.baggage = meta.baggage;
  return carrier;
}
