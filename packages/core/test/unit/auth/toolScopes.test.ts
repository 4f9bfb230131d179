/**
 * Per-tool scopes in the dispatcher: `tool.setScopes`, the 403 `insufficient_scope` of a
 * tools/call whose token lacks them (decided when the call is dispatched, with the challenge
 * header on the DispatchResult), `context.auth` for procedures, tools/list without the tools
 * the token cannot call (`listOnlyPermittedTools`), and the resource metadata document.
 */
import { Access } from '../../../src/transport';
import { Dispatcher, ServiceDefinition, ToolDeclaration, integerType } from '../../../src';
import { ProtectedResourceMetadata } from '../../../src/http';
import type { AccessPolicy } from '../../../src/transport';
import type { AuthInfo, CallContext } from '../../../src';

const METADATA = 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp';

function service() {
  const decl = new ToolDeclaration('scoped', '1.0.0');
  decl.addTool('add', 'Add').addParam('a', integerType()).addParam('b', integerType());
  decl.addTool('admin_reset', 'Reset').setScopes(['admin']);
  decl.addTool('whoami', 'Who').setScopes(['tools', 'profile']);
  const defs = new ServiceDefinition()
    .registerProcedure('add', (a: number, b: number) => a + b)
    .registerProcedure('admin_reset', () => 'reset')
    .registerProcedure('whoami', (context: CallContext) => ({ subject: context.auth?.subject, scopes: context.auth?.scopes.join(' ') }));
  return new Dispatcher(defs, decl);
}

function access(scopes: string[], policy: Partial<AccessPolicy> = {}): Access {
  const auth: AuthInfo = Object.freeze({ subject: 'alice', scopes });
  return new Access(auth, { resourceMetadataUrl: METADATA, requiredScopes: [], listOnlyPermittedTools: false, ...policy });
}

const call = (name: string, args: object = {}, id = 7) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

describe('per-tool scopes', () => {
  it('answers 403 insufficient_scope naming the scopes, with the challenge header, before the procedure runs', async () => {
    const result = await service().dispatch(call('whoami'), { access: access(['tools']) });
    expect(result.status).toBe(403);
    expect(result.headers).toEqual({ 'WWW-Authenticate': `Bearer error="insufficient_scope", scope="tools profile", resource_metadata="${METADATA}"` });
    expect(JSON.parse(result.body)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32600, message: 'Forbidden: insufficient_scope: tool "whoami" requires scope tools profile (missing: profile)' },
    });
  });

  it('names the endpoint-wide required scopes in the challenge too', async () => {
    const result = await service().dispatch(call('admin_reset'), { access: access(['tools'], { requiredScopes: ['tools'] }) });
    expect(result.headers?.['WWW-Authenticate']).toContain('scope="tools admin"');
  });

  it('runs the tool when the token has its scopes, and the procedure reads context.auth', async () => {
    const result = await service().dispatch(call('whoami'), { access: access(['tools', 'profile']) });
    expect(result.status).toBe(200);
    expect(result.headers).toBeUndefined();
    expect(JSON.parse(result.body).result.content[0].text).toBe('  subject: alice\n  scopes: tools profile');
  });

  it('checks nothing without an access (stdio, open HTTP): context.auth is undefined', async () => {
    const dispatcher = service();
    expect(JSON.parse((await dispatcher.dispatch(call('admin_reset'))).body).result.content[0].text).toBe('reset');
    expect(JSON.parse((await dispatcher.dispatch(call('whoami'))).body).result.content[0].text).toBe('{}');
  });

  it('leaves unknown tools and tools without scopes to the usual answers', async () => {
    const dispatcher = service();
    const unknown = await dispatcher.dispatch(call('nope'), { access: access([]) });
    expect([unknown.status, JSON.parse(unknown.body).error.code]).toEqual([200, -32602]);
    expect((await dispatcher.dispatch(call('add', { a: 1, b: 2 }), { access: access([]) })).status).toBe(200);
  });

  it('answers a forbidden call inside a batch in-band (the batch itself is 200)', async () => {
    const batch = `[${call('admin_reset', {}, 1)},${call('add', { a: 1, b: 2 }, 2)}]`;
    const result = await service().dispatch(batch, { protocolVersion: '2025-03-26', access: access([]) });
    expect(result.status).toBe(200);
    const [denied, added] = JSON.parse(result.body);
    expect(denied.error.message).toMatch(/^Forbidden: insufficient_scope: tool "admin_reset"/);
    expect(added.result.content[0].text).toBe('3');
  });

  it('lists every tool by default, and only the permitted ones with listOnlyPermittedTools', async () => {
    const names = async (a: Access) => JSON.parse((await service().dispatch(list, { access: a })).body).result.tools.map((t: { name: string }) => t.name);
    expect(await names(access([]))).toEqual(['add', 'admin_reset', 'whoami']);
    expect(await names(access(['tools'], { listOnlyPermittedTools: true }))).toEqual(['add']);
    expect(await names(access(['tools', 'profile', 'admin'], { listOnlyPermittedTools: true }))).toEqual(['add', 'admin_reset', 'whoami']);
  });

  it('marks a filtered 2026-07-28 list cacheScope "private", even when the declaration says "public"', async () => {
    const decl = new ToolDeclaration('public', '1.0.0', { cacheScope: 'public', ttlMs: 60_000 });
    decl.addTool('open', 'Anyone');
    decl.addTool('admin_reset', 'Admins').setScopes(['admin']);
    const dispatcher = new Dispatcher(new ServiceDefinition(), decl, { missingProcedures: 'ignore' });
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
    const modernList = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } });
    const filtered = JSON.parse((await dispatcher.dispatch(modernList, { access: access([], { listOnlyPermittedTools: true }) })).body).result;
    expect(filtered).toMatchObject({ tools: [{ name: 'open' }], ttlMs: 60_000, cacheScope: 'private', resultType: 'complete' });
    const whole = JSON.parse((await dispatcher.dispatch(modernList, { access: access(['admin'], { listOnlyPermittedTools: true }) })).body).result;
    expect(whole).toMatchObject({ tools: [{ name: 'open' }, { name: 'admin_reset' }], cacheScope: 'public' });
  });

  it('keeps the cursors of the whole list when a page is filtered', async () => {
    const decl = new ToolDeclaration('paged', '1.0.0', { pageSize: 2 });
    decl.addTool('a', 'A').setScopes(['x']);
    decl.addTool('b', 'B');
    decl.addTool('c', 'C');
    // only tools/list is asked: the tools need no procedures (and the missing ones need no warning)
    const dispatcher = new Dispatcher(new ServiceDefinition(), decl, { missingProcedures: 'ignore' });
    const first = JSON.parse((await dispatcher.dispatch(list, { access: access([], { listOnlyPermittedTools: true }) })).body).result;
    expect(first.tools.map((t: { name: string }) => t.name)).toEqual(['b']);
    expect(first.nextCursor).toBe(decl.toToolsList(undefined).nextCursor);
  });

  it('checks setScopes arguments', () => {
    const tool = new ToolDeclaration('x', '1').addTool('t', 'T');
    expect(() => tool.setScopes('admin' as never)).toThrow('Tool "t" setScopes: expected an array of scope strings, got string');
    expect(() => tool.setScopes(['read write'])).toThrow(/scopes\[0\] to be a scope/);
    expect(() => tool.setScopes([''])).toThrow(TypeError);
    expect(tool.setScopes(['read', 'read', 'write']).scopes).toEqual(['read', 'write']);
  });
});

describe('ProtectedResourceMetadata', () => {
  const auth = { resource: 'https://mcp.example.com/mcp', authorizationServers: ['https://auth.example.com'], verify: () => undefined, scopesSupported: ['tools', 'admin'] };

  it('builds the RFC 9728 document from configuration', () => {
    const metadata = new ProtectedResourceMetadata(auth);
    expect(metadata.url).toBe(METADATA);
    const ok = metadata.answer('GET');
    expect(ok.status).toBe(200);
    expect(ok.headers).toEqual({ 'Access-Control-Allow-Origin': '*', 'Content-Type': 'application/json' });
    expect(JSON.parse(ok.body)).toEqual({
      resource: 'https://mcp.example.com/mcp',
      authorization_servers: ['https://auth.example.com'],
      scopes_supported: ['tools', 'admin'],
      bearer_methods_supported: ['header'],
    });
  });

  it('answers HEAD like GET, the preflight 204 and other methods 405', () => {
    const metadata = new ProtectedResourceMetadata(auth);
    expect(metadata.answer('HEAD')).toBe(metadata.answer('GET'));
    expect(metadata.answer('OPTIONS').status).toBe(204);
    expect(metadata.answer('POST')).toMatchObject({ status: 405, headers: { Allow: 'GET, HEAD, OPTIONS' } });
  });

  it('leaves scopes_supported out when not configured, and checks its option like the endpoint', () => {
    const { scopesSupported: _unused, ...bare } = auth;
    expect(JSON.parse(new ProtectedResourceMetadata(bare).answer('GET').body)).not.toHaveProperty('scopes_supported');
    expect(() => new ProtectedResourceMetadata({ ...auth, resource: 'x' })).toThrow(TypeError);
  });
});
