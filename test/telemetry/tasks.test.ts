/**
 * The telemetry option and tasks (2026-07-28, `io.modelcontextprotocol/tasks`), over the
 * dispatcher and over HTTP (mcpRouter on Express, mcpFetchHandler): the tools/call that creates a
 * task gets its SERVER span `tools/call <tool>` like any call (ended when the CreateTaskResult is
 * answered, status unset); each `tasks/get`, `tasks/update` and `tasks/cancel` gets a span of its
 * own, named by its method alone (the task id is no target); spans the procedure makes inside the task are
 * children of the creating span; a task's own failure (an `isError` result, a thrown error, a
 * cancel) is not a span error — the tasks/get that reports it succeeded. The conventions say
 * nothing of tasks; this is toolwire's reading, documented in packages/core/README.md.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as api from '@opentelemetry/api';
import express from 'express';
import { Dispatcher, ServiceDefinition, ToolDeclaration, integerType, toolError } from '@toolwire/core';
import type { CallContext, DispatcherOptions } from '@toolwire/core';
import { mcpRouter } from '@toolwire/express';
import { mcpFetchHandler } from '@toolwire/fetch';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { otelHarness } from './otelHarness';
import type { OtelHarness } from './otelHarness';

const MODERN = '2026-07-28';
const EXT = 'io.modelcontextprotocol/tasks';
const CONFIRM_SCHEMA = { type: 'object' as const, properties: { ok: { type: 'boolean' } }, required: ['ok'] };

function service(otel: OtelHarness): { decl: ToolDeclaration; defs: ServiceDefinition } {
  const decl = new ToolDeclaration('otel-tasks', '1.0.0');
  decl.addTool('add', 'Add, as a task').addParam('a', integerType()).addParam('b', integerType()).setTaskSupport('optional');
  decl.addTool('refuse', 'An isError result, as a task').setTaskSupport('optional');
  decl.addTool('boom', 'Throws, as a task').setTaskSupport('optional');
  decl.addTool('slow', 'Runs until cancelled').setTaskSupport('optional');
  decl.addTool('confirm', 'Asks once').setTaskSupport('optional');
  decl.addTool('traced', 'Makes a span of its own inside the task').setTaskSupport('optional');
  const defs = new ServiceDefinition()
    .registerProcedure('add', (a: number, b: number) => a + b)
    .registerProcedure('refuse', () => toolError('not today'))
    .registerProcedure('boom', () => {
      throw new Error('secret detail');
    })
    .registerProcedure('slow', (ctx: CallContext) => new Promise((_resolve, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason), { once: true })))
    .registerProcedure('confirm', async (ctx: CallContext) => `confirmed: ${String((await ctx.elicit({ message: 'Sure?', requestedSchema: CONFIRM_SCHEMA })).content?.ok)}`)
    .registerProcedure('traced', async () => {
      await Promise.resolve();
      otel.tracer.startSpan('inner work').end();
      return 'traced';
    });
  return { decl, defs };
}

interface Reply {
  id?: number;
  result?: Record<string, unknown> & { taskId?: string; status?: string };
  error?: { code: number };
}

/** Sends one 2026-07-28 request (the extension declared unless `capabilities` says otherwise) and returns the reply. */
type Send = (id: number, method: string, params: Record<string, unknown>, capabilities?: Record<string, unknown>) => Promise<Reply>;

interface Served {
  readonly send: Send;
  /** The attributes every span of this transport carries (beyond the method's own). */
  readonly network: Record<string, unknown>;
  close(): Promise<void>;
}

const message = (id: number, method: string, params: Record<string, unknown>, capabilities: Record<string, unknown>): string =>
  JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': capabilities } } });

const WITH_TASKS = { extensions: { [EXT]: {} }, elicitation: {} };

/** The standard 2026-07-28 headers of a request: `Mcp-Name` is the tool for tools/call and the task id for tasks/*. */
function headersOf(method: string, params: Record<string, unknown>): Record<string, string> {
  const name = method === 'tools/call' ? params.name : params.taskId;
  return {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': MODERN,
    'mcp-method': method,
    ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
  };
}

const transports: Record<string, (options: DispatcherOptions, otel: OtelHarness) => Promise<Served>> = {
  async dispatcher(options, otel) {
    const { decl, defs } = service(otel);
    const dispatcher = new Dispatcher(defs, decl, options);
    return {
      network: {},
      send: async (id, method, params, capabilities = WITH_TASKS) => JSON.parse((await dispatcher.dispatch(message(id, method, params, capabilities), { protocolVersion: MODERN })).body) as Reply,
      close: async () => undefined,
    };
  },
  async mcpRouter(options, otel) {
    const { decl, defs } = service(otel);
    const app = express();
    app.use('/mcp', mcpRouter(decl, defs, options));
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    return {
      network: { 'network.transport': 'tcp', 'network.protocol.name': 'http', 'client.address': '127.0.0.1' },
      send: async (id, method, params, capabilities = WITH_TASKS) =>
        (await fetch(url, { method: 'POST', headers: headersOf(method, params), body: message(id, method, params, capabilities) })).json() as Promise<Reply>,
      close: () => {
        server.closeAllConnections();
        return new Promise((resolve) => server.close(() => resolve()));
      },
    };
  },
  async mcpFetchHandler(options, otel) {
    const { decl, defs } = service(otel);
    const handle = mcpFetchHandler(decl, defs, options);
    return {
      network: { 'network.transport': 'tcp', 'network.protocol.name': 'http' },
      send: async (id, method, params, capabilities = WITH_TASKS) =>
        (await handle(new Request('http://localhost/mcp', { method: 'POST', headers: headersOf(method, params), body: message(id, method, params, capabilities) }))).json() as Promise<Reply>,
      close: async () => undefined,
    };
  },
};

describe.each(Object.keys(transports))('telemetry of tasks over %s', (name) => {
  let otel: OtelHarness;
  let served: Served;
  let nextId = 1;
  beforeEach(async () => {
    otel = otelHarness();
    served = await transports[name]({ telemetry: otel.telemetry, onError: () => undefined }, otel);
  });
  afterEach(async () => {
    await served.close();
    await otel.close();
  });

  /** Creates a task of `tool`: the request id and the task id. */
  async function create(tool: string, args: Record<string, unknown> = {}): Promise<{ id: number; taskId: string }> {
    const id = nextId++;
    const reply = await served.send(id, 'tools/call', { name: tool, arguments: args });
    expect(reply.result).toEqual(expect.objectContaining({ resultType: 'task', taskId: expect.any(String) }));
    return { id, taskId: reply.result!.taskId! };
  }

  /** Polls tasks/get until the task leaves `working`; the ids of the polls and the last answer. */
  async function poll(taskId: string): Promise<{ ids: number[]; last: Reply }> {
    const ids: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const id = nextId++;
      ids.push(id);
      const last = await served.send(id, 'tasks/get', { taskId });
      if (last.result?.status !== 'working') return { ids, last };
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error(`task ${taskId} still working after 1,000 polls`);
  }

  const only = (id: number): ReadableSpan => {
    const spans = otel.spansOf(id);
    expect(spans).toHaveLength(1);
    return spans[0];
  };

  /** The attributes of a tasks/* span: its method and the request's facts, no tool, no error. */
  const taskMethodAttributes = (method: string, id: number): Record<string, unknown> => ({ 'mcp.method.name': method, 'jsonrpc.request.id': String(id), 'mcp.protocol.version': MODERN, ...served.network });

  it('spans the tools/call that creates a task as "tools/call <tool>", ended with the CreateTaskResult, status unset', async () => {
    const { id, taskId } = await create('add', { a: 2, b: 3 });
    const span = only(id); // ended by the time the CreateTaskResult is read
    expect(span.name).toBe('tools/call add');
    expect(span.kind).toBe(api.SpanKind.SERVER);
    expect(span.attributes).toEqual(expect.objectContaining({ 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'add', 'gen_ai.operation.name': 'execute_tool', 'jsonrpc.request.id': String(id), 'mcp.protocol.version': MODERN, ...served.network }));
    expect(span.attributes).not.toHaveProperty('error.type');
    expect(span.attributes).not.toHaveProperty('rpc.response.status_code');
    expect(span.attributes).not.toHaveProperty('mcp.session.id');
    expect(span.status.code).toBe(api.SpanStatusCode.UNSET);
    const { ids, last } = await poll(taskId);
    expect(last.result).toEqual(expect.objectContaining({ status: 'completed', result: expect.objectContaining({ content: [{ type: 'text', text: '5' }] }) }));
    // one span per tasks/get, named by the method alone: the task id is neither target nor attribute
    for (const pollId of ids) {
      const get = only(pollId);
      expect([get.name, get.kind, get.status.code]).toEqual(['tasks/get', api.SpanKind.SERVER, api.SpanStatusCode.UNSET]);
      expect(get.attributes).toEqual(expect.objectContaining(taskMethodAttributes('tasks/get', pollId)));
      expect(get.attributes).not.toHaveProperty('gen_ai.tool.name');
      expect(get.attributes).not.toHaveProperty('error.type');
      expect(Object.values(get.attributes)).not.toContain(taskId);
    }
    // the create's span ended before the first poll began
    const first = only(ids[0]);
    expect(span.endTime[0] * 1e9 + span.endTime[1]).toBeLessThanOrEqual(first.startTime[0] * 1e9 + first.startTime[1]);
  });

  it('records the task methods in mcp.server.operation.duration under their own method name', async () => {
    const { taskId } = await create('add', { a: 1, b: 1 });
    const { ids } = await poll(taskId);
    const points = await otel.durations();
    const gets = points.filter((p) => p.attributes['mcp.method.name'] === 'tasks/get');
    expect(gets.reduce((n, p) => n + p.count, 0)).toBe(ids.length);
    expect(gets.every((p) => p.unit === 's' && !('error.type' in p.attributes))).toBe(true);
  });

  it('makes a span the procedure starts inside the task a child of the creating tools/call span', async () => {
    const { id, taskId } = await create('traced');
    expect((await poll(taskId)).last.result?.status).toBe('completed');
    const inner = otel.spans().filter((s) => s.name === 'inner work');
    expect(inner).toHaveLength(1);
    const creating = only(id);
    expect(inner[0].parentSpanContext?.spanId).toBe(creating.spanContext().spanId);
    expect(inner[0].spanContext().traceId).toBe(creating.spanContext().traceId);
  });

  it.each([
    ['refuse', 'completed'],
    ['boom', 'failed'],
  ])('shows a task of %s that ends %s in the tasks/get answer, not as a span error (that request succeeded)', async (tool, status) => {
    const { id, taskId } = await create(tool);
    const { ids, last } = await poll(taskId);
    expect(last.result?.status).toBe(status);
    if (status === 'failed') expect(last.result?.error).toEqual({ code: -32603, message: 'Internal error' });
    else expect(last.result?.result).toEqual(expect.objectContaining({ isError: true }));
    // the creating call succeeded: it created the task
    expect(only(id).status.code).toBe(api.SpanStatusCode.UNSET);
    expect(only(id).attributes).not.toHaveProperty('error.type');
    // the tasks/get that returns the failed task is a successful request: no error.type, status unset
    const reporting = only(ids[ids.length - 1]);
    expect(reporting.name).toBe('tasks/get');
    expect(reporting.attributes).toEqual(expect.objectContaining(taskMethodAttributes('tasks/get', ids[ids.length - 1])));
    expect(reporting.attributes).not.toHaveProperty('error.type');
    expect(reporting.status.code).toBe(api.SpanStatusCode.UNSET);
  });

  it('spans tasks/cancel by its method, status unset, and the tasks/get that shows the cancelled task likewise', async () => {
    const { taskId } = await create('slow');
    const cancelId = nextId++;
    expect((await served.send(cancelId, 'tasks/cancel', { taskId })).result).toBeDefined();
    const cancel = only(cancelId);
    expect([cancel.name, cancel.status.code]).toEqual(['tasks/cancel', api.SpanStatusCode.UNSET]);
    expect(cancel.attributes).toEqual(expect.objectContaining(taskMethodAttributes('tasks/cancel', cancelId)));
    expect(cancel.attributes).not.toHaveProperty('error.type');
    const { ids, last } = await poll(taskId);
    expect(last.result?.status).toBe('cancelled');
    expect(only(ids[ids.length - 1]).status.code).toBe(api.SpanStatusCode.UNSET);
  });

  /** Creates a `confirm` task, waits for its question and answers it with tasks/update; the update's request id. */
  async function answered(): Promise<number> {
    const { taskId } = await create('confirm');
    const { last } = await poll(taskId);
    expect(last.result?.status).toBe('input_required');
    const [key] = Object.keys(last.result?.inputRequests as Record<string, unknown>);
    const updateId = nextId++;
    expect((await served.send(updateId, 'tasks/update', { taskId, inputResponses: { [key]: { action: 'accept', content: { ok: true } } } })).result).toBeDefined();
    expect((await poll(taskId)).last.result).toEqual(expect.objectContaining({ status: 'completed', result: expect.objectContaining({ content: [{ type: 'text', text: 'confirmed: true' }] }) }));
    return updateId;
  }

  it('gives tasks/update a SERVER span of its own, named by its method, with the request id, status unset', async () => {
    const span = only(await answered());
    expect([span.kind, span.status.code]).toEqual([api.SpanKind.SERVER, api.SpanStatusCode.UNSET]);
    expect(span.attributes).toEqual(expect.objectContaining({ 'mcp.protocol.version': MODERN, ...served.network }));
    expect(span.attributes).not.toHaveProperty('error.type');
    expect([span.name, span.attributes['mcp.method.name']]).toEqual(['tasks/update', 'tasks/update']);
  });

  it('records an unknown task id as a caller error (-32602, status unset) and a missing extension as -32021 (a span error)', async () => {
    const unknownId = nextId++;
    expect((await served.send(unknownId, 'tasks/get', { taskId: 'no-such-task' })).error?.code).toBe(-32602);
    const unknown = only(unknownId);
    expect([unknown.name, unknown.attributes['error.type'], unknown.attributes['rpc.response.status_code'], unknown.status.code]).toEqual(['tasks/get', '-32602', '-32602', api.SpanStatusCode.UNSET]);
    const { taskId } = await create('add', { a: 1, b: 2 });
    const bareId = nextId++;
    expect((await served.send(bareId, 'tasks/get', { taskId }, {})).error?.code).toBe(-32021);
    const bare = only(bareId);
    // -32021 is not among the conventions' caller codes (-32700, -32600, -32601, -32602, -32002)
    expect([bare.attributes['error.type'], bare.status.code]).toEqual(['-32021', api.SpanStatusCode.ERROR]);
  });
});
