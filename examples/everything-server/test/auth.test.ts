/**
 * The everything server with `--auth-issuer` and `--auth-resource` (a spawned process, a real
 * authorization server beside it): tokens are required, the metadata is served where the
 * challenge says, `admin_reset` needs the scope `admin`, and the official SDK client works
 * with a token. The resource is a public https URL, as behind a TLS-terminating proxy.
 */
import type { ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startServer } from '../src/conformance';
import { startAuthServer, AuthServer } from '../../../packages/jwt/test/helpers/authServer';

jest.setTimeout(30_000);

const RESOURCE = 'https://mcp.example.test/mcp';
let as: AuthServer;
let child: ChildProcess;
let url: string;

beforeAll(async () => {
  as = await startAuthServer();
  ({ url, child } = await startServer(['--auth-issuer', as.url, '--auth-resource', RESOURCE]));
});

afterAll(async () => {
  child?.kill();
  await as?.stop();
});

const post = (body: unknown, token?: string) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
const reset = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'admin_reset', arguments: {} } };

describe('everything-server --auth-issuer --auth-resource', () => {
  it('answers a request without a token 401, pointing at the metadata of the configured resource', async () => {
    const res = await post({ jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer resource_metadata="https://mcp.example.test/.well-known/oauth-protected-resource/mcp"');
    const metadata = await fetch(url.replace('/mcp', '/.well-known/oauth-protected-resource/mcp'));
    expect(await metadata.json()).toEqual({ resource: RESOURCE, authorization_servers: [as.url], scopes_supported: ['admin'], bearer_methods_supported: ['header'] });
  });

  it('serves the SDK client with a token for the resource, and admin_reset only with the scope admin', async () => {
    const client = new Client({ name: 'everything-auth', version: '1.0.0' });
    const token = await as.token({ aud: RESOURCE, claims: { sub: 'ada' } });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    try {
      expect(await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } })).toMatchObject({ content: [{ text: '5' }] });
    } finally {
      await client.close();
    }
    const denied = await post(reset, token);
    expect([denied.status, denied.headers.get('www-authenticate')]).toEqual([403, expect.stringContaining('error="insufficient_scope", scope="admin"')]);
    const allowed = await post(reset, await as.token({ aud: RESOURCE, scope: 'admin', claims: { sub: 'root' } }));
    expect(((await allowed.json()) as { result: { content: { text: string }[] } }).result.content[0].text).toMatch(/^reset by root; \d+ note reads cleared$/);
  });

  it('refuses a token for another resource', async () => {
    expect((await post(reset, await as.token({ aud: 'https://other.example.test/mcp', scope: 'admin' }))).status).toBe(401);
  });
});
