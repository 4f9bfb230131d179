/**
 * completion/complete in the dispatcher: a prompt argument's and a template variable's
 * completion functions, `context.arguments` passed through, the 100-value cut with `hasMore`,
 * -32602 for unknown refs and malformed params, the `completions` capability only when a
 * completion function exists (the method unknown otherwise), and the target's scopes.
 */
import { Access } from '../../src/transport';
import { Dispatcher, ServiceDefinition, ToolDeclaration } from '../../src';
import type { AuthInfo } from '../../src';

function server() {
  const decl = new ToolDeclaration('complete', '1.0.0');
  const pick = decl
    .addPrompt('pick', 'Pick a language')
    .addArgument('language')
    .addArgument('framework', undefined, { required: false })
    .setCompletion('language', (value) => ['python', 'perl', 'typescript'].filter((l) => l.startsWith(value)))
    .setCompletion('framework', async (value, { arguments: args }) => ({ values: [`${args.language ?? '?'}-${value}`], total: 7, hasMore: true }));
  decl.addPrompt('many', 'Many values').addArgument('n').setCompletion('n', () => Array.from({ length: 150 }, (_, i) => String(i)));
  decl.addPrompt('ops', 'Scoped').addArgument('x').setScopes(['ops']).setCompletion('x', () => ['secret']);
  decl.addResourceTemplate('test://notes/{id}', 'note').setCompletion('id', (value) => ['1', '2', '10'].filter((id) => id.startsWith(value)));
  const defs = new ServiceDefinition().registerPrompt(pick, ({ language }) => language);
  return { decl, dispatcher: new Dispatcher(defs, decl, { missingProcedures: 'ignore' }) };
}

async function complete(dispatcher: Dispatcher, params: unknown, access?: Access) {
  const result = await dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'completion/complete', params }), { protocolVersion: '2025-11-25', access });
  return { status: result.status, ...JSON.parse(result.body) };
}

describe('completion/complete', () => {
  it('completes a prompt argument from its function', async () => {
    const { dispatcher } = server();
    const { result } = await complete(dispatcher, { ref: { type: 'ref/prompt', name: 'pick' }, argument: { name: 'language', value: 'p' } });
    expect(result).toEqual({ completion: { values: ['python', 'perl'] } });
  });

  it('passes context.arguments and keeps total and hasMore', async () => {
    const { dispatcher } = server();
    const { result } = await complete(dispatcher, { ref: { type: 'ref/prompt', name: 'pick' }, argument: { name: 'framework', value: 'dj' }, context: { arguments: { language: 'python' } } });
    expect(result).toEqual({ completion: { values: ['python-dj'], total: 7, hasMore: true } });
  });

  it('sends at most 100 values and then says there are more', async () => {
    const { dispatcher } = server();
    const { result } = await complete(dispatcher, { ref: { type: 'ref/prompt', name: 'many' }, argument: { name: 'n', value: '' } });
    expect(result.completion.values).toHaveLength(100);
    expect(result.completion).toMatchObject({ total: 150, hasMore: true });
  });

  it('completes a resource template variable', async () => {
    const { dispatcher } = server();
    const { result } = await complete(dispatcher, { ref: { type: 'ref/resource', uri: 'test://notes/{id}' }, argument: { name: 'id', value: '1' } });
    expect(result).toEqual({ completion: { values: ['1', '10'] } });
  });

  it('answers an argument without a completion function with no values', async () => {
    const { dispatcher } = server();
    const { result } = await complete(dispatcher, { ref: { type: 'ref/resource', uri: 'test://notes/{id}' }, argument: { name: 'other', value: '' } });
    expect(result).toEqual({ completion: { values: [] } });
  });

  it('answers -32602 for unknown refs and malformed params', async () => {
    const { dispatcher } = server();
    expect((await complete(dispatcher, { ref: { type: 'ref/prompt', name: 'nope' }, argument: { name: 'a', value: '' } })).error).toEqual({ code: -32602, message: 'Invalid params: unknown prompt "nope"' });
    expect((await complete(dispatcher, { ref: { type: 'ref/resource', uri: 'test://other/{x}' }, argument: { name: 'x', value: '' } })).error.code).toBe(-32602);
    expect((await complete(dispatcher, { ref: { type: 'ref/tool', name: 'pick' }, argument: { name: 'a', value: '' } })).error.code).toBe(-32602);
    expect((await complete(dispatcher, { ref: { type: 'ref/prompt', name: 'pick' }, argument: { name: 'language' } })).error.code).toBe(-32602);
    expect((await complete(dispatcher, { ref: { type: 'ref/prompt', name: 'pick' }, argument: { name: 'language', value: '' }, context: { arguments: { a: 1 } } })).error.code).toBe(-32602);
  });

  it('declares completions only when a completion function exists, and is unknown without one', async () => {
    expect(server().decl.toInitializeResult().capabilities).toEqual({ tools: {}, resources: {}, prompts: {}, completions: {} });
    const decl = new ToolDeclaration('plain', '1');
    decl.addPrompt('p').addArgument('a');
    expect(decl.toInitializeResult().capabilities).toEqual({ tools: {}, prompts: {} });
    const dispatcher = new Dispatcher(new ServiceDefinition(), decl, { missingProcedures: 'ignore' });
    expect((await complete(dispatcher, { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } })).error.code).toBe(-32601);
  });

  it("refuses completing a prompt the token may not get with 403, as the get itself", async () => {
    const { dispatcher } = server();
    const access = (scopes: string[]) => new Access(Object.freeze({ subject: 'alice', scopes }) as AuthInfo, { resourceMetadataUrl: 'https://x/.well-known/oauth-protected-resource', requiredScopes: [], listOnlyPermittedTools: false });
    const params = { ref: { type: 'ref/prompt', name: 'ops' }, argument: { name: 'x', value: '' } };
    expect((await complete(dispatcher, params, access([]))).status).toBe(403);
    expect((await complete(dispatcher, params, access(['ops']))).result.completion.values).toEqual(['secret']);
  });
});
