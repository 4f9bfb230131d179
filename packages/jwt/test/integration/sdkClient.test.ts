/**
 * End to end against a real authorization server running locally (oauth2-mock-server, signed
 * JWTs from a JWKS): an Express app whose router is a protected resource verified by
 * jwtVerifier, reached by the official SDK client with the token. The right audience works;
 * a wrong or missing audience, an expired token, a foreign key and garbage are 401; a missing
 * scope is 403; and the SDK's discovery helpers find the metadata from the 401.
 */
import express from 'express';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { discoverAuthorizationServerMetadata, discoverOAuthProtectedResourceMetadata, extractResourceMetadataUrl } from '@modelcontextprotocol/sdk/client/auth.js';
import { ServiceDefinition, ToolDeclaration, integerType } from '@toolwire/core';
import type { CallContext } from '@toolwire/core';
import { mcpRouter, protectedResourceMetadata } from '@toolwire/express';
import { jwtVerifier } from '@toolwire/jwt';
import { startAuthServer, AuthServer } from '../helpers/authServer';

jest.setTimeout(20_000);

let as: AuthServer;
let server: Server;
let url: string;

beforeAll(async () => {
  as = await startAuthServer();
  const app = express();
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  const decl = new ToolDeclaration('protected-demo', '1.0.0');
  decl.addTool('add', 'Add two integers').addParam('a', integerType()).addParam('b', integerType());
  decl.addTool('whoami', 'The caller');
  decl.addTool('admin_reset', 'Reset the server').setScopes(['admin']);
  const defs = new ServiceDefinition()
    .registerProcedure('add', (a: number, b: number) => a + b)
    .registerProcedure('whoami', (context: CallContext) => `${context.auth?.subject} ${context.auth?.scopes.join(',')}`)
    .registerProcedure('admin_reset', () => 'reset');
  const auth = { resource: url, authorizationServers: [as.url], verify: jwtVerifier({ issuer: as.url, audience: url }), scopesSupported: ['tools', 'admin'] };
  app.use('/.well-known/oauth-protected-resource/mcp', protectedResourceMetadata(auth));
  app.use('/mcp', mcpRouter(decl, defs, { auth }));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await as.stop();
});

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'auth-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

const ping = (headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) });

describe('a protected router with jwtVerifier and the official SDK client', () => {
  it('serves a token issued for this resource: list and call tools, context.auth from the JWT', async () => {
    const client = await connect(await as.token({ aud: url, scope: 'tools', claims: { sub: 'alice' } }));
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['add', 'whoami', 'admin_reset']);
      expect(await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } })).toEqual({ content: [{ type: 'text', text: '5' }], isError: false });
      expect(await client.callTool({ name: 'whoami', arguments: {} })).toMatchObject({ content: [{ text: 'alice tools' }] });
    } finally {
      await client.close();
    }
  });

  it.each([
    ['another audience', () => as.token({ aud: 'http://127.0.0.1/other' })],
    ['no audience', () => as.token({})],
    ['an expired token', () => as.token({ aud: url, expiresIn: -60 })],
    ['a token signed by a foreign key', () => as.foreignToken({ aud: url })],
    ['garbage', async () => 'not-a-jwt'],
  ])('answers %s 401 invalid_token, and the SDK client cannot connect', async (_name, token) => {
    const t = await token();
    const res = await ping({ Authorization: `Bearer ${t}` });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token", resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp"/);
    await expect(connect(t)).rejects.toMatchObject({ code: 401, message: expect.stringContaining('Unauthorized: invalid_token') });
  });

  it('answers a call without the tool scope 403 insufficient_scope; with the scope it runs', async () => {
    const user = await connect(await as.token({ aud: url, scope: 'tools' }));
    try {
      await expect(user.callTool({ name: 'admin_reset', arguments: {} })).rejects.toMatchObject({ code: 403, message: expect.stringContaining('insufficient_scope') });
    } finally {
      await user.close();
    }
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await as.token({ aud: url, scope: 'tools' })}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'admin_reset', arguments: {} } }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toContain('error="insufficient_scope", scope="admin"');
    const admin = await connect(await as.token({ aud: url, scope: 'tools admin' }));
    try {
      expect(await admin.callTool({ name: 'admin_reset', arguments: {} })).toMatchObject({ content: [{ text: 'reset' }] });
    } finally {
      await admin.close();
    }
  });

  it('lets the SDK discovery helpers find the metadata from the 401 and the authorization server from it', async () => {
    const res = await ping();
    expect(res.status).toBe(401);
    const metadataUrl = extractResourceMetadataUrl(res);
    expect(metadataUrl?.href).toBe(url.replace('/mcp', '/.well-known/oauth-protected-resource/mcp'));
    const metadata = await discoverOAuthProtectedResourceMetadata(url, { resourceMetadataUrl: metadataUrl });
    expect(metadata).toMatchObject({ resource: url, authorization_servers: [as.url], scopes_supported: ['tools', 'admin'], bearer_methods_supported: ['header'] });
    // the SDK's own well-known fallback (path-aware) finds the same document without the header
    expect(await discoverOAuthProtectedResourceMetadata(url)).toEqual(metadata);
    const asMetadata = await discoverAuthorizationServerMetadata(metadata.authorization_servers?.[0] as string);
    expect(asMetadata?.issuer).toBe(as.url);
  });
});
