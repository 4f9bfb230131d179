/**
 * mcpFetchHandler with the `auth` option: the same 401/403 rules as the Express router (both are
 * core's), the body left unread on a 401, the 403 challenge header on a Response, context.auth,
 * a requestState bound to the token's subject, and protectedResourceMetadata as a Web handler.
 */
import { ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import type { CallContext } from '@toolwire/core';
import { mcpFetchHandler, protectedResourceMetadata } from '@toolwire/fetch';
import type { AuthOptions } from '@toolwire/fetch';
import { post, rpc } from '../helpers';

const RESOURCE = 'https://mcp.example.com/mcp';
const METADATA = 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp';
const auth: AuthOptions = {
  resource: RESOURCE,
  authorizationServers: ['https://auth.example.com'],
  verify: async (token) => (token === 'good' ? { subject: 'alice', scopes: ['tools'], audience: RESOURCE } : undefined),
};

function handler() {
  const decl = new ToolDeclaration('protected', '1.0.0');
  decl.addTool('whoami', 'Who');
  decl.addTool('admin_reset', 'Reset').setScopes(['admin']);
  const defs = new ServiceDefinition()
    .registerProcedure('whoami', (context: CallContext) => context.auth?.subject)
    .registerProcedure('admin_reset', () => 'reset');
  return mcpFetchHandler(decl, defs, { auth });
}

describe('mcpFetchHandler with auth', () => {
  it('answers 401 with the challenge without reading the body', async () => {
    let pulled = false;
    const body = new ReadableStream({ pull: () => void (pulled = true) }, { highWaterMark: 0 });
    const request = new Request('http://localhost/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit);
    const res = await handler()(request);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${METADATA}"`);
    expect(pulled).toBe(false);
  });

  it('serves a valid token and refuses a tool without its scope with 403 and the challenge', async () => {
    const handle = handler();
    const ok = await handle(post(rpc('tools/call', { name: 'whoami', arguments: {} }), { authorization: 'Bearer good' }));
    expect([ok.status, ((await ok.json()) as { result: { content: { text: string }[] } }).result.content[0].text]).toEqual([200, 'alice']);
    const denied = await handle(post(rpc('tools/call', { name: 'admin_reset', arguments: {} }), { authorization: 'Bearer good' }));
    expect(denied.status).toBe(403);
    expect(denied.headers.get('www-authenticate')).toBe(`Bearer error="insufficient_scope", scope="admin", resource_metadata="${METADATA}"`);
    expect(denied.headers.get('content-type')).toBe('application/json');
    const bad = await handle(post(rpc('ping'), { authorization: 'Bearer bad' }));
    expect([bad.status, bad.headers.get('www-authenticate')]).toEqual([401, expect.stringMatching(/^Bearer error="invalid_token"/)]);
  });

  it("binds a 2026-07-28 requestState to the token's subject: Alice's state is refused with Bob's token (-32602)", async () => {
    const decl = new ToolDeclaration('protected', '1.0.0');
    decl.addTool('confirm', 'Asks to confirm');
    const defs = new ServiceDefinition().registerProcedure('confirm', async (context: CallContext) =>
      (await context.elicit({ message: 'Sure?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } })).content?.ok === true ? 'confirmed' : 'no',
    );
    const people: Record<string, string> = { alice: 'alice', bob: 'bob' };
    const handle = mcpFetchHandler(decl, defs, { auth: { ...auth, verify: (token) => (people[token] ? { subject: people[token], issuer: 'https://auth.example.com', scopes: [], audience: RESOURCE } : undefined) } });
    const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'confirm' });
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': { elicitation: {} } };
    const call = async (token: string, extra: Record<string, unknown> = {}) =>
      (await (await handle(post(rpc('tools/call', { name: 'confirm', arguments: {}, _meta: meta, ...extra }), headers(token)))).json()) as { result?: { requestState?: string; content?: { text: string }[] }; error?: { code: number; message: string } };
    const { result } = await call('alice');
    const retry = { requestState: result?.requestState, inputResponses: { 'elicitation-1': { action: 'accept', content: { ok: true } } } };
    expect((await call('bob', retry)).error).toEqual({ code: -32602, message: expect.stringContaining('issued to another caller') });
    expect((await call('alice', retry)).result?.content?.[0].text).toBe('confirmed');
  });

  it('serves the metadata document as a Web handler', async () => {
    const metadata = protectedResourceMetadata(auth);
    const res = metadata(new Request('http://localhost/.well-known/oauth-protected-resource/mcp'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ resource: RESOURCE, authorization_servers: ['https://auth.example.com'], bearer_methods_supported: ['header'] });
    expect(metadata(new Request('http://localhost/x', { method: 'OPTIONS' })).status).toBe(204);
    expect(metadata(new Request('http://localhost/x', { method: 'DELETE' })).status).toBe(405);
  });
});
