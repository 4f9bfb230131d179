/**
 * Prompt procedures run as calls do: on 2026-07-28 `ctx.elicit` answers `input_required` with a
 * sealed state and the retry completes the prompt (a state issued for a tool of the same name
 * does not pass, nor the reverse); `callTimeoutMs` ends a prompt that runs too long (-32603,
 * its signal aborted); `maxConcurrentCalls` counts prompts in flight.
 */
import { Dispatcher, ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import type { DispatcherOptions } from '@toolwire/core';

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': { elicitation: {} } };
const NAME = { type: 'object' as const, properties: { name: { type: 'string' } }, required: ['name'] };

function server(options: DispatcherOptions = {}) {
  const decl = new ToolDeclaration('asker', '1.0.0');
  const defs = new ServiceDefinition();
  const greet = decl.addPrompt('greet', 'Asks who to greet');
  defs.registerPrompt(greet, async (_args, ctx) => {
    const answer = await ctx.elicit({ message: 'Who?', requestedSchema: NAME });
    return `Greet ${String(answer.content?.name)}`;
  });
  defs.registerTool(decl.addTool('greet', 'A tool of the same name'), async (ctx) => {
    const answer = await ctx.elicit({ message: 'Who?', requestedSchema: NAME });
    return `tool ${String(answer.content?.name)}`;
  });
  const aborted: unknown[] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  defs.registerPrompt(decl.addPrompt('hang', 'Never ends'), (_args, ctx) => {
    ctx.signal.addEventListener('abort', () => aborted.push(ctx.signal.reason));
    return held.then(() => 'released');
  });
  const d = new Dispatcher(defs, decl, options);
  const send = async (method: string, params: Record<string, unknown>, modern = true) => {
    const result = await d.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: modern ? { ...params, _meta: META } : params }), { protocolVersion: modern ? undefined : '2025-11-25' });
    return { status: result.status, body: JSON.parse(result.body) };
  };
  return { send, aborted, release, d };
}

describe('prompt procedures that ask (2026-07-28)', () => {
  it('answers input_required, then completes the prompt with the answer', async () => {
    const { send } = server();
    const first = await send('prompts/get', { name: 'greet' });
    expect(first.body.result).toMatchObject({ resultType: 'input_required', inputRequests: { 'elicitation-1': { method: 'elicitation/create', params: { message: 'Who?' } } } });
    const done = await send('prompts/get', { name: 'greet', requestState: first.body.result.requestState, inputResponses: { 'elicitation-1': { action: 'accept', content: { name: 'Ada' } } } });
    expect(done.body.result).toMatchObject({ messages: [{ role: 'user', content: { type: 'text', text: 'Greet Ada' } }], resultType: 'complete' });
  });

  it('an ask the request\'s capabilities lack is -32021 naming the prompt, not a tool (HTTP 400)', async () => {
    const { d } = server();
    const without = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
    const result = await d.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'prompts/get', params: { name: 'greet', _meta: without } }));
    expect(result.status).toBe(400);
    expect(JSON.parse(result.body).error).toEqual({ code: -32021, message: 'Missing required client capability: elicitation (prompt "greet" asks for it)', data: { requiredCapabilities: { elicitation: {} } } });
  });

  it('does not take the state of the tool of the same name, nor give its own to the tool', async () => {
    const { send } = server();
    const answers = { 'elicitation-1': { action: 'accept', content: { name: 'Ada' } } };
    const prompt = await send('prompts/get', { name: 'greet' });
    const tool = await send('tools/call', { name: 'greet', arguments: {} });
    expect((await send('tools/call', { name: 'greet', arguments: {}, requestState: prompt.body.result.requestState, inputResponses: answers })).body.error.code).toBe(-32602);
    expect((await send('prompts/get', { name: 'greet', requestState: tool.body.result.requestState, inputResponses: answers })).body.error.code).toBe(-32602);
  });
});

describe('prompt procedures and the call limits', () => {
  it('ends a prompt at callTimeoutMs with -32603 and aborts its signal', async () => {
    const { send, aborted } = server({ callTimeoutMs: 20, onError: () => undefined });
    const answered = await send('prompts/get', { name: 'hang' }, false);
    expect(answered.body.error).toEqual({ code: -32603, message: 'Prompt "hang" timed out after 20 ms' });
    expect(aborted).toHaveLength(1);
  });

  it('counts prompts in flight against maxConcurrentCalls (503)', async () => {
    const { send, release } = server({ maxConcurrentCalls: 1 });
    const first = send('prompts/get', { name: 'hang' }, false);
    const refused = await send('prompts/get', { name: 'hang' }, false);
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe(-32000);
    expect(refused.body.error.message).toBe('Server busy: 1 tool and prompt calls are in flight (maxConcurrentCalls (1)); try again later');
    release();
    expect((await first).body.result.messages[0].content.text).toBe('released');
  });
});
