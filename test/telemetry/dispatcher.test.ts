/**
 * The telemetry option on the dispatcher: one SERVER span per request (and notification, and
 * batch entry) with the attributes, status, parent and links of the OpenTelemetry conventions
 * for MCP, the duration histogram, and opt-in content capture — checked with the SDK's in-memory
 * exporter and a metric reader.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import * as api from '@opentelemetry/api';
import { Dispatcher, META, ServiceDefinition, ToolDeclaration, integerType, toolError, withResultMeta } from '@toolwire/core';
import { Session } from '@toolwire/core/transport';
import type { CallContext, DispatchContext } from '@toolwire/core';
import { BasicTracerProvider, InMemorySpanExporter, ParentBasedSampler, SamplingDecision, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { Sampler } from '@opentelemetry/sdk-trace-base';
import { otelHarness } from './otelHarness';
import type { OtelHarness } from './otelHarness';

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const PARENT_ID = 'b7ad6b7169203331';

function service(tracer?: api.Tracer): { decl: ToolDeclaration; defs: ServiceDefinition } {
  const decl = new ToolDeclaration('otel-test', '1.0.0');
  decl.addTool('add', 'Add').addParam('a', integerType()).addParam('b', integerType());
  decl.addTool('refuse', 'A tool error');
  decl.addTool('boom', 'Throws');
  decl.addTool('slow', 'Runs until aborted');
  decl.addTool('traced', 'Makes a span of its own');
  const brief = decl.addPrompt('brief', 'A prompt').addArgument('topic').setCompletion('topic', () => ['otel']);
  const defs = new ServiceDefinition()
    .registerPrompt(brief, ({ topic }) => `Brief me on ${topic}`)
    .registerProcedure('add', (a: number, b: number) => a + b)
    .registerProcedure('refuse', () => toolError('not today'))
    .registerProcedure('boom', () => {
      throw new Error('secret detail');
    })
    .registerProcedure('slow', (context: CallContext) => new Promise((_resolve, reject) => context.signal.addEventListener('abort', () => reject(context.signal.reason), { once: true })))
    .registerProcedure('traced', async () => {
      await Promise.resolve();
      tracer?.startSpan('inner work').end();
      return 'done';
    });
  return { decl, defs };
}

const call = (id: number, name: string, args: Record<string, unknown> = {}, meta?: Record<string, unknown>): string =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) } });

const modernMeta = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({ [META.protocolVersion]: '2026-07-28', [META.clientCapabilities]: {}, ...extra });

let otel: OtelHarness;
let dispatcher: Dispatcher;
const quiet = { onError: () => undefined, missingProcedures: 'ignore' as const };

beforeEach(() => {
  otel = otelHarness();
  const { decl, defs } = service(otel.tracer);
  dispatcher = new Dispatcher(defs, decl, { ...quiet, callTimeoutMs: 50, telemetry: otel.telemetry });
});
afterEach(() => otel.close());

function only(id: number) {
  const spans = otel.spansOf(id);
  expect(spans).toHaveLength(1);
  return spans[0];
}

describe('telemetry: spans', () => {
  it('makes one SERVER span "tools/call add" with the conventions\' attributes for a successful call', async () => {
    await dispatcher.dispatch(call(1, 'add', { a: 2, b: 3 }), { protocolVersion: '2025-11-25' });
    const span = only(1);
    expect(span.name).toBe('tools/call add');
    expect(span.kind).toBe(api.SpanKind.SERVER);
    expect(span.attributes).toEqual({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'add',
      'gen_ai.operation.name': 'execute_tool',
      'jsonrpc.request.id': '1',
      'mcp.protocol.version': '2025-11-25',
    });
    expect(span.status.code).toBe(api.SpanStatusCode.UNSET);
    expect(span.ended).toBe(true);
  });

  it('names a 2026-07-28 call the same, with its version and no mcp.session.id', async () => {
    await dispatcher.dispatch(call(2, 'add', { a: 1, b: 1 }, modernMeta()), { protocolVersion: '2026-07-28' });
    const span = only(2);
    expect(span.name).toBe('tools/call add');
    expect(span.attributes['mcp.protocol.version']).toBe('2026-07-28');
    expect(span.attributes).not.toHaveProperty('mcp.session.id');
    expect(span.attributes).not.toHaveProperty('error.type');
  });

  it('marks an isError result error.type tool_error, status ERROR', async () => {
    await dispatcher.dispatch(call(3, 'refuse'));
    const span = only(3);
    expect(span.attributes['error.type']).toBe('tool_error');
    expect(span.attributes).not.toHaveProperty('rpc.response.status_code');
    expect(span.status.code).toBe(api.SpanStatusCode.ERROR);
  });

  it('records a caller error (unknown tool, -32602) with its code but does not make the span an error', async () => {
    await dispatcher.dispatch(call(4, 'nope'));
    const span = only(4);
    expect(span.name).toBe('tools/call'); // an undeclared name is not a span-name target
    expect(span.attributes).not.toHaveProperty('gen_ai.tool.name');
    expect(span.attributes['rpc.response.status_code']).toBe('-32602');
    expect(span.attributes['error.type']).toBe('-32602');
    expect(span.status.code).toBe(api.SpanStatusCode.UNSET);
  });

  it('makes an internal error (-32603) a span error with the JSON-RPC message as its description', async () => {
    await dispatcher.dispatch(call(5, 'boom'));
    const span = only(5);
    expect(span.attributes['rpc.response.status_code']).toBe('-32603');
    expect(span.attributes['error.type']).toBe('-32603');
    expect(span.status).toEqual({ code: api.SpanStatusCode.ERROR, message: 'Internal error' });
  });

  it('ends a timed-out call as tool_error after its time limit', async () => {
    const result = await dispatcher.dispatch(call(6, 'slow'));
    expect(JSON.parse(result.body).result.isError).toBe(true);
    const span = only(6);
    expect(span.attributes['error.type']).toBe('tool_error');
    const ms = (span.endTime[0] - span.startTime[0]) * 1000 + (span.endTime[1] - span.startTime[1]) / 1e6;
    expect(ms).toBeGreaterThanOrEqual(45);
  });

  it('ends a cancelled call with error.type cancelled, and gives the cancel notification its own span without a request id', async () => {
    const session = new Session();
    const context: DispatchContext = { session };
    const pending = dispatcher.dispatch(call(7, 'slow'), context);
    await dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } }), context);
    expect((await pending).body).toBe('');
    const span = only(7);
    expect(span.attributes['error.type']).toBe('cancelled');
    expect(span.status.code).toBe(api.SpanStatusCode.UNSET);
    const cancel = otel.spans().filter((s) => s.name === 'notifications/cancelled');
    expect(cancel).toHaveLength(1);
    expect(cancel[0].attributes).not.toHaveProperty('jsonrpc.request.id');
  });

  it('spans a parse error as _OTHER with -32700, not an error', async () => {
    await dispatcher.dispatch('{not json');
    const spans = otel.spans();
    expect(spans).toHaveLength(1);
    expect(spans[0].name).toBe('_OTHER');
    expect(spans[0].attributes['rpc.response.status_code']).toBe('-32700');
    expect(spans[0].status.code).toBe(api.SpanStatusCode.UNSET);
  });

  it('spans a request refused by the 2026-07-28 admission ladder (unsupported version, -32022 is a span error)', async () => {
    const result = await dispatcher.dispatch(call(8, 'add', { a: 1, b: 2 }, modernMeta({ [META.protocolVersion]: '2099-01-01' })));
    const code = JSON.parse(result.body).error.code as number;
    const span = only(8);
    expect(span.attributes['rpc.response.status_code']).toBe(String(code));
    expect(span.attributes['mcp.protocol.version']).toBe('_OTHER'); // not a version this server speaks: the client's to choose
    expect(span.status.code).toBe(api.SpanStatusCode.ERROR);
  });

  it('records a version the server does not speak as _OTHER, so refused requests cannot mint metric series', async () => {
    for (let i = 0; i < 50; i++) {
      await dispatcher.dispatch(call(500 + i, 'add', { a: 1, b: 2 }, modernMeta({ [META.protocolVersion]: `${i}-${'v'.repeat(16 * 1024)}` })));
    }
    await dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 600, method: 'tools/list' }), { protocolVersion: 'x'.repeat(4096) });
    expect(only(600).attributes['mcp.protocol.version']).toBe('_OTHER');
    const versions = new Set((await otel.durations()).map((p) => p.attributes['mcp.protocol.version']));
    expect(versions).toEqual(new Set(['_OTHER']));
  });

  it('cuts the request id, mcp.resource.uri and captured content a client sends to a bounded length on spans', async () => {
    const id = 'i'.repeat(10_000);
    await dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' }), { protocolVersion: '2025-11-25' });
    const uri = `test://${'u'.repeat(5000)}`;
    await dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 601, method: 'resources/read', params: { uri } }), { protocolVersion: '2025-11-25' });
    const [byId] = otel.spans().filter((span) => span.name === 'ping');
    expect(byId.attributes['jsonrpc.request.id']).toBe(`${'i'.repeat(127)}…`);
    expect(only(601).attributes['mcp.resource.uri']).toBe(`${uri.slice(0, 511)}…`);
    const capturing = otelHarness({ captureContent: true, global: false });
    const { decl, defs } = service();
    await new Dispatcher(defs, decl, { ...quiet, telemetry: capturing.telemetry }).dispatch(call(602, 'add', { a: 1, b: 2, pad: 'p'.repeat(40_000) }), { protocolVersion: '2025-11-25' });
    expect((capturing.spansOf(602)[0].attributes['gen_ai.tool.call.arguments'] as string).length).toBe(16 * 1024);
    await capturing.close();
  });

  it('records an unknown method as _OTHER (bounded names) with -32601', async () => {
    await dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'x/random-123' }));
    const span = only(9);
    expect(span.name).toBe('_OTHER');
    expect(span.attributes['mcp.method.name']).toBe('_OTHER');
    expect(span.attributes['rpc.response.status_code']).toBe('-32601');
  });

  it('makes one span per batch entry', async () => {
    const batch = [JSON.parse(call(10, 'add', { a: 1, b: 2 })), { jsonrpc: '2.0', id: 11, method: 'tools/list' }, { jsonrpc: '2.0', id: 12 }];
    await dispatcher.dispatch(JSON.stringify(batch), { protocolVersion: '2025-03-26' });
    expect(only(10).name).toBe('tools/call add');
    expect(only(11).name).toBe('tools/list');
    expect(otel.spans()).toHaveLength(3); // the invalid third entry too (-32600)
  });
});

describe('telemetry: trace context', () => {
  it('parents the span on params._meta traceparent, with tracestate and baggage', async () => {
    const meta = { traceparent: `00-${TRACE_ID}-${PARENT_ID}-01`, tracestate: 'vendor=1', baggage: 'tenant=acme' };
    let seen: string | undefined;
    const decl = new ToolDeclaration('ctx', '1.0.0');
    decl.addTool('peek', 'Reads the baggage');
    const defs = new ServiceDefinition().registerProcedure('peek', () => (seen = api.propagation.getBaggage(api.context.active())?.getEntry('tenant')?.value));
    const traced = new Dispatcher(defs, decl, { telemetry: otel.telemetry });
    await traced.dispatch(call(20, 'peek', {}, meta));
    const span = only(20);
    expect(span.spanContext().traceId).toBe(TRACE_ID);
    expect(span.parentSpanContext?.spanId).toBe(PARENT_ID);
    expect(span.parentSpanContext?.isRemote).toBe(true);
    expect(span.parentSpanContext?.traceState?.get('vendor')).toBe('1');
    expect(seen).toBe('acme');
  });

  it('links the ambient (HTTP) span instead of parenting on it when _meta carries a traceparent', async () => {
    const ambient = otel.tracer.startSpan('POST /mcp', { kind: api.SpanKind.SERVER });
    const meta = { traceparent: `00-${TRACE_ID}-${PARENT_ID}-01` };
    await api.context.with(api.trace.setSpan(api.context.active(), ambient), () => dispatcher.dispatch(call(21, 'add', { a: 1, b: 2 }, meta)));
    ambient.end();
    const span = only(21);
    expect(span.parentSpanContext?.spanId).toBe(PARENT_ID);
    expect(span.links.map((link) => link.context.spanId)).toEqual([ambient.spanContext().spanId]);
  });

  it('parents on the ambient span when _meta carries no trace context', async () => {
    const ambient = otel.tracer.startSpan('POST /mcp', { kind: api.SpanKind.SERVER });
    await api.context.with(api.trace.setSpan(api.context.active(), ambient), () => dispatcher.dispatch(call(22, 'add', { a: 1, b: 2 })));
    ambient.end();
    const span = only(22);
    expect(span.parentSpanContext?.spanId).toBe(ambient.spanContext().spanId);
    expect(span.links).toEqual([]);
  });

  it('makes the span active while the procedure runs, so its own spans are children', async () => {
    await dispatcher.dispatch(call(23, 'traced'));
    const span = only(23);
    const inner = otel.spans().find((s) => s.name === 'inner work');
    expect(inner?.parentSpanContext?.spanId).toBe(span.spanContext().spanId);
  });

  it('makes an unsampled span active too, so the procedure\'s spans follow the sampler\'s decision', async () => {
    const exporter = new InMemorySpanExporter();
    // samples every root span but toolwire's: the inner span is recorded only if it were made a root
    const root: Sampler = { shouldSample: (_c, _t, name) => ({ decision: name === 'tools/call traced' ? SamplingDecision.NOT_RECORD : SamplingDecision.RECORD_AND_SAMPLED }), toString: () => 'all but toolwire' };
    const tracer = new BasicTracerProvider({ sampler: new ParentBasedSampler({ root }), spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer('sampled');
    const { decl, defs } = service(tracer);
    await new Dispatcher(defs, decl, { telemetry: { api, tracer } }).dispatch(call(24, 'traced'));
    expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual([]);
  });

  it('with the API\'s no-op tracer, leaves the ambient span the active one while the procedure runs', async () => {
    const inert: api.Tracer = { startSpan: (_name, _options, context) => api.trace.wrapSpanContext(api.trace.getSpanContext(context ?? api.context.active()) ?? api.INVALID_SPAN_CONTEXT), startActiveSpan: () => undefined as never };
    let active: api.Span | undefined;
    const decl = new ToolDeclaration('ctx', '1.0.0');
    decl.addTool('peek', 'Reads the active span');
    const defs = new ServiceDefinition().registerProcedure('peek', () => void (active = api.trace.getActiveSpan()));
    const ambient = otel.tracer.startSpan('POST /mcp', { kind: api.SpanKind.SERVER });
    await api.context.with(api.trace.setSpan(api.context.active(), ambient), () => new Dispatcher(defs, decl, { telemetry: { api, tracer: inert } }).dispatch(call(25, 'peek')));
    ambient.end();
    expect(active).toBe(ambient);
  });
});

describe('telemetry: the duration metric', () => {
  it('records mcp.server.operation.duration in seconds with the conventions\' buckets and attributes', async () => {
    await dispatcher.dispatch(call(30, 'add', { a: 1, b: 2 }), { protocolVersion: '2025-11-25' });
    await dispatcher.dispatch(call(31, 'nope'), { protocolVersion: '2025-11-25' });
    const points = await otel.durations();
    const ok = points.find((p) => p.attributes['gen_ai.tool.name'] === 'add');
    expect(ok?.unit).toBe('s');
    expect(ok?.boundaries).toEqual([0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300]);
    expect(ok?.count).toBe(1);
    expect(ok?.sum).toBeLessThan(1); // seconds, not milliseconds
    expect(ok?.attributes).toEqual({ 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'add', 'gen_ai.operation.name': 'execute_tool', 'mcp.protocol.version': '2025-11-25' });
    const failed = points.find((p) => p.attributes['error.type'] === '-32602');
    expect(failed?.attributes).toEqual(expect.objectContaining({ 'rpc.response.status_code': '-32602', 'mcp.method.name': 'tools/call' }));
    expect(failed?.attributes).not.toHaveProperty('jsonrpc.request.id');
  });

  it('keeps each message its own attributes when what they share is reused: ids, peers, versions and outcomes do not leak', async () => {
    const peer = (address: string, port: number): DispatchContext['peer'] => () => ({ transport: 'tcp', protocol: 'http', protocolVersion: '1.1', address, port });
    await dispatcher.dispatch(call(32, 'add', { a: 1, b: 2 }), { protocolVersion: '2025-11-25', peer: peer('10.0.0.1', 1001) });
    await dispatcher.dispatch(call(33, 'add', { a: 1, b: 2 }), { protocolVersion: '2025-11-25', peer: peer('10.0.0.2', 1002) });
    await dispatcher.dispatch(call(34, 'add', { a: 'x', b: 2 }), { protocolVersion: '2025-11-25', peer: peer('10.0.0.2', 1002) });
    await dispatcher.dispatch(call(35, 'add', { a: 1, b: 2 }), { protocolVersion: '2025-06-18', peer: () => ({ transport: 'pipe' }) });
    await dispatcher.dispatch(call(36, 'add', { a: 1, b: 2 }), { protocolVersion: '2025-11-25', peer: peer('10.0.0.1', 1001) });
    const shared = { 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'add', 'gen_ai.operation.name': 'execute_tool' };
    const http = { ...shared, 'mcp.protocol.version': '2025-11-25', 'network.transport': 'tcp', 'network.protocol.name': 'http', 'network.protocol.version': '1.1' };
    expect(only(32).attributes).toEqual({ ...http, 'jsonrpc.request.id': '32', 'client.address': '10.0.0.1', 'client.port': 1001 });
    expect(only(33).attributes).toEqual({ ...http, 'jsonrpc.request.id': '33', 'client.address': '10.0.0.2', 'client.port': 1002 });
    expect(only(34).attributes).toEqual({ ...http, 'jsonrpc.request.id': '34', 'client.address': '10.0.0.2', 'client.port': 1002, 'error.type': 'tool_error' });
    expect(only(35).attributes).toEqual({ ...shared, 'jsonrpc.request.id': '35', 'mcp.protocol.version': '2025-06-18', 'network.transport': 'pipe' });
    expect(only(36).attributes).toEqual({ ...http, 'jsonrpc.request.id': '36', 'client.address': '10.0.0.1', 'client.port': 1001 });
    const series = (await otel.durations()).map((p) => [p.attributes, p.count]);
    expect(series).toEqual(
      expect.arrayContaining([
        [http, 3],
        [{ ...http, 'error.type': 'tool_error' }, 1],
        [{ ...shared, 'mcp.protocol.version': '2025-06-18', 'network.transport': 'pipe' }, 1],
      ]),
    );
    expect(series).toHaveLength(3);
  });
});

describe('telemetry: content capture', () => {
  it('leaves arguments and results off by default', async () => {
    await dispatcher.dispatch(call(40, 'add', { a: 2, b: 3 }));
    expect(only(40).attributes).not.toHaveProperty('gen_ai.tool.call.arguments');
    expect(only(40).attributes).not.toHaveProperty('gen_ai.tool.call.result');
  });

  it('records gen_ai.tool.call.arguments and .result with captureContent: true', async () => {
    const capturing = otelHarness({ captureContent: true, global: false });
    const { decl, defs } = service();
    await new Dispatcher(defs, decl, { telemetry: capturing.telemetry }).dispatch(call(41, 'add', { a: 2, b: 3 }), { protocolVersion: '2025-11-25' });
    const span = capturing.spansOf(41)[0];
    expect(JSON.parse(span.attributes['gen_ai.tool.call.arguments'] as string)).toEqual({ a: 2, b: 3 });
    expect(JSON.parse(span.attributes['gen_ai.tool.call.result'] as string)).toEqual(expect.objectContaining({ content: [{ type: 'text', text: '5' }], isError: false }));
    await capturing.close();
  });

  it.each(['2025-11-25', '2026-07-28'])('records a withResultMeta result with its own _meta and nothing the era adds (%s)', async (version) => {
    const capturing = otelHarness({ captureContent: true, global: false });
    const decl = new ToolDeclaration('otel-meta', '1.0.0');
    decl.addTool('noted', 'A result with its own _meta');
    const defs = new ServiceDefinition().registerProcedure('noted', () => withResultMeta('ok', { 'example.com/note': 1 }));
    const modern = version === '2026-07-28';
    const answered = await new Dispatcher(defs, decl, { telemetry: capturing.telemetry }).dispatch(call(42, 'noted', {}, modern ? modernMeta() : undefined), { protocolVersion: version });
    expect(JSON.parse(answered.body).result._meta).toEqual({ 'example.com/note': 1, ...(modern ? { [META.serverInfo]: { name: 'otel-meta', version: '1.0.0' } } : {}) });
    const span = capturing.spansOf(42)[0];
    expect(JSON.parse(span.attributes['gen_ai.tool.call.result'] as string)).toEqual({ content: [{ type: 'text', text: 'ok' }], isError: false, _meta: { 'example.com/note': 1 } });
    await capturing.close();
  });
});

describe('telemetry: the option', () => {
  const { decl, defs } = service();
  const startSpan = (): undefined => undefined;
  it.each([
    [{ tracer: {} }, /telemetry\.tracer/],
    [{ tracer: { startSpan } }, /telemetry\.api/],
    [{ tracer: { startSpan }, api, meter: 1 }, /telemetry\.meter/],
    [{ tracer: { startSpan }, api, captureContent: 'yes' }, /telemetry\.captureContent/],
    [{ tracer: { startSpan }, api, sampler: 1 }, /"sampler"/],
  ])('refuses a malformed telemetry option %# with a TypeError naming the member', (telemetry, message) => {
    expect(() => new Dispatcher(defs, decl, { telemetry } as never)).toThrow(message);
  });

  it('loads no OpenTelemetry module: the built core and a dispatch leave @opentelemetry out of the module cache', () => {
    const core = join(__dirname, '../../packages/core/dist/cjs/index.js'); // what require('@toolwire/core') loads
    const script = `
      const c = require(${JSON.stringify(core)});
      const decl = new c.ToolDeclaration('x', '1'); decl.addTool('ping', 'p');
      const d = new c.Dispatcher(new c.ServiceDefinition().registerProcedure('ping', () => 'pong'), decl);
      d.dispatchSync('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ping"}}');
      console.log(Object.keys(require.cache).filter((k) => k.includes('@opentelemetry')).length);`;
    expect(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim()).toBe('0');
  });

  it('calls nothing of OpenTelemetry without the option', async () => {
    const plain = new Dispatcher(defs, decl, quiet);
    await plain.dispatch(call(50, 'add', { a: 1, b: 2 }));
    expect(otel.spans()).toHaveLength(0);
    expect(await otel.durations()).toEqual([]);
  });
});

describe('telemetry: prompts and completion', () => {
  const get = (id: number, name: string, args: Record<string, unknown> = {}) => JSON.stringify({ jsonrpc: '2.0', id, method: 'prompts/get', params: { name, arguments: args } });

  it('makes one SERVER span "prompts/get brief" with gen_ai.prompt.name', async () => {
    await dispatcher.dispatch(get(201, 'brief', { topic: 'spans' }), { protocolVersion: '2025-11-25' });
    const span = only(201);
    expect(span.name).toBe('prompts/get brief');
    expect(span.attributes).toEqual({ 'mcp.method.name': 'prompts/get', 'gen_ai.prompt.name': 'brief', 'jsonrpc.request.id': '201', 'mcp.protocol.version': '2025-11-25' });
  });

  it('does not name a span after an undeclared prompt (-32602)', async () => {
    await dispatcher.dispatch(get(202, 'nope'), { protocolVersion: '2025-11-25' });
    const span = only(202);
    expect(span.name).toBe('prompts/get');
    expect(span.attributes['error.type']).toBe('-32602');
  });

  it('makes a "completion/complete" span', async () => {
    const message = JSON.stringify({ jsonrpc: '2.0', id: 203, method: 'completion/complete', params: { ref: { type: 'ref/prompt', name: 'brief' }, argument: { name: 'topic', value: 'o' } } });
    await dispatcher.dispatch(message, { protocolVersion: '2025-11-25' });
    expect(only(203).name).toBe('completion/complete');
  });
});
