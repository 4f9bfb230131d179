/**
 * The router as an OAuth protected resource (the `auth` option), through supertest: 401 with
 * the challenge before the body is read, verify once per request, 403 for a tool without its
 * scope (with the challenge header), context.auth, and the RFC 9728 metadata router.
 */
import express from 'express';
import request from 'supertest';
import { ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import type { AuthInfo, CallContext } from '@toolwire/core';
import { mcpHandler, mcpRouter, protectedResourceMetadata } from '../../src';
import type { AuthOptions } from '../../src';

const RESOURCE = 'https://mcp.example.com/mcp';
const METADATA = 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp';
const TOKENS: Record<string, AuthInfo> = {
  user: { subject: 'alice', clientId: 'cli', scopes: ['tools'], audience: RESOURCE, expiresAt: Math.floor(Date.now() / 1000) + 600 },
  admin: { subject: 'root', scopes: ['tools', 'admin'], audience: RESOURCE },
  elsewhere: { subject: 'alice', scopes: ['tools', 'admin'], audience: 'https://other.example.com/mcp' },
};

function app(extra: Partial<AuthOptions> = {}, verify = jest.fn(async (token: string, _request: unknown) => TOKENS[token])) {
  const decl = new ToolDeclaration('protected', '1.0.0');
  decl.addTool('whoami', 'Who is calling');
  decl.addTool('admin_reset', 'Reset everything').setScopes(['admin']);
  const defs = new ServiceDefinition()
    .registerProcedure('whoami', (context: CallContext) => `${context.auth?.subject} via ${context.auth?.clientId} (${Object.keys(context.auth ?? {}).join(',')})`)
    .registerProcedure('admin_reset', () => 'reset');
  const auth: AuthOptions = { resource: RESOURCE, authorizationServers: ['https://auth.example.com'], verify, scopesSupported: ['tools', 'admin'], ...extra };
  const a = express();
  a.use('/.well-known/oauth-protected-resource/mcp', protectedResourceMetadata(auth));
  a.use('/mcp', mcpRouter(decl, defs, { auth, maxBodyBytes: 1024 }));
  return { app: a, verify };
}

const call = (name: string) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {} } });

describe('mcpRouter with auth', () => {
  it('answers a request without a token 401 with the challenge, before reading the body (a body over the limit is not 413)', async () => {
    const { app: a, verify } = app();
    const res = await request(a).post('/mcp').set('Content-Type', 'application/json').send('x'.repeat(4096));
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe(`Bearer resource_metadata="${METADATA}"`);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/^Unauthorized/) } });
    expect(verify).not.toHaveBeenCalled();
  });

  it('answers an unknown token 401 invalid_token, and a token for another audience too', async () => {
    const { app: a } = app();
    for (const token of ['forged', 'elsewhere']) {
      const res = await request(a).post('/mcp').set('Authorization', `Bearer ${token}`).send(call('whoami'));
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token", resource_metadata="https:\/\/mcp\.example\.com\/\.well-known\/oauth-protected-resource\/mcp"/);
    }
  });

  it('serves a valid token, calling verify once, and gives the procedure the AuthInfo (never the token)', async () => {
    const { app: a, verify } = app();
    const res = await request(a).post('/mcp').set('Authorization', 'Bearer user').send(call('whoami'));
    expect(res.status).toBe(200);
    expect(res.body.result.content[0].text).toBe('alice via cli (subject,clientId,scopes,expiresAt,audience)');
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0][1]).toHaveProperty('headers'); // the Node request
  });

  it('verifies once for a whole batch', async () => {
    const { app: a, verify } = app();
    const res = await request(a).post('/mcp').set('Authorization', 'Bearer user').send([call('whoami'), { ...call('whoami'), id: 2 }]);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('answers a tool the token lacks the scope for 403 insufficient_scope with the challenge header', async () => {
    const { app: a } = app();
    const res = await request(a).post('/mcp').set('Authorization', 'Bearer user').set('MCP-Protocol-Version', '2025-11-25').send(call('admin_reset'));
    expect(res.status).toBe(403);
    expect(res.headers['www-authenticate']).toBe(`Bearer error="insufficient_scope", scope="admin", resource_metadata="${METADATA}"`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.error.message).toBe('Forbidden: insufficient_scope: tool "admin_reset" requires scope admin (missing: admin)');
    const ok = await request(a).post('/mcp').set('Authorization', 'Bearer admin').send(call('admin_reset'));
    expect([ok.status, ok.body.result.content[0].text]).toEqual([200, 'reset']);
  });

  it('lists only the permitted tools with listOnlyPermittedTools', async () => {
    const { app: a } = app({ listOnlyPermittedTools: true });
    const res = await request(a).post('/mcp').set('Authorization', 'Bearer user').send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(res.body.result.tools.map((t: { name: string }) => t.name)).toEqual(['whoami']);
  });

  it('still answers 405 and a foreign Origin 403 before asking for a token', async () => {
    const { app: a } = app();
    expect((await request(a).get('/mcp')).status).toBe(405);
    expect((await request(a).post('/mcp').set('Origin', 'https://evil.example.com').send(call('whoami'))).status).toBe(403);
  });

  it('never builds the metadata URL from the Host header', async () => {
    const { app: a } = app();
    const res = await request(a).post('/mcp').set('Host', 'localhost:1234').send(call('whoami'));
    expect(res.headers['www-authenticate']).toContain(METADATA);
    expect(res.headers['www-authenticate']).not.toContain('localhost');
  });

  it('works with mcpHandler too', async () => {
    const decl = new ToolDeclaration('h', '1.0.0');
    const handler = mcpHandler(decl, new ServiceDefinition(), { auth: { resource: RESOURCE, authorizationServers: ['https://auth.example.com'], verify: () => undefined } });
    const a = express();
    a.post('/mcp', handler);
    expect((await request(a).post('/mcp').send(call('x'))).status).toBe(401);
  });

  it('refuses a mistyped auth option at once', () => {
    expect(() => mcpRouter(new ToolDeclaration('x', '1'), new ServiceDefinition(), { auth: { resource: RESOURCE } as never })).toThrow(
      '@toolwire/express: option auth.authorizationServers: expected a non-empty array of issuer URLs, got undefined',
    );
  });
});

describe('protectedResourceMetadata', () => {
  it('serves the RFC 9728 document at the path it is mounted on', async () => {
    const res = await request(app().app).get('/.well-known/oauth-protected-resource/mcp');
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.body).toEqual({
      resource: RESOURCE,
      authorization_servers: ['https://auth.example.com'],
      scopes_supported: ['tools', 'admin'],
      bearer_methods_supported: ['header'],
    });
  });

  it('answers the preflight 204 and POST 405', async () => {
    const a = app().app;
    expect((await request(a).options('/.well-known/oauth-protected-resource/mcp')).status).toBe(204);
    const post = await request(a).post('/.well-known/oauth-protected-resource/mcp');
    expect([post.status, post.headers.allow]).toEqual([405, 'GET, HEAD, OPTIONS']);
  });
});
