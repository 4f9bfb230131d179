/**
 * Prompts in the dispatcher: declaring them (arguments required by default, setup mistakes at
 * once), prompts/list on every version (fields per version, pages, cursors, the 2026 cache
 * hints, listOnlyPermittedTools), prompts/get (every return shape, content per profile,
 * -32602 for an unknown prompt or a missing argument, Mcp-Name on 2026-07-28, scopes, the
 * call context), and the capability declared only when a prompt exists.
 */
import { Access } from '../../src/transport';
import { Dispatcher, MODERN_PROTOCOL_VERSIONS, ServiceDefinition, SUPPORTED_PROTOCOL_VERSIONS, ToolDeclaration, audio, image, resource, resourceLink } from '../../src';
import type { AuthInfo, PromptContext } from '../../src';

const MODERN = '2026-07-28';
const MODERN_META = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} };
const VERSIONS = [...SUPPORTED_PROTOCOL_VERSIONS, ...MODERN_PROTOCOL_VERSIONS];

function server(pageSize?: number) {
  const decl = new ToolDeclaration('prompts', '1.0.0', pageSize ? { pageSize } : {});
  const simple = decl.addPrompt('simple', 'A simple prompt').setTitle('Simple').setIcons([{ src: 'https://example.com/p.png' }]).setMeta({ tier: 'free' });
  const greet = decl.addPrompt('greet', 'Greets someone').addArgument('name', 'Who').addArgument('tone', 'How', { required: false });
  const media = decl.addPrompt('media', 'Every content kind');
  const secret = decl.addPrompt('secret', 'Needs a scope').setScopes(['ops']);
  const slow = decl.addPrompt('slow', 'Async, sees its context');
  const defs = new ServiceDefinition()
    .registerPrompt(simple, () => 'Say hello')
    .registerPrompt(greet, ({ name, tone }) => ({ description: 'A greeting', messages: [{ role: 'user', content: { type: 'text', text: `Greet ${name}${tone === undefined ? '' : ` (${tone})`}` } }] }))
    .registerPrompt(media, () => [
      { role: 'user', content: image(new Uint8Array([1, 2, 3]), 'image/png') },
      { role: 'assistant', content: audio('AAAA', 'audio/wav') },
      { role: 'user', content: resource({ uri: 'test://doc', mimeType: 'text/plain', text: 'doc' }) },
      { role: 'user', content: resourceLink({ uri: 'test://doc', name: 'doc' }) },
    ])
    .registerPrompt(secret, () => ({ role: 'user', content: { type: 'text', text: 'classified' } }))
    .registerPrompt(slow, async (_args, ctx: PromptContext) => `${ctx.requestId} ${ctx.protocolVersion} ${ctx.principal.kind} ${ctx.signal.aborted}`);
  return { decl, defs, dispatcher: new Dispatcher(defs, decl, { onError: () => undefined }) };
}

interface Options {
  version?: string;
  access?: Access;
  headers?: Record<string, string>;
}

async function rpc(dispatcher: Dispatcher, method: string, params: Record<string, unknown> = {}, options: Options = {}) {
  const version = options.version ?? '2025-11-25';
  const modern = version === MODERN;
  const message = { jsonrpc: '2.0', id: 1, method, params: modern ? { ...params, _meta: MODERN_META } : params };
  const headers = options.headers;
  const result = await dispatcher.dispatch(JSON.stringify(message), { protocolVersion: modern ? (headers && MODERN) : version, access: options.access, header: headers && ((h: string) => headers[h]) });
  return { status: result.status, headers: result.headers, ...JSON.parse(result.body) };
}

const access = (scopes: string[], listOnlyPermittedTools = false) =>
  new Access(Object.freeze({ subject: 'alice', scopes }) as AuthInfo, { resourceMetadataUrl: 'https://x/.well-known/oauth-protected-resource', requiredScopes: [], listOnlyPermittedTools });

describe('declaring prompts', () => {
  it('fails at once on a duplicate name, a bad argument, a completion of an unknown argument and a duplicate procedure', () => {
    const decl = new ToolDeclaration('d', '1');
    const p = decl.addPrompt('p', 'x').addArgument('a');
    expect(() => decl.addPrompt('p', 'again')).toThrow('addPrompt: duplicate prompt name "p"');
    expect(() => decl.addPrompt('has space', '')).toThrow(RangeError);
    expect(() => p.addArgument('a')).toThrow('duplicate argument "a"');
    expect(() => p.setCompletion('b' as 'a', () => [])).toThrow('the prompt has no argument "b"');
    const defs = new ServiceDefinition().registerPrompt(p, ({ a }) => a);
    expect(() => defs.registerPrompt(p, () => '')).toThrow('registerPrompt: duplicate procedure for prompt "p"');
    expect(() => new ServiceDefinition().registerPrompt({ name: 'p' } as never, () => '')).toThrow(TypeError);
  });

  it('declares the prompts capability only when a prompt exists', () => {
    expect(new ToolDeclaration('t', '1').toInitializeResult().capabilities).toEqual({ tools: {} });
    const { decl } = server();
    expect(decl.toInitializeResult().capabilities).toEqual({ tools: {}, prompts: {} });
    // 2026-07-28 delivers list changes through subscriptions/listen
    expect(decl.toDiscoverResult().capabilities).toEqual({ tools: { listChanged: true }, prompts: { listChanged: true } });
  });

  it('answers prompts/list and prompts/get -32601 when no prompt is declared', async () => {
    const decl = new ToolDeclaration('t', '1');
    const dispatcher = new Dispatcher(new ServiceDefinition(), decl);
    expect((await rpc(dispatcher, 'prompts/list')).error.code).toBe(-32601);
    expect((await rpc(dispatcher, 'prompts/get', { name: 'x' })).error.code).toBe(-32601);
  });
});

describe('prompts/list', () => {
  it.each(VERSIONS)('lists the prompts with the fields %s defines', async (version) => {
    const { dispatcher } = server();
    const { result } = await rpc(dispatcher, 'prompts/list', {}, { version });
    const titles = version >= '2025-06-18';
    const icons = version >= '2025-11-25';
    expect(result.prompts[0]).toEqual({
      name: 'simple',
      ...(titles ? { title: 'Simple' } : {}),
      description: 'A simple prompt',
      ...(icons ? { icons: [{ src: 'https://example.com/p.png' }] } : {}),
      ...(titles ? { _meta: { tier: 'free' } } : {}),
    });
    expect(result.prompts[1]).toEqual({ name: 'greet', description: 'Greets someone', arguments: [{ name: 'name', description: 'Who', required: true }, { name: 'tone', description: 'How', required: false }] });
    if (version === MODERN) expect(result).toMatchObject({ ttlMs: 0, cacheScope: 'private', resultType: 'complete' });
    else expect(result).not.toHaveProperty('ttlMs');
  });

  it('pages with the declaration pageSize and refuses a stale cursor with -32602', async () => {
    const { dispatcher } = server(2);
    const first = await rpc(dispatcher, 'prompts/list');
    expect(first.result.prompts.map((p: { name: string }) => p.name)).toEqual(['simple', 'greet']);
    const second = await rpc(dispatcher, 'prompts/list', { cursor: first.result.nextCursor });
    expect(second.result.prompts.map((p: { name: string }) => p.name)).toEqual(['media', 'secret']);
    expect((await rpc(dispatcher, 'prompts/list', { cursor: 'bogus' })).error).toMatchObject({ code: -32602, message: expect.stringContaining('prompt list') });
  });

  it('leaves out the prompts the token may not get with listOnlyPermittedTools, and is then private', async () => {
    const { dispatcher } = server();
    const filtered = await rpc(dispatcher, 'prompts/list', {}, { access: access([], true) });
    expect(filtered.result.prompts.map((p: { name: string }) => p.name)).not.toContain('secret');
    const all = await rpc(dispatcher, 'prompts/list', {}, { access: access(['ops'], true) });
    expect(all.result.prompts.map((p: { name: string }) => p.name)).toContain('secret');
  });
});

describe('prompts/get', () => {
  it.each(VERSIONS)('turns a string into one user text message on %s', async (version) => {
    const { dispatcher } = server();
    const { result } = await rpc(dispatcher, 'prompts/get', { name: 'simple' }, { version, headers: version === MODERN ? { 'mcp-protocol-version': MODERN, 'mcp-method': 'prompts/get', 'mcp-name': 'simple' } : undefined });
    expect(result.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Say hello' } }]);
    if (version === MODERN) expect(result.resultType).toBe('complete');
  });

  it('passes the declared arguments, optional ones absent, and returns the description', async () => {
    const { dispatcher } = server();
    expect((await rpc(dispatcher, 'prompts/get', { name: 'greet', arguments: { name: 'Ada' } })).result).toEqual({ description: 'A greeting', messages: [{ role: 'user', content: { type: 'text', text: 'Greet Ada' } }] });
    expect((await rpc(dispatcher, 'prompts/get', { name: 'greet', arguments: { name: 'Ada', tone: 'warm' } })).result.messages[0].content.text).toBe('Greet Ada (warm)');
  });

  it('answers -32602 for an unknown prompt, a missing required argument and an argument that is not a string', async () => {
    const { dispatcher } = server();
    expect((await rpc(dispatcher, 'prompts/get', { name: 'nope' })).error).toEqual({ code: -32602, message: 'Invalid params: Unknown prompt: nope' });
    expect((await rpc(dispatcher, 'prompts/get', { name: 'greet' })).error).toEqual({ code: -32602, message: 'Invalid params: Missing required argument "name" of prompt "greet"' });
    expect((await rpc(dispatcher, 'prompts/get', { name: 'greet', arguments: { name: 3 } })).error.code).toBe(-32602);
    expect((await rpc(dispatcher, 'prompts/get', {})).error.code).toBe(-32602);
  });

  it('writes a string answer byte for byte as the user text message it stands for, in every version', async () => {
    const decl = new ToolDeclaration('strings', '1.0.0');
    const asString = decl.addPrompt('as_string', 'A string');
    const asMessage = decl.addPrompt('as_message', 'The same message');
    const text = 'Say "hi"\n\u2028é';
    const defs = new ServiceDefinition().registerPrompt(asString, () => text).registerPrompt(asMessage, () => ({ role: 'user', content: { type: 'text', text } }));
    const dispatcher = new Dispatcher(defs, decl);
    for (const version of VERSIONS) {
      const bodies = [];
      for (const name of ['as_string', 'as_message']) {
        const modern = version === MODERN;
        const message = { jsonrpc: '2.0', id: 1, method: 'prompts/get', params: { name, ...(modern && { _meta: MODERN_META }) } };
        bodies.push((await dispatcher.dispatch(JSON.stringify(message), { protocolVersion: modern ? undefined : version })).body);
      }
      expect([version, bodies[0]]).toEqual([version, bodies[1]]);
      expect(JSON.parse(bodies[0]).result.messages).toEqual([{ role: 'user', content: { type: 'text', text } }]);
    }
  });

  it('writes every content kind per version: audio and resource links degrade on versions without them', async () => {
    const { dispatcher } = server();
    const current = (await rpc(dispatcher, 'prompts/get', { name: 'media' })).result.messages;
    expect(current.map((m: { content: { type: string } }) => m.content.type)).toEqual(['image', 'audio', 'resource', 'resource_link']);
    expect(current[0].content).toEqual({ type: 'image', data: 'AQID', mimeType: 'image/png' });
    const oldest = (await rpc(dispatcher, 'prompts/get', { name: 'media' }, { version: '2024-11-05' })).result.messages;
    expect(oldest.map((m: { content: { type: string } }) => m.content.type)).toEqual(['image', 'text', 'resource', 'text']);
  });

  it('requires Mcp-Name to state the prompt on 2026-07-28 over HTTP', async () => {
    const { dispatcher } = server();
    const wrong = await rpc(dispatcher, 'prompts/get', { name: 'simple' }, { version: MODERN, headers: { 'mcp-protocol-version': MODERN, 'mcp-method': 'prompts/get', 'mcp-name': 'greet' } });
    expect(wrong.status).toBe(400);
    expect(wrong.error.code).toBe(-32020);
  });

  it('refuses a get without the prompt scopes with 403 insufficient_scope', async () => {
    const { dispatcher } = server();
    const refused = await rpc(dispatcher, 'prompts/get', { name: 'secret' }, { access: access([]) });
    expect(refused.status).toBe(403);
    expect(refused.error.message).toContain('prompt "secret" requires scope ops');
    expect(refused.headers['WWW-Authenticate'] ?? refused.headers['www-authenticate']).toContain('insufficient_scope');
    expect((await rpc(dispatcher, 'prompts/get', { name: 'secret' }, { access: access(['ops']) })).result.messages[0].content.text).toBe('classified');
  });

  it('gives an async procedure the call context', async () => {
    const { dispatcher } = server();
    expect((await rpc(dispatcher, 'prompts/get', { name: 'slow' })).result.messages[0].content.text).toBe('1 2025-11-25 anonymous false');
  });

  it('answers -32603 for a malformed result and reports it', async () => {
    const decl = new ToolDeclaration('d', '1');
    const bad = decl.addPrompt('bad');
    const errors: unknown[] = [];
    const dispatcher = new Dispatcher(new ServiceDefinition().registerPrompt(bad, () => 42 as never), decl, { onError: (e, info) => errors.push([e, info]) });
    expect((await rpc(dispatcher, 'prompts/get', { name: 'bad' })).error).toEqual({ code: -32603, message: 'Internal error' });
    expect(errors).toHaveLength(1);
  });
});
