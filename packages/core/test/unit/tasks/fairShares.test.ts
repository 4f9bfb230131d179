/**
 * Fair shares of a server between its callers (issue 39): running tasks and waiting
 * `tasks/result` requests are capped per principal (and the waits in all), each refusal -32000
 * with HTTP 503 naming its limit; a task's procedure has its own time limit (`taskTimeoutMs`,
 * after which the task fails); and a task waiting for the client's input holds no slot of
 * `maxConcurrentCalls`.
 */
import { Access } from '@toolwire/core/transport';
import { Dispatcher, ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import type { AuthInfo, CallContext, DispatcherOptions, DispatchContext } from '@toolwire/core';

const MODERN = '2026-07-28';
const WITH_TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} }, elicitation: {} };
const POLICY = { resourceMetadataUrl: 'http://127.0.0.1/.well-known/oauth-protected-resource', requiredScopes: [], listOnlyPermittedTools: false };
const as = (subject: string): DispatchContext => ({ access: new Access({ scopes: [], issuer: 'https://issuer.example', subject } as AuthInfo, POLICY) });

function server(options: DispatcherOptions) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const decl = new ToolDeclaration('fair', '1.0.0');
  decl.addTool('gated', 'Waits for the test, or for its signal').setTaskSupport('optional');
  decl.addTool('confirm', 'Asks once').setTaskSupport('optional');
  const defs = new ServiceDefinition()
    .registerProcedure('gated', async (ctx: CallContext) => {
      await Promise.race([gate, new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }))]);
      return ctx.signal.aborted ? `aborted: ${(ctx.signal.reason as Error).name}` : 'opened';
    })
    .registerProcedure('confirm', async (ctx: CallContext) => {
      const answer = await ctx.elicit({ message: 'Sure?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } });
      return `confirmed: ${String(answer.content?.ok)}`;
    });
  return { dispatcher: new Dispatcher(defs, decl, options), open };
}

let id = 1;
async function modern(d: Dispatcher, method: string, params: Record<string, unknown>, context: DispatchContext = {}, capabilities: Record<string, unknown> = WITH_TASKS) {
  const meta = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': capabilities };
  const result = await d.dispatch({ jsonrpc: '2.0', id: id++, method, params: { ...params, _meta: meta } }, context);
  return { status: result.status, headers: result.headers, ...JSON.parse(result.body) };
}

function legacy(d: Dispatcher, method: string, params: Record<string, unknown>, context: DispatchContext = {}) {
  return d.dispatch({ jsonrpc: '2.0', id: id++, method, params }, { protocolVersion: '2025-11-25', ...context });
}

/** Polls tasks/get until the task has one of `statuses`. */
async function until(d: Dispatcher, taskId: string, statuses: string[], context: DispatchContext = {}) {
  for (;;) {
    const got = await modern(d, 'tasks/get', { taskId }, context);
    if (statuses.includes(got.result?.status)) return got.result;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('fair shares', () => {
  it('maxRunningTasksPerPrincipal: one more task of the same caller is 503 naming the limit; another caller\'s task runs', async () => {
    const { dispatcher, open } = server({ maxRunningTasksPerPrincipal: 1 });
    const first = await modern(dispatcher, 'tools/call', { name: 'gated' }, as('alice'));
    expect(first.result).toMatchObject({ resultType: 'task', status: 'working' });
    const refused = await modern(dispatcher, 'tools/call', { name: 'gated' }, as('alice'));
    expect(refused.status).toBe(503);
    expect(refused.headers).toEqual({ 'Retry-After': '1' });
    expect(refused.error).toEqual({ code: -32000, message: 'Server busy: this caller has 1 tasks running (maxRunningTasksPerPrincipal (1)); try again later' });
    const other = await modern(dispatcher, 'tools/call', { name: 'gated' }, as('bob'));
    expect(other.result).toMatchObject({ resultType: 'task', status: 'working' });
    open();
    await until(dispatcher, first.result.taskId, ['completed'], as('alice'));
    expect((await modern(dispatcher, 'tools/call', { name: 'gated' }, as('alice'))).result).toMatchObject({ resultType: 'task' }); // its place is free again
  });

  it('a task waiting for the client\'s input holds no slot of maxConcurrentCalls; once answered it runs on and completes', async () => {
    const { dispatcher, open } = server({ maxConcurrentCalls: 1 });
    const taskId = (await modern(dispatcher, 'tools/call', { name: 'confirm' })).result.taskId;
    const waiting = await until(dispatcher, taskId, ['input_required']);
    // an ordinary call (no tasks extension) takes the one slot while the task waits
    const call = modern(dispatcher, 'tools/call', { name: 'gated' }, {}, {});
    open();
    expect(await call).toMatchObject({ status: 200 });
    expect((await call).result).toMatchObject({ content: [{ type: 'text', text: 'opened' }], isError: false });
    const [key] = Object.keys(waiting.inputRequests);
    await modern(dispatcher, 'tasks/update', { taskId, inputResponses: { [key]: { action: 'accept', content: { ok: true } } } });
    expect(await until(dispatcher, taskId, ['completed', 'failed'])).toMatchObject({ status: 'completed', result: { content: [{ type: 'text', text: 'confirmed: true' }] } });
  });

  it('taskTimeoutMs: a task\'s procedure past its own limit (not the ttl) fails the task "timed out", and its signal aborts', async () => {
    const errors: unknown[] = [];
    const { dispatcher } = server({ taskTimeoutMs: 20, callTimeoutMs: 1000, onError: (error) => errors.push(error) });
    const created = (await modern(dispatcher, 'tools/call', { name: 'gated' })).result;
    expect(created.ttlMs).toBe(3_600_000);
    const done = await until(dispatcher, created.taskId, ['completed', 'failed', 'cancelled']);
    expect(done).toMatchObject({ status: 'failed', error: { code: -32603, message: 'Tool "gated" timed out after 20 ms' } });
    expect(errors).toEqual([expect.objectContaining({ name: 'TimeoutError' })]);
  });

  it('tasks/result waits: one more of the same caller than maxTaskResultWaitsPerPrincipal, or of anyone beyond maxTaskResultWaits, is 503 naming the limit', async () => {
    const { dispatcher, open } = server({ maxTaskResultWaitsPerPrincipal: 1, maxTaskResultWaits: 2 });
    const task = async (who: string) => JSON.parse((await legacy(dispatcher, 'tools/call', { name: 'gated', arguments: {}, task: {} }, as(who))).body).result.task.taskId as string;
    const [a, b, c] = [await task('alice'), await task('bob'), await task('carol')];
    const waiting = [legacy(dispatcher, 'tasks/result', { taskId: a }, as('alice'))];
    const mine = await legacy(dispatcher, 'tasks/result', { taskId: a }, as('alice'));
    expect(mine.status).toBe(503);
    expect(JSON.parse(mine.body).error).toEqual({ code: -32000, message: 'Server busy: this caller has 1 tasks/result requests waiting (maxTaskResultWaitsPerPrincipal (1)); try again later' });
    waiting.push(legacy(dispatcher, 'tasks/result', { taskId: b }, as('bob')));
    const full = await legacy(dispatcher, 'tasks/result', { taskId: c }, as('carol'));
    expect(full.status).toBe(503);
    expect(JSON.parse(full.body).error.message).toBe('Server busy: 2 tasks/result requests are waiting (maxTaskResultWaits (2)); try again later');
    open();
    for (const answered of await Promise.all(waiting)) expect(JSON.parse(answered.body).result.content).toEqual([{ type: 'text', text: 'opened' }]);
    expect(JSON.parse((await legacy(dispatcher, 'tasks/result', { taskId: c }, as('carol'))).body).result.content).toEqual([{ type: 'text', text: 'opened' }]); // the waits are free again
  });

  it('checks the new options', () => {
    const make = (options: DispatcherOptions) => () => new Dispatcher(new ServiceDefinition(), new ToolDeclaration('x', '1'), options);
    expect(make({ maxConcurrentCallsPerPrincipal: 0 })).toThrow(/option maxConcurrentCallsPerPrincipal: expected a positive integer or Infinity, got 0/);
    expect(make({ taskTimeoutMs: 2 ** 31 })).toThrow(/option taskTimeoutMs: expected a positive integer up to 2147483647, or Infinity/);
    expect(make({ maxRunningTasksPerPrincipal: 1.5 })).toThrow(/option maxRunningTasksPerPrincipal/);
    expect(make({ maxTaskResultWaits: -1 })).toThrow(/option maxTaskResultWaits/);
    expect(make({ maxTaskResultWaitsPerPrincipal: Infinity, maxConcurrentCallsPerPrincipal: Infinity, taskTimeoutMs: Infinity })).not.toThrow();
  });
});
