/**
 * Typed replies: what a dispatcher answers carries its outcome as data (an error's code, message
 * and data; a result and whether it is a tool error), the era stamps results in one place — a
 * result's own `_meta`, and on 2026-07-28 its `resultType` and the serverInfo, each written once —
 * and an McpError thrown by any procedure is that JSON-RPC error.
 */
import { Dispatcher, McpError, MemoryNotificationBus, RemotingFault, ServiceDefinition, ToolDeclaration, withResultMeta } from '@toolwire/core';
import type { CallContext, DispatchContext } from '@toolwire/core';

const LEGACY = '2025-06-18';
const MODERN = '2026-07-28';
const meta = (version: string) => (version === MODERN ? { _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} } } : {});
const request = (version: string, id: number, method: string, params: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, ...meta(version) } });

function server() {
  const decl = new ToolDeclaration('typed', '1.0.0');
  decl.addTool('ok', 'Answers');
  decl.addTool('fails', 'A tool error');
  decl.addTool('refuses', 'Throws an McpError');
  decl.addTool('annotated', 'A result with its own _meta');
  decl.addResource('test://refused', 'refused');
  const prompt = decl.addPrompt('refused_prompt', 'Throws an McpError');
  const defs = new ServiceDefinition()
    .registerProcedure('ok', () => 'fine')
    .registerProcedure('fails', () => {
      throw new RemotingFault('not today');
    })
    .registerProcedure('refuses', () => {
      throw new McpError(-31000, 'over quota', { retryAfterSeconds: 5 });
    })
    .registerProcedure('annotated', () => withResultMeta('fine', { 'example.com/trace': 'abc' }))
    .registerResource('test://refused', () => {
      throw new McpError(-31002, 'not yet built');
    })
    .registerPrompt(prompt, () => {
      throw new McpError(-31003, 'no prompt for you', ['a', 1]);
    });
  return new Dispatcher(defs, decl, { onError: () => undefined });
}

describe('typed replies', () => {
  const dispatcher = server();

  it.each([LEGACY, MODERN])('an answer carries its outcome as data (%s): a result, a tool error, a JSON-RPC error', async (version) => {
    const ok = await dispatcher.dispatch(request(version, 1, 'tools/call', { name: 'ok', arguments: {} }));
    expect(ok.outcome).toMatchObject({ kind: 'result', isError: false });
    const failed = await dispatcher.dispatch(request(version, 2, 'tools/call', { name: 'fails', arguments: {} }));
    expect(failed.outcome).toMatchObject({ kind: 'result', isError: true });
    const unknown = await dispatcher.dispatch(request(version, 3, 'tools/call', { name: 'nope', arguments: {} }));
    expect(unknown.outcome).toEqual({ kind: 'error', code: -32602, message: 'Unknown tool: nope' });
    // the typed outcome and the text agree
    expect(JSON.parse(unknown.body).error).toEqual({ code: -32602, message: 'Unknown tool: nope' });
  });

  it('the modern era stamps a result once, before its closing brace; a result with its own _meta gets the serverInfo in that _meta', async () => {
    const plain = JSON.parse((await dispatcher.dispatch(request(MODERN, 4, 'tools/call', { name: 'ok', arguments: {} }))).body).result;
    expect(plain.resultType).toBe('complete');
    expect(plain._meta['io.modelcontextprotocol/serverInfo']).toEqual({ name: 'typed', version: '1.0.0' });
    const own = JSON.parse((await dispatcher.dispatch(request(MODERN, 5, 'tools/call', { name: 'annotated', arguments: {} }))).body).result;
    expect(own).toMatchObject({ resultType: 'complete', isError: false });
    expect(own._meta).toEqual({ 'example.com/trace': 'abc', 'io.modelcontextprotocol/serverInfo': { name: 'typed', version: '1.0.0' } });
    const legacy = JSON.parse((await dispatcher.dispatch(request(LEGACY, 6, 'tools/call', { name: 'ok', arguments: {} }))).body).result;
    expect(legacy).not.toHaveProperty('resultType');
    expect(legacy).not.toHaveProperty('_meta');
  });

  it.each([LEGACY, MODERN])('McpError from a tool, a resource read and a prompt is its JSON-RPC error with data (%s)', async (version) => {
    const tool = await dispatcher.dispatch(request(version, 7, 'tools/call', { name: 'refuses', arguments: {} }));
    expect(JSON.parse(tool.body)).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -31000, message: 'over quota', data: { retryAfterSeconds: 5 } } });
    expect(tool.outcome).toEqual({ kind: 'error', code: -31000, message: 'over quota', data: { retryAfterSeconds: 5 } });
    const read = await dispatcher.dispatch(request(version, 8, 'resources/read', { uri: 'test://refused' }));
    expect(JSON.parse(read.body)).toEqual({ jsonrpc: '2.0', id: 8, error: { code: -31002, message: 'not yet built' } });
    const got = await dispatcher.dispatch(request(version, 9, 'prompts/get', { name: 'refused_prompt' }));
    expect(JSON.parse(got.body)).toEqual({ jsonrpc: '2.0', id: 9, error: { code: -31003, message: 'no prompt for you', data: ['a', 1] } });
  });

  it('McpError refuses a code the specification reserves, and a code that is not an integer', () => {
    expect(() => new McpError(-32042, 'x')).toThrow(/reserves/);
    expect(() => new McpError(-32020, 'x')).toThrow(RangeError);
    expect(() => new McpError(-32099, 'x')).toThrow(RangeError);
    expect(() => new McpError(1.5, 'x')).toThrow(TypeError);
    expect(new McpError(-32019, 'x').code).toBe(-32019);
    expect(new McpError(-32602, 'bad', { field: 'a' })).toMatchObject({ code: -32602, message: 'bad', data: { field: 'a' }, name: 'McpError' });
  });
});

describe("the era's writer: the one place a result's _meta and result fields are written", () => {
  const SERVER_INFO_KEY = '"io.modelcontextprotocol/serverInfo"';
  const SERVER_INFO = { 'io.modelcontextprotocol/serverInfo': { name: 'written', version: '1.0.0' } };
  const TASKS = 'io.modelcontextprotocol/tasks';
  /** How often `needle` occurs in `text`: the writer writes each member once. */
  const count = (text: string, needle: string) => text.split(needle).length - 1;

  function writer() {
    const decl = new ToolDeclaration('written', '1.0.0');
    decl.addTool('annotated', 'A result with its own _meta');
    decl.addTool('annotated_task', 'The same, as a task').setTaskSupport('optional');
    decl.addTool('asks', 'Asks once');
    const defs = new ServiceDefinition()
      .registerProcedure('annotated', () => withResultMeta('fine', { 'example.com/trace': 'abc' }))
      .registerProcedure('annotated_task', async () => withResultMeta('later', { 'example.com/trace': 'def' }))
      .registerProcedure('asks', async (ctx: CallContext) => {
        const answer = await ctx.elicit({ message: 'Sure?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } });
        return String(answer.action);
      });
    const bus = new MemoryNotificationBus();
    return { dispatcher: new Dispatcher(defs, decl, { notificationBus: bus, onError: () => undefined }), bus };
  }
  const modern = (capabilities: object = {}) => ({ _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': capabilities } });
  const send = async (dispatcher: Dispatcher, version: string, id: number, method: string, params: Record<string, unknown>, context: Partial<DispatchContext> = {}) => {
    const body = (await dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, ...(version === MODERN ? modern(params.capabilities ?? {}) : {}) } }), { protocolVersion: version, ...context })).body;
    return { body, message: JSON.parse(body) };
  };

  it.each([
    ['2025-11-25', 'alone, and no resultType'],
    [MODERN, 'with the serverInfo after it (it wins a clash of keys) and resultType, each once'],
  ])("a tool result's own _meta on %s: %s", async (version) => {
    const { dispatcher } = writer();
    const { body, message } = await send(dispatcher, version, 1, 'tools/call', { name: 'annotated', arguments: {} });
    const own = { 'example.com/trace': 'abc' };
    if (version === MODERN) {
      expect(message.result).toEqual({ content: [{ type: 'text', text: 'fine' }], isError: false, resultType: 'complete', _meta: { ...own, ...SERVER_INFO } });
      expect([count(body, SERVER_INFO_KEY), count(body, '"_meta"'), count(body, '"resultType"')]).toEqual([1, 1, 1]);
      expect(body.indexOf('"example.com/trace"')).toBeLessThan(body.indexOf(SERVER_INFO_KEY));
    } else {
      expect(message.result).toEqual({ content: [{ type: 'text', text: 'fine' }], isError: false, _meta: own });
      expect([count(body, SERVER_INFO_KEY), count(body, '"_meta"'), count(body, '"resultType"')]).toEqual([0, 1, 0]);
    }
  });

  it('the subscriptions/listen final result: its subscription id and the serverInfo in one _meta on 2026-07-28; 2025-11-25 has no listen (-32601), so no final result', async () => {
    const { dispatcher } = writer();
    let acknowledged!: () => void;
    const heard = new Promise<void>((resolve) => (acknowledged = resolve));
    const listening = send(dispatcher, MODERN, 2, 'subscriptions/listen', { notifications: { toolsListChanged: true } }, { notify: () => acknowledged() });
    await heard;
    dispatcher.endSubscriptions();
    const { body, message } = await listening;
    expect(message.result).toEqual({ resultType: 'complete', _meta: { 'io.modelcontextprotocol/subscriptionId': 2, ...SERVER_INFO } });
    expect([count(body, SERVER_INFO_KEY), count(body, '"_meta"'), count(body, '"resultType"')]).toEqual([1, 1, 1]);
    const legacy = await send(dispatcher, '2025-11-25', 3, 'subscriptions/listen', { notifications: { toolsListChanged: true } }, { notify: () => undefined });
    expect(legacy.message.error.code).toBe(-32601);
    expect(count(legacy.body, SERVER_INFO_KEY)).toBe(0);
  });

  it('an interim result, a CreateTaskResult, tasks/get and tasks/cancel on 2026-07-28: their resultType and the serverInfo, each written once', async () => {
    const { dispatcher } = writer();
    const tasks = { extensions: { [TASKS]: {} } };
    const interim = await send(dispatcher, MODERN, 4, 'tools/call', { name: 'asks', arguments: {}, capabilities: { elicitation: {} } });
    expect(interim.message.result).toMatchObject({ resultType: 'input_required', _meta: SERVER_INFO });
    const created = await send(dispatcher, MODERN, 5, 'tools/call', { name: 'annotated_task', arguments: {}, capabilities: tasks });
    expect(created.message.result).toMatchObject({ resultType: 'task', status: 'working', _meta: SERVER_INFO });
    const taskId = created.message.result.taskId as string;
    // polls tasks/get as a client does, until the task completed
    let got = await send(dispatcher, MODERN, 6, 'tasks/get', { taskId, capabilities: tasks });
    for (let i = 0; i < 100 && got.message.result.status === 'working'; i++) got = await send(dispatcher, MODERN, 6, 'tasks/get', { taskId, capabilities: tasks });
    // the task's result is the tool's as its procedure made it (its own _meta); the serverInfo is the tasks/get result's
    expect(got.message.result).toMatchObject({ resultType: 'complete', status: 'completed', _meta: SERVER_INFO, result: { resultType: 'complete', _meta: { 'example.com/trace': 'def' } } });
    expect([count(got.body, SERVER_INFO_KEY), count(got.body, '"resultType"')]).toEqual([1, 2]); // its own resultType and its result's
    const cancelled = await send(dispatcher, MODERN, 7, 'tasks/cancel', { taskId, capabilities: tasks });
    expect(cancelled.message.result).toEqual({ resultType: 'complete', _meta: SERVER_INFO });
    for (const { body } of [interim, created, cancelled]) expect([count(body, SERVER_INFO_KEY), count(body, '"_meta"'), count(body, '"resultType"')]).toEqual([1, 1, 1]);
  });
});
