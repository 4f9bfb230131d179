/**
 * Tools that ask: context.elicit / sample / listRoots. On 2026-07-28 a multi round-trip call
 * (input_required with a sealed requestState, the retry answering in order); the refusals
 * (-32021 without the capability, -32602 for a tampered, foreign, stale or other-call state and
 * for missing or malformed answers); on stateless legacy HTTP an error the tool can catch.
 */
import { Dispatcher, InputUnavailableError, ServiceDefinition, ToolDeclaration, stringType } from '@toolwire/core';
import type { DispatcherOptions } from '@toolwire/core';

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' };
const ALL = { elicitation: {}, sampling: {}, roots: {} };
const CONFIRM = { type: 'object' as const, properties: { ok: { type: 'boolean' } }, required: ['ok'] };

function server(options: DispatcherOptions = {}) {
  const decl = new ToolDeclaration('asker', '1.0.0');
  const defs = new ServiceDefinition();
  const runs: string[] = [];
  const remove = decl.addTool('delete_file', 'Deletes a file once the user confirms').addParam('path', stringType());
  defs.registerTool(remove, async (path, ctx) => {
    runs.push(path);
    const answer = await ctx.elicit({ message: `Delete ${path}?`, requestedSchema: CONFIRM });
    return answer.action === 'accept' && answer.content?.ok === true ? `deleted ${path}` : `kept ${path}`;
  });
  const survey = decl.addTool('survey', 'Asks three things at once, then one more');
  defs.registerTool(survey, async (ctx) => {
    const [name, capital, roots] = await Promise.all([
      ctx.elicit({ message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } }, { key: 'user_name' }),
      ctx.sample({ messages: [{ role: 'user', content: { type: 'text', text: 'Capital of France?' } }], maxTokens: 10 }, { key: 'capital_question' }),
      ctx.listRoots({ key: 'client_roots' }),
    ]);
    const ok = await ctx.elicit({ message: 'Sure?', requestedSchema: CONFIRM }, { key: 'confirm' });
    return `${String(name.content?.name)} / ${String(capital.content.text)} / ${roots.roots.map((r) => r.uri).join(',')} / ${String(ok.content?.ok)}`;
  });
  const polite = decl.addTool('polite', 'Asks, and does without when it cannot');
  defs.registerTool(polite, async (ctx) => {
    try {
      const answer = await ctx.elicit({ message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } });
      return `hello ${String(answer.content?.name)}`;
    } catch (error) {
      return error instanceof InputUnavailableError ? 'hello stranger' : 'unexpected';
    }
  });
  const plain = decl.addTool('plain', 'Never asks');
  defs.registerTool(plain, () => 'plain');
  const d = new Dispatcher(defs, decl, options);
  const call = async (name: string, args: Record<string, unknown>, extra: Record<string, unknown> = {}, capabilities: object = ALL) => {
    const result = await d.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args, _meta: { ...META, 'io.modelcontextprotocol/clientCapabilities': capabilities }, ...extra } }));
    return { status: result.status, body: JSON.parse(result.body) };
  };
  return { call, runs, d };
}

describe('2026-07-28 multi round-trip requests', () => {
  it('answers input_required with the ask and a sealed state, then completes with the answer', async () => {
    const { call, runs } = server();
    const first = await call('delete_file', { path: '/tmp/a' });
    expect(first.status).toBe(200);
    expect(first.body.result).toEqual({
      resultType: 'input_required',
      inputRequests: { 'elicitation-1': { method: 'elicitation/create', params: { message: 'Delete /tmp/a?', requestedSchema: CONFIRM } } },
      requestState: expect.stringMatching(/^[\w-]+\.[\w-]+$/),
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'asker', version: '1.0.0' } },
    });
    const done = await call('delete_file', { path: '/tmp/a' }, { requestState: first.body.result.requestState, inputResponses: { 'elicitation-1': { action: 'accept', content: { ok: true } } } });
    expect(done.body.result).toMatchObject({ content: [{ type: 'text', text: 'deleted /tmp/a' }], isError: false, resultType: 'complete' });
    const declined = await call('delete_file', { path: '/tmp/a' }, { requestState: first.body.result.requestState, inputResponses: { 'elicitation-1': { action: 'decline' } } });
    expect(declined.body.result.content[0].text).toBe('kept /tmp/a');
    expect(runs).toEqual(['/tmp/a', '/tmp/a', '/tmp/a']); // the procedure runs again on every round
  });

  it('puts the asks of one turn into one result, keeps earlier answers in the state across rounds', async () => {
    const { call } = server();
    const first = (await call('survey', {})).body.result;
    expect(Object.keys(first.inputRequests)).toEqual(['user_name', 'capital_question', 'client_roots']);
    expect(first.inputRequests.capital_question.method).toBe('sampling/createMessage');
    expect(first.inputRequests.client_roots).toEqual({ method: 'roots/list', params: {} });
    const second = (
      await call('survey', {}, {
        requestState: first.requestState,
        inputResponses: { user_name: { action: 'accept', content: { name: 'Ada' } }, capital_question: { role: 'assistant', content: { type: 'text', text: 'Paris' } }, client_roots: { roots: [{ uri: 'file:///w' }] }, extra: 'ignored' },
      })
    ).body.result;
    expect(second.resultType).toBe('input_required');
    expect(Object.keys(second.inputRequests)).toEqual(['confirm']);
    const done = (await call('survey', {}, { requestState: second.requestState, inputResponses: { confirm: { action: 'accept', content: { ok: true } } } })).body.result;
    expect(done.content[0].text).toBe('Ada / Paris / file:///w / true');
  });

  it('refuses a tampered state, one for other arguments, one sealed with another key, and missing or malformed answers (-32602)', async () => {
    const { call } = server({ requestStateKey: 'k'.repeat(32) });
    const state: string = (await call('delete_file', { path: '/a' })).body.result.requestState;
    const answers = { 'elicitation-1': { action: 'accept', content: { ok: true } } };
    const other = server({ requestStateKey: 'o'.repeat(32) });
    const cases: [string, Promise<{ status: number; body: { error?: { code: number; message: string } } }>, RegExp][] = [
      ['tampered', call('delete_file', { path: '/a' }, { requestState: state + '-TAMPERED', inputResponses: answers }), /malformed|failed verification/],
      ['other arguments', call('delete_file', { path: '/etc/passwd' }, { requestState: state, inputResponses: answers }), /failed verification/],
      ['another server', other.call('delete_file', { path: '/a' }, { requestState: state, inputResponses: answers }), /failed verification/],
      ['missing answers', call('delete_file', { path: '/a' }, { requestState: state, inputResponses: { wrong: {} } }), /must answer "elicitation-1"/],
      ['no inputResponses', call('delete_file', { path: '/a' }, { requestState: state, inputResponses: null }), /inputResponses must be an object/],
      ['malformed answer', call('delete_file', { path: '/a' }, { requestState: state, inputResponses: { 'elicitation-1': 12345 } }), /expected a result object/],
    ];
    for (const [name, pending, message] of cases) {
      const { status, body } = await pending;
      expect([name, status, body.error?.code]).toEqual([name, 200, -32602]);
      expect(body.error?.message).toMatch(message);
    }
  });

  it('accepts a state sealed by another instance with the same key (behind a load balancer)', async () => {
    const key = new Uint8Array(32).fill(7);
    const first = (await server({ requestStateKey: key }).call('delete_file', { path: '/a' })).body.result;
    const done = await server({ requestStateKey: key }).call('delete_file', { path: '/a' }, { requestState: first.requestState, inputResponses: { 'elicitation-1': { action: 'accept', content: { ok: true } } } });
    expect(done.body.result.content[0].text).toBe('deleted /a');
  });

  it('refuses an expired state', async () => {
    const { call } = server();
    const state: string = (await call('delete_file', { path: '/a' })).body.result.requestState;
    const later = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 11 * 60 * 1000);
    try {
      const { body } = await call('delete_file', { path: '/a' }, { requestState: state, inputResponses: { 'elicitation-1': { action: 'decline' } } });
      expect(body.error).toEqual({ code: -32602, message: expect.stringContaining('expired') });
    } finally {
      later.mockRestore();
    }
  });

  it('answers -32021 naming the capability the request did not declare (HTTP 400)', async () => {
    const { call } = server();
    const { status, body } = await call('delete_file', { path: '/a' }, {}, { sampling: {} });
    expect(status).toBe(400);
    expect(body.error).toEqual({ code: -32021, message: expect.stringContaining('elicitation'), data: { requiredCapabilities: { elicitation: {} } } });
  });

  it('takes inputResponses without a requestState as the client\'s answers, and asks again for what they miss', async () => {
    const { call } = server();
    const answered = await call('delete_file', { path: '/b' }, { inputResponses: { 'elicitation-1': { action: 'accept', content: { ok: true } }, unknown_key: 1 } });
    expect(answered.body.result.content[0].text).toBe('deleted /b');
    const wrongKey = await call('delete_file', { path: '/b' }, { inputResponses: { other: { action: 'accept' } } });
    expect(wrongKey.body.result).toMatchObject({ resultType: 'input_required', inputRequests: { 'elicitation-1': { method: 'elicitation/create' } } });
    expect((await call('delete_file', { path: '/b' }, { inputResponses: { 'elicitation-1': 12345 } })).body.error.code).toBe(-32602);
  });

  it('ignores inputResponses and requestState on a tool that never asks', async () => {
    const { call } = server();
    const { body } = await call('plain', {}, { requestState: 'garbage', inputResponses: { x: 1 } });
    expect(body.result).toMatchObject({ content: [{ type: 'text', text: 'plain' }], resultType: 'complete' });
  });
});

describe('asks on stateless legacy HTTP', () => {
  it('reject at once with InputUnavailableError; uncaught, the call is isError with a clear message', async () => {
    const { d } = server();
    const legacy = async (name: string, args: object) => JSON.parse((await d.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name, arguments: args } }), { protocolVersion: '2025-11-25' })).body);
    expect((await legacy('polite', {})).result.content[0].text).toBe('hello stranger');
    const failed = (await legacy('delete_file', { path: '/a' })).result;
    expect(failed.isError).toBe(true);
    expect(failed.content[0].text).toBe('Tool "delete_file" asked the client for user input (elicitation), but a stateless HTTP request under protocol 2025-11-25 has no way back to the client (serve the tool over stdio, or use MCP 2026-07-28)');
  });

  it('checks the requestStateKey option', () => {
    const { d } = server();
    expect(d).toBeDefined();
    expect(() => server({ requestStateKey: 'short' })).toThrow(/option requestStateKey: expected a string or Uint8Array of at least 32 bytes/);
  });
});
