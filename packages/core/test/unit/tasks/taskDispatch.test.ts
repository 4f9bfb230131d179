/**
 * Tasks through the dispatcher (2026-07-28, `io.modelcontextprotocol/tasks`): a tool declared
 * with `setTaskSupport` answers a flat CreateTaskResult to a request that declares the extension,
 * once the task is stored; `tasks/get` shows every status (working, input_required with its
 * requests, completed — `isError` results too —, failed with a masked JSON-RPC error,
 * cancelled); `tasks/update` answers asks made inside the task (partial answers keep it
 * `input_required`); `tasks/cancel` aborts the procedure's signal; -32021 without the extension;
 * -32602 for unknown and foreign ids; MRTR rounds before the task (`beginTask`); the
 * `taskStore` option and the bound on tasks in flight.
 */
import { Access } from '@toolwire/core/transport';
import { Dispatcher, MemoryTaskStore, ServiceDefinition, ToolDeclaration, integerType, stringType, toolError } from '@toolwire/core';
import type { AuthInfo, CallContext, DispatcherOptions, DispatchContext } from '@toolwire/core';

const MODERN = '2026-07-28';
const EXT = 'io.modelcontextprotocol/tasks';
const WITH_TASKS = { extensions: { [EXT]: {} }, elicitation: {} };

/** A promise resolved from outside, for procedures a test drives. */
function deferred<T = void>(): { promise: Promise<T>; resolve(value: T): void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

interface Fixture {
  dispatcher: Dispatcher;
  gate: { promise: Promise<void>; resolve(): void };
  aborted: Promise<unknown>;
}

function fixture(options: DispatcherOptions = {}): Fixture {
  const gate = deferred();
  const abortedAt = deferred<unknown>();
  const decl = new ToolDeclaration('tasks', '1.0.0');
  decl.addTool('greet', 'Sync only').addParam('name', stringType());
  decl.addTool('work', 'Optional task').addParam('n', integerType()).setTaskSupport('optional');
  decl.addTool('must', 'Required task').setTaskSupport('required');
  decl.addTool('gated', 'Waits for the test, or for its cancel').setTaskSupport('optional');
  decl.addTool('failing', 'isError').setTaskSupport('optional');
  decl.addTool('crashing', 'throws').setTaskSupport('optional');
  decl.addTool('confirm', 'One elicitation').setTaskSupport('optional');
  decl.addTool('two', 'Two elicitations at once').setTaskSupport('optional');
  decl.addTool('progressing', 'Reports progress, then waits').setTaskSupport('optional');
  decl.addTool('composed', 'An MRTR round, then a task').setTaskSupport('required', { begins: 'onBeginTask' });
  const schema = { type: 'object' as const, properties: { ok: { type: 'boolean' } }, required: ['ok'] };
  const defs = new ServiceDefinition()
    .registerProcedure('greet', (name: string) => `Hello, ${name}!`)
    .registerProcedure('work', async (n: number) => `twice ${n * 2}`)
    .registerProcedure('must', async () => 'done')
    .registerProcedure('gated', async (ctx: CallContext) => {
      ctx.signal.addEventListener('abort', () => abortedAt.resolve(ctx.signal.reason), { once: true });
      await Promise.race([gate.promise, new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }))]);
      return 'opened';
    })
    .registerProcedure('failing', async () => toolError('it went wrong'))
    .registerProcedure('crashing', async () => {
      throw new Error('secret detail');
    })
    .registerProcedure('confirm', async (ctx: CallContext) => {
      const answer = await ctx.elicit({ message: 'Sure?', requestedSchema: schema });
      return `confirmed: ${String(answer.content?.ok)}`;
    })
    .registerProcedure('two', async (ctx: CallContext) => {
      const [a, b] = await Promise.all([ctx.elicit({ message: 'A?', requestedSchema: schema }), ctx.elicit({ message: 'B?', requestedSchema: schema })]);
      return `${String(a.content?.ok)} ${String(b.content?.ok)}`;
    })
    .registerProcedure('progressing', async (ctx: CallContext) => {
      ctx.progress(1, 2, 'half way');
      await gate.promise;
      return 'progressed';
    })
    .registerProcedure('composed', async (ctx: CallContext) => {
      const name = await ctx.elicit({ message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } });
      await ctx.beginTask();
      return `Hello, ${String(name.content?.name)}, from a task`;
    });
  return { dispatcher: new Dispatcher(defs, decl, options), gate, aborted: abortedAt.promise };
}

let nextId = 1;

function request(method: string, params: Record<string, unknown>, capabilities: Record<string, unknown> = WITH_TASKS) {
  return {
    jsonrpc: '2.0',
    id: nextId++,
    method,
    params: { ...params, _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': capabilities } },
  };
}

async function send(d: Dispatcher, method: string, params: Record<string, unknown>, capabilities?: Record<string, unknown>, context: DispatchContext = {}) {
  const result = await d.dispatch(request(method, params, capabilities), context);
  return { status: result.status, ...JSON.parse(result.body) };
}

/** Polls tasks/get (as a client does) until the task's status is one of `statuses`. */
async function until(d: Dispatcher, taskId: string, statuses: string[], context: DispatchContext = {}) {
  for (let i = 0; i < 500; i++) {
    const got = await send(d, 'tasks/get', { taskId }, undefined, context);
    if (statuses.includes(got.result?.status)) return got.result;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error(`task ${taskId} never reached ${statuses.join('/')}`);
}

const TERMINAL = ['completed', 'failed', 'cancelled'];

describe('tasks on 2026-07-28', () => {
  it('server/discover names the extension when a tool supports tasks, and not otherwise', async () => {
    const { dispatcher } = fixture();
    const discover = await send(dispatcher, 'server/discover', {});
    expect(discover.result.capabilities.extensions).toEqual({ [EXT]: {} });
    expect(discover.result.capabilities).not.toHaveProperty('tasks');
    const plain = new ToolDeclaration('plain', '1.0.0');
    plain.addTool('x', 'x');
    const other = new Dispatcher(new ServiceDefinition().registerProcedure('x', () => 'x'), plain);
    expect((await send(other, 'server/discover', {})).result.capabilities).not.toHaveProperty('extensions');
    plain.getTool('x')!.setTaskSupport('optional');
    expect((await send(other, 'server/discover', {})).result.capabilities.extensions).toEqual({ [EXT]: {} });
  });

  it('answers a flat CreateTaskResult once the task is stored; tasks/get then finds it and, later, its result', async () => {
    const { dispatcher } = fixture({ taskPollIntervalMs: 250, taskTtlMs: 60_000 });
    const created = await send(dispatcher, 'tools/call', { name: 'work', arguments: { n: 21 } });
    expect(created.status).toBe(200);
    const task = created.result;
    expect(task).toEqual({
      resultType: 'task',
      taskId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      status: 'working',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lastUpdatedAt: expect.any(String),
      ttlMs: 60_000,
      pollIntervalMs: 250,
      _meta: expect.objectContaining({ 'io.modelcontextprotocol/serverInfo': expect.any(Object) }),
    });
    const done = await until(dispatcher, task.taskId, TERMINAL);
    expect(done).toMatchObject({ resultType: 'complete', taskId: task.taskId, status: 'completed', result: { content: [{ type: 'text', text: 'twice 42' }], isError: false } });
    expect(done).not.toHaveProperty('requestState');
    expect(done.result.resultType).toBe('complete'); // a 2026-07-28 CallToolResult, as tools/call would answer it
  });

  it('task ids are 128-bit random base64url strings, distinct per task', async () => {
    const { dispatcher } = fixture();
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) ids.add((await send(dispatcher, 'tools/call', { name: 'work', arguments: { n: i } })).result.taskId);
    expect(ids.size).toBe(20);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('without the extension: an optional tool runs as an ordinary call, a required one is -32021, tasks/* are -32021', async () => {
    const { dispatcher } = fixture();
    const plain = await send(dispatcher, 'tools/call', { name: 'work', arguments: { n: 1 } }, {});
    expect(plain.result).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'twice 2' }] });
    expect(plain.result).not.toHaveProperty('taskId');
    const required = await send(dispatcher, 'tools/call', { name: 'must', arguments: {} }, {});
    expect(required.status).toBe(400);
    expect(required.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { extensions: { [EXT]: {} } } } });
    for (const [method, params] of [
      ['tasks/get', { taskId: 'x' }],
      ['tasks/update', { taskId: 'x', inputResponses: {} }],
      ['tasks/cancel', { taskId: 'x' }],
    ] as const) {
      const refused = await send(dispatcher, method, params, {});
      expect(refused.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { extensions: { [EXT]: {} } } } });
    }
  });

  it('a sync-only tool stays sync with the extension; a legacy `task` param does not promote it', async () => {
    const { dispatcher } = fixture();
    const reply = await send(dispatcher, 'tools/call', { name: 'greet', arguments: { name: 'W' }, task: { ttl: 1000 } });
    expect(reply.result).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'Hello, W!' }] });
  });

  it('bad arguments are answered before any task exists', async () => {
    const { dispatcher } = fixture();
    const reply = await send(dispatcher, 'tools/call', { name: 'work', arguments: { n: 'x' } });
    expect(reply.result?.taskId).toBeUndefined();
    expect(reply.result?.isError ?? reply.error).toBeTruthy();
  });

  it('legacy versions refuse a required tool with a clear -32601 and run an optional one as a call', async () => {
    const { dispatcher } = fixture();
    const legacy = (name: string) => dispatcher.dispatch({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: { n: 2 } } }, { protocolVersion: '2025-06-18' });
    const refused = JSON.parse((await legacy('must')).body);
    expect(refused.error).toMatchObject({ code: -32601, message: expect.stringMatching(/runs only as a task/) });
    expect(JSON.parse((await legacy('work')).body).result).toMatchObject({ content: [{ text: 'twice 4' }] });
  });

  it('unknown ids and bad params are -32602', async () => {
    const { dispatcher } = fixture();
    expect((await send(dispatcher, 'tasks/get', { taskId: 'nope' })).error.code).toBe(-32602);
    await send(dispatcher, 'tools/call', { name: 'work', arguments: { n: 1 } }); // a store exists now
    expect((await send(dispatcher, 'tasks/get', { taskId: 'AAAAAAAAAAAAAAAAAAAAAA' })).error.code).toBe(-32602);
    expect((await send(dispatcher, 'tasks/cancel', { taskId: 'nope' })).error.code).toBe(-32602);
    expect((await send(dispatcher, 'tasks/get', { taskId: 5 })).error.code).toBe(-32602);
    expect((await send(dispatcher, 'tasks/update', { taskId: 'nope', inputResponses: 3 })).error.code).toBe(-32602);
  });

  it('an isError result is completed; a crash is failed with the masked -32603, without a result', async () => {
    const { dispatcher } = fixture();
    const failing = (await send(dispatcher, 'tools/call', { name: 'failing' })).result.taskId;
    expect(await until(dispatcher, failing, TERMINAL)).toMatchObject({ status: 'completed', result: { isError: true, content: [{ text: 'it went wrong' }] } });
    const errors: unknown[] = [];
    const quiet = fixture({ onError: (error) => errors.push(error) }).dispatcher;
    const crashing = (await send(quiet, 'tools/call', { name: 'crashing' })).result.taskId;
    const failed = await until(quiet, crashing, TERMINAL);
    expect(failed).toMatchObject({ status: 'failed', error: { code: -32603, message: 'Internal error' } });
    expect(failed).not.toHaveProperty('result');
    expect(JSON.stringify(failed)).not.toContain('secret detail');
    expect(errors).toHaveLength(1);
  });

  it('tasks/cancel acks empty, aborts the procedure\'s signal and the task is cancelled; a second cancel acks the same', async () => {
    const { dispatcher, aborted } = fixture();
    const taskId = (await send(dispatcher, 'tools/call', { name: 'gated' })).result.taskId;
    expect((await send(dispatcher, 'tasks/get', { taskId })).result.status).toBe('working');
    const ack = await send(dispatcher, 'tasks/cancel', { taskId });
    expect(ack.result).toEqual({ resultType: 'complete', _meta: expect.any(Object) });
    expect(await aborted).toMatchObject({ name: 'AbortError' });
    expect(await until(dispatcher, taskId, TERMINAL)).toMatchObject({ status: 'cancelled' });
    expect((await send(dispatcher, 'tasks/cancel', { taskId })).result).toEqual({ resultType: 'complete', _meta: expect.any(Object) });
  });

  it('an ask inside a task makes it input_required; tasks/update answers it and the task completes', async () => {
    const { dispatcher } = fixture();
    const taskId = (await send(dispatcher, 'tools/call', { name: 'confirm' })).result.taskId;
    const waiting = await until(dispatcher, taskId, ['input_required']);
    expect(waiting.inputRequests).toEqual({ 'elicitation-1': { method: 'elicitation/create', params: expect.objectContaining({ message: 'Sure?' }) } });
    const ignored = await send(dispatcher, 'tasks/update', { taskId, inputResponses: { 'no-such-key': { action: 'accept' } } });
    expect(ignored.result).toEqual({ resultType: 'complete', _meta: expect.any(Object) });
    const ack = await send(dispatcher, 'tasks/update', { taskId, inputResponses: { 'elicitation-1': { action: 'accept', content: { ok: true } } } });
    expect(ack.result).toEqual({ resultType: 'complete', _meta: expect.any(Object) });
    expect(await until(dispatcher, taskId, TERMINAL)).toMatchObject({ status: 'completed', result: { content: [{ text: 'confirmed: true' }] } });
  });

  it('two parallel asks: a partial answer keeps the task input_required with the other key only', async () => {
    const { dispatcher } = fixture();
    const taskId = (await send(dispatcher, 'tools/call', { name: 'two' })).result.taskId;
    let waiting = await until(dispatcher, taskId, ['input_required']);
    while (Object.keys(waiting.inputRequests).length < 2) waiting = await until(dispatcher, taskId, ['input_required']);
    expect(Object.keys(waiting.inputRequests).sort()).toEqual(['elicitation-1', 'elicitation-2']);
    await send(dispatcher, 'tasks/update', { taskId, inputResponses: { 'elicitation-1': { action: 'accept', content: { ok: true } } } });
    const still = (await send(dispatcher, 'tasks/get', { taskId })).result;
    expect(still.status).toBe('input_required');
    expect(Object.keys(still.inputRequests)).toEqual(['elicitation-2']);
    await send(dispatcher, 'tasks/update', { taskId, inputResponses: { 'elicitation-2': { action: 'accept', content: { ok: false } } } });
    expect(await until(dispatcher, taskId, TERMINAL)).toMatchObject({ status: 'completed', result: { content: [{ text: 'true false' }] } });
  });

  it('progress inside a task becomes its status message', async () => {
    const { dispatcher, gate } = fixture();
    const taskId = (await send(dispatcher, 'tools/call', { name: 'progressing' })).result.taskId;
    let task = (await send(dispatcher, 'tasks/get', { taskId })).result;
    for (let i = 0; i < 100 && task.statusMessage === undefined; i++) task = (await send(dispatcher, 'tasks/get', { taskId })).result;
    expect(task).toMatchObject({ status: 'working', statusMessage: 'half way' });
    gate.resolve();
    expect(await until(dispatcher, taskId, TERMINAL)).toMatchObject({ status: 'completed' });
  });

  it('MRTR rounds before the task compose: round 1 input_required, round 2 the task, whose result has the answer', async () => {
    const { dispatcher } = fixture();
    const round1 = (await send(dispatcher, 'tools/call', { name: 'composed' })).result;
    expect(round1).toMatchObject({ resultType: 'input_required', inputRequests: { 'elicitation-1': { method: 'elicitation/create' } } });
    expect(round1).not.toHaveProperty('taskId');
    const round2 = (
      await send(dispatcher, 'tools/call', {
        name: 'composed',
        inputResponses: { 'elicitation-1': { action: 'accept', content: { name: 'Alice' } } },
        requestState: round1.requestState,
      })
    ).result;
    expect(round2).toMatchObject({ resultType: 'task', status: 'working' });
    expect(round2).not.toHaveProperty('requestState');
    expect(round2).not.toHaveProperty('inputRequests');
    expect(await until(dispatcher, round2.taskId, TERMINAL)).toMatchObject({ status: 'completed', result: { content: [{ text: 'Hello, Alice, from a task' }] } });
  });

  it('with auth, a task belongs to issuer + subject: another principal gets -32602 as if it were unknown', async () => {
    const { dispatcher, gate } = fixture();
    const policy = { resourceMetadataUrl: 'http://127.0.0.1/.well-known/oauth-protected-resource', requiredScopes: [], listOnlyPermittedTools: false };
    const as = (subject: string): DispatchContext => ({ access: new Access({ token: 't', clientId: 'c', scopes: [], issuer: 'https://issuer.example', subject } as AuthInfo, policy) });
    const alice = as('alice');
    const taskId = (await send(dispatcher, 'tools/call', { name: 'gated' }, undefined, alice)).result.taskId;
    expect((await send(dispatcher, 'tasks/get', { taskId }, undefined, alice)).result.status).toBe('working');
    for (const context of [as('mallory'), {}]) {
      expect((await send(dispatcher, 'tasks/get', { taskId }, undefined, context)).error.code).toBe(-32602);
      expect((await send(dispatcher, 'tasks/cancel', { taskId }, undefined, context)).error.code).toBe(-32602);
      expect((await send(dispatcher, 'tasks/update', { taskId, inputResponses: {} }, undefined, context)).error.code).toBe(-32602);
    }
    gate.resolve();
    expect(await until(dispatcher, taskId, TERMINAL, alice)).toMatchObject({ status: 'completed' });
  });

  it('uses the taskStore option, and bounds the tasks in flight by maxConcurrentCalls (503)', async () => {
    const store = new MemoryTaskStore();
    const { dispatcher, gate } = fixture({ taskStore: store, maxConcurrentCalls: 1 });
    const first = (await send(dispatcher, 'tools/call', { name: 'gated' })).result.taskId;
    expect(await store.get(first, 'anonymous')).toMatchObject({ status: 'working' });
    const second = await send(dispatcher, 'tools/call', { name: 'gated' });
    expect(second.status).toBe(503);
    expect(second.error.code).toBe(-32000);
    gate.resolve();
    expect(await until(dispatcher, first, TERMINAL)).toMatchObject({ status: 'completed' });
    await store.close();
  });

  it('over HTTP, tasks/* need Mcp-Name stating the task id (-32020, HTTP 400 otherwise)', async () => {
    const { dispatcher } = fixture();
    const taskId = (await send(dispatcher, 'tools/call', { name: 'work', arguments: { n: 1 } })).result.taskId;
    const http = (headers: Record<string, string>): DispatchContext => ({ protocolVersion: MODERN, header: (name) => headers[name] });
    const ok = await send(dispatcher, 'tasks/get', { taskId }, undefined, http({ 'mcp-method': 'tasks/get', 'mcp-name': taskId }));
    expect(ok.result.taskId).toBe(taskId);
    const missing = await send(dispatcher, 'tasks/get', { taskId }, undefined, http({ 'mcp-method': 'tasks/get' }));
    expect(missing.status).toBe(400);
    expect(missing.error).toMatchObject({ code: -32020, message: expect.stringMatching(/requires the Mcp-Name header/) });
    const wrong = await send(dispatcher, 'tasks/cancel', { taskId }, undefined, http({ 'mcp-method': 'tasks/cancel', 'mcp-name': 'other' }));
    expect(wrong.error).toMatchObject({ code: -32020, message: expect.stringMatching(/but the task id is/) });
  });

  it('checks the task options', () => {
    const decl = new ToolDeclaration('x', '1');
    const defs = new ServiceDefinition();
    expect(() => new Dispatcher(defs, decl, { taskStore: {} as never })).toThrow(/option taskStore: expected a TaskStore/);
    expect(() => new Dispatcher(defs, decl, { taskTtlMs: 0 })).toThrow(/option taskTtlMs/);
    expect(() => new Dispatcher(defs, decl, { taskPollIntervalMs: 1.5 })).toThrow(/option taskPollIntervalMs/);
    expect(() => decl.addTool('t', 't').setTaskSupport('sometimes' as never)).toThrow(/setTaskSupport: expected "optional" or "required"/);
  });
});

describe('experimental tasks on 2025-11-25', () => {
  const LEGACY = '2025-11-25';
  async function legacy(d: Dispatcher, method: string, params: Record<string, unknown>, context: DispatchContext = {}, version = LEGACY) {
    const result = await d.dispatch({ jsonrpc: '2.0', id: nextId++, method, params }, { protocolVersion: version, ...context });
    return JSON.parse(result.body);
  }

  it('initialize declares capabilities.tasks and tools/list execution.taskSupport on 2025-11-25 only', async () => {
    const { dispatcher } = fixture();
    const init = async (version: string) => (await legacy(dispatcher, 'initialize', { protocolVersion: version, capabilities: {}, clientInfo: { name: 't', version: '1' } }, {}, version)).result;
    expect((await init(LEGACY)).capabilities.tasks).toEqual({ list: {}, cancel: {}, requests: { tools: { call: {} } } });
    expect((await init('2025-06-18')).capabilities).not.toHaveProperty('tasks');
    const tools = (await legacy(dispatcher, 'tools/list', {})).result.tools as Array<{ name: string; execution?: unknown }>;
    expect(tools.find((t) => t.name === 'must')?.execution).toEqual({ taskSupport: 'required' });
    expect(tools.find((t) => t.name === 'greet')).not.toHaveProperty('execution');
    const older = (await legacy(dispatcher, 'tools/list', {}, {}, '2025-06-18')).result.tools as Array<{ execution?: unknown }>;
    expect(older.every((t) => t.execution === undefined)).toBe(true);
    expect((await send(dispatcher, 'tools/list', {})).result.tools.every((t: { execution?: unknown }) => t.execution === undefined)).toBe(true);
  });

  it('params.task makes a call a task ({ task } with ttl and pollInterval); tasks/result waits for it and answers the tool result', async () => {
    const { dispatcher, gate } = fixture({ taskPollIntervalMs: 50 });
    const created = (await legacy(dispatcher, 'tools/call', { name: 'gated', arguments: {}, task: { ttl: 600_000 } })).result;
    expect(created.task).toEqual({ taskId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), status: 'working', createdAt: expect.any(String), lastUpdatedAt: expect.any(String), ttl: 600_000, pollInterval: 50 });
    const { taskId } = created.task;
    expect((await legacy(dispatcher, 'tasks/get', { taskId })).result).toMatchObject({ taskId, status: 'working', ttl: 600_000 });
    let answered = false;
    const result = legacy(dispatcher, 'tasks/result', { taskId }).then((reply) => {
      answered = true;
      return reply;
    });
    await legacy(dispatcher, 'tasks/get', { taskId });
    expect(answered).toBe(false);
    gate.resolve();
    expect((await result).result).toEqual({ content: [{ type: 'text', text: 'opened' }], isError: false, _meta: { 'io.modelcontextprotocol/related-task': { taskId } } });
  });

  it('a failed task\'s tasks/result is its JSON-RPC error; without params.task a required tool is -32601', async () => {
    const { dispatcher } = fixture({ onError: () => undefined });
    const crashing = (await legacy(dispatcher, 'tools/call', { name: 'crashing', arguments: {}, task: {} })).result.task.taskId;
    expect((await legacy(dispatcher, 'tasks/result', { taskId: crashing })).error).toEqual({ code: -32603, message: 'Internal error' });
    expect((await legacy(dispatcher, 'tools/call', { name: 'must', arguments: {} })).error).toMatchObject({ code: -32601, message: expect.stringMatching(/call it with params.task/) });
    expect((await legacy(dispatcher, 'tools/call', { name: 'must', arguments: {}, task: {} })).result.task.status).toBe('working');
  });

  it('tasks/list lists only the caller\'s tasks; tasks/cancel answers the task; versions before 2025-11-25 have no tasks/*', async () => {
    const { dispatcher } = fixture();
    const policy = { resourceMetadataUrl: 'http://127.0.0.1/.well-known/oauth-protected-resource', requiredScopes: [], listOnlyPermittedTools: false };
    const as = (subject: string): DispatchContext => ({ access: new Access({ token: 't', clientId: 'c', scopes: [], issuer: 'https://issuer.example', subject } as AuthInfo, policy) });
    const mine = (await legacy(dispatcher, 'tools/call', { name: 'gated', arguments: {}, task: {} }, as('alice'))).result.task.taskId;
    const theirs = (await legacy(dispatcher, 'tools/call', { name: 'gated', arguments: {}, task: {} }, as('bob'))).result.task.taskId;
    expect((await legacy(dispatcher, 'tasks/list', {}, as('alice'))).result.tasks.map((t: { taskId: string }) => t.taskId)).toEqual([mine]);
    expect((await legacy(dispatcher, 'tasks/list', {}, as('bob'))).result.tasks.map((t: { taskId: string }) => t.taskId)).toEqual([theirs]);
    expect((await legacy(dispatcher, 'tasks/cancel', { taskId: mine }, as('bob'))).error.code).toBe(-32602);
    expect((await legacy(dispatcher, 'tasks/cancel', { taskId: mine }, as('alice'))).result).toMatchObject({ taskId: mine, ttl: expect.any(Number) });
    expect((await legacy(dispatcher, 'tasks/get', { taskId: mine }, {}, '2025-06-18')).error.code).toBe(-32601);
    expect((await legacy(dispatcher, 'tasks/list', {}, {}, '2025-06-18')).error.code).toBe(-32601);
    expect((await send(dispatcher, 'tasks/list', {})).error.code).toBe(-32601); // 2026-07-28 has no tasks/list
    expect((await send(dispatcher, 'tasks/result', { taskId: mine })).error.code).toBe(-32601);
  });

  it('tasks/cancel on a running task answers it already cancelled (and tasks/get agrees); on a finished one -32602', async () => {
    const { dispatcher, aborted } = fixture();
    const running = (await legacy(dispatcher, 'tools/call', { name: 'gated', arguments: {}, task: {} })).result.task.taskId;
    const cancelled = await legacy(dispatcher, 'tasks/cancel', { taskId: running });
    expect(cancelled.result).toMatchObject({ taskId: running, status: 'cancelled' });
    expect(await aborted).toMatchObject({ name: 'AbortError' });
    expect((await legacy(dispatcher, 'tasks/get', { taskId: running })).result.status).toBe('cancelled');
    const again = await legacy(dispatcher, 'tasks/cancel', { taskId: running });
    expect(again.error).toEqual({ code: -32602, message: expect.stringMatching(/cannot cancel task .* it is already cancelled/) });
    const finished = (await legacy(dispatcher, 'tools/call', { name: 'work', arguments: { n: 1 }, task: {} })).result.task.taskId;
    await legacy(dispatcher, 'tasks/result', { taskId: finished });
    const refused = await legacy(dispatcher, 'tasks/cancel', { taskId: finished });
    expect(refused.error).toEqual({ code: -32602, message: expect.stringMatching(/cannot cancel task .* it is already completed/) });
    expect((await legacy(dispatcher, 'tasks/get', { taskId: finished })).result.status).toBe('completed');
  });

  it('params.task.ttl shortens a task\'s time to live; a longer or malformed one gets taskTtlMs (the server decides)', async () => {
    const { dispatcher } = fixture({ taskTtlMs: 60_000 });
    const ttl = async (task: Record<string, unknown>) => (await legacy(dispatcher, 'tools/call', { name: 'work', arguments: { n: 1 }, task })).result.task.ttl;
    expect(await ttl({ ttl: 5_000 })).toBe(5_000);
    expect(await ttl({ ttl: 86_400_000 })).toBe(60_000);
    for (const bad of [0, -5, 1.5, '5000', null]) expect(await ttl({ ttl: bad })).toBe(60_000);
    expect(await ttl({})).toBe(60_000);
  });

  it('tasks/list pages the caller\'s tasks by the declaration\'s pageSize, from the shared store: another instance lists them too', async () => {
    const taskStore = new MemoryTaskStore();
    const policy = { resourceMetadataUrl: 'http://127.0.0.1/.well-known/oauth-protected-resource', requiredScopes: [], listOnlyPermittedTools: false };
    const alice: DispatchContext = { access: new Access({ token: 't', clientId: 'c', scopes: [], issuer: 'https://issuer.example', subject: 'alice' } as AuthInfo, policy) };
    const instance = () => {
      const decl = new ToolDeclaration('paged', '1.0.0', { pageSize: 2 });
      decl.addTool('work', 'Optional task').addParam('n', integerType()).setTaskSupport('optional');
      return new Dispatcher(new ServiceDefinition().registerProcedure('work', async (n: number) => `twice ${n * 2}`), decl, { taskStore });
    };
    const [a, b] = [instance(), instance()];
    const ids: string[] = [];
    for (let n = 0; n < 5; n++) ids.push((await legacy(n % 2 ? b : a, 'tools/call', { name: 'work', arguments: { n }, task: {} }, alice)).result.task.taskId);
    const listed: string[] = [];
    let cursor: string | undefined;
    const pages: number[] = [];
    do {
      const result = (await legacy(pages.length % 2 ? a : b, 'tasks/list', cursor === undefined ? {} : { cursor }, alice)).result;
      pages.push(result.tasks.length);
      listed.push(...result.tasks.map((task: { taskId: string }) => task.taskId));
      cursor = result.nextCursor;
    } while (cursor !== undefined);
    expect(pages).toEqual([2, 2, 1]);
    expect(listed).toEqual(ids);
    for (const cursor of ['nope', '', 7, null, 'x'.repeat(300)]) {
      const refused = await legacy(a, 'tasks/list', { cursor }, alice);
      expect(refused.error).toMatchObject({ code: -32602, message: expect.stringMatching(/cursor/) });
    }
    await taskStore.close();
  });

  /** A message the server sent on a stream. */
  interface Sent {
    readonly jsonrpc: string;
    readonly id: string;
    readonly method?: string;
    readonly params: Record<string, unknown> & { message?: string; status?: string };
  }
  /** A tasks/result stream: what the server sent on it, and a wait for the first message that matches. */
  function stream(): { context: DispatchContext; sent: Array<Sent>; next(match: (m: Sent) => boolean): Promise<Sent> } {
    const sent: Array<Sent> = [];
    const wanted: Array<{ match: (m: Sent) => boolean; resolve(m: Sent): void }> = [];
    const context: DispatchContext = {
      notify: (json: string) => {
        const message = JSON.parse(json) as Sent;
        sent.push(message);
        for (const want of wanted.filter((w) => w.match(message))) {
          wanted.splice(wanted.indexOf(want), 1);
          want.resolve(message);
        }
      },
    };
    const next = (match: (m: Sent) => boolean) => {
      const found = sent.find(match);
      return found ? Promise.resolve(found) : new Promise<Sent>((resolve) => wanted.push({ match, resolve }));
    };
    return { context, sent, next };
  }
  const isAsk = (m: Sent) => m.method === 'elicitation/create';
  const respond = (d: Dispatcher, id: string, members: Record<string, unknown>, context: DispatchContext = {}) =>
    d.dispatch({ jsonrpc: '2.0', id, ...members }, { protocolVersion: LEGACY, ...context });

  it('an ask inside a task goes out on the tasks/result stream with the related-task _meta; the client\'s response answers it', async () => {
    const { dispatcher } = fixture();
    const taskId = (await legacy(dispatcher, 'tools/call', { name: 'confirm', arguments: {}, task: {} })).result.task.taskId;
    const { context, sent, next } = stream();
    const result = legacy(dispatcher, 'tasks/result', { taskId }, context);
    const ask = await next(isAsk);
    expect(ask).toEqual({
      jsonrpc: '2.0',
      id: expect.stringMatching(/^toolwire-task:/),
      method: 'elicitation/create',
      params: { message: 'Sure?', requestedSchema: expect.any(Object), _meta: { 'io.modelcontextprotocol/related-task': { taskId } } },
    });
    expect((await legacy(dispatcher, 'tasks/get', { taskId })).result.status).toBe('input_required');
    const reply = await respond(dispatcher, ask.id, { result: { action: 'accept', content: { ok: true } } });
    expect(reply.status).toBe(202);
    expect((await result).result).toMatchObject({ content: [{ type: 'text', text: 'confirmed: true' }], isError: false, _meta: { 'io.modelcontextprotocol/related-task': { taskId } } });
    // the statuses the wait saw change (it began input_required — or working, before the ask was stored)
    const statuses = sent.filter((m) => m.method === 'notifications/tasks/status').map((m) => String(m.params.status));
    expect(statuses[statuses.length - 1]).toBe('completed');
    expect(statuses.filter((status, i) => status === statuses[i - 1])).toEqual([]); // each status once, as it changes
    expect(sent.filter(isAsk)).toHaveLength(1);
    // a task already terminal: tasks/result answers at once, without a stream
    const again = stream();
    expect((await legacy(dispatcher, 'tasks/result', { taskId }, again.context)).result.content[0].text).toBe('confirmed: true');
    expect(again.sent).toEqual([]);
  });

  it('two asks at once both go out; answered in any order, the task completes', async () => {
    const { dispatcher } = fixture();
    const taskId = (await legacy(dispatcher, 'tools/call', { name: 'two', arguments: {}, task: {} })).result.task.taskId;
    const { context, sent, next } = stream();
    const result = legacy(dispatcher, 'tasks/result', { taskId }, context);
    await next((m) => isAsk(m) && m.params.message === 'B?');
    await next((m) => isAsk(m) && m.params.message === 'A?');
    const [a, b] = ['A?', 'B?'].map((message) => sent.find((m) => isAsk(m) && m.params.message === message)!);
    expect(a.id).not.toBe(b.id);
    await respond(dispatcher, b.id, { result: { action: 'accept', content: { ok: false } } });
    expect((await legacy(dispatcher, 'tasks/get', { taskId })).result.status).toBe('input_required'); // one answer of two
    await respond(dispatcher, a.id, { result: { action: 'accept', content: { ok: true } } });
    expect((await result).result.content[0].text).toBe('true false');
  });

  it('an error response, an invalid answer: the procedure sees InputUnavailableError / InvalidAnswerError (a tool error)', async () => {
    const { dispatcher } = fixture();
    const run = async (members: Record<string, unknown>) => {
      const taskId = (await legacy(dispatcher, 'tools/call', { name: 'confirm', arguments: {}, task: {} })).result.task.taskId;
      const { context, next } = stream();
      const result = legacy(dispatcher, 'tasks/result', { taskId }, context);
      await respond(dispatcher, (await next(isAsk)).id, members);
      return (await result).result;
    };
    expect(await run({ error: { code: -32601, message: 'Method not found' } })).toMatchObject({ isError: true, content: [{ text: expect.stringMatching(/answered elicitation\/create with an error: Method not found/) }] });
    expect(await run({ result: { action: 'accept', content: { ok: 'yes' } } })).toMatchObject({ isError: true, content: [{ text: expect.stringMatching(/answer to elicitation\/create is not valid/) }] });
  });

  it('a response from another principal does not answer the task; its owner\'s does', async () => {
    const { dispatcher } = fixture();
    const policy = { resourceMetadataUrl: 'http://127.0.0.1/.well-known/oauth-protected-resource', requiredScopes: [], listOnlyPermittedTools: false };
    const as = (subject: string): DispatchContext => ({ access: new Access({ token: 't', clientId: 'c', scopes: [], issuer: 'https://issuer.example', subject } as AuthInfo, policy) });
    const taskId = (await legacy(dispatcher, 'tools/call', { name: 'confirm', arguments: {}, task: {} }, as('alice'))).result.task.taskId;
    const { context, next } = stream();
    const result = legacy(dispatcher, 'tasks/result', { taskId }, { ...as('alice'), ...context });
    const ask = await next(isAsk);
    expect((await respond(dispatcher, ask.id, { result: { action: 'accept', content: { ok: false } } }, as('mallory'))).status).toBe(202);
    expect((await legacy(dispatcher, 'tasks/get', { taskId }, as('alice'))).result.status).toBe('input_required');
    await respond(dispatcher, ask.id, { result: { action: 'accept', content: { ok: true } } }, as('alice'));
    expect((await result).result.content[0].text).toBe('confirmed: true');
  });

  it('an ask the client answers while no tasks/result waits is sent again by the next tasks/result; responses to unknown task ids are ignored', async () => {
    const { dispatcher } = fixture();
    const taskId = (await legacy(dispatcher, 'tools/call', { name: 'confirm', arguments: {}, task: {} })).result.task.taskId;
    const first = stream();
    const controller = new AbortController();
    const abandoned = legacy(dispatcher, 'tasks/result', { taskId }, { ...first.context, signal: controller.signal }).catch((error: unknown) => error);
    const ask = await first.next(isAsk);
    controller.abort(); // the client went away before answering
    await abandoned;
    const second = stream();
    const result = legacy(dispatcher, 'tasks/result', { taskId }, second.context);
    expect((await second.next(isAsk)).id).toBe(ask.id);
    expect((await respond(dispatcher, 'toolwire-task:nope:elicitation-1', { result: {} })).status).toBe(202);
    expect((await respond(dispatcher, 'toolwire-task:%E0%A4%A:x', { result: {} })).status).toBe(202);
    await respond(dispatcher, ask.id, { result: { action: 'decline' } });
    expect((await result).result.content[0].text).toBe('confirmed: undefined');
  });
});
