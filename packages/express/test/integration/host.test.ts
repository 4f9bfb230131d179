/** The Host rule (DNS rebinding): loopback servers accept only loopback names unless allowedHosts says otherwise. */
import request from 'supertest';
import { testApp } from '../helpers/testApp';
import { rpc } from '../helpers/testService';

const ping = rpc('ping');

describe('mcpRouter: Host (DNS rebinding protection)', () => {
  const app = testApp();

  it.each(['localhost', 'localhost:3000', '127.0.0.1:8080', '[::1]:3000', '[::1]'])('passes Host %s on a loopback server', async (host) => {
    expect((await request(app).post('/mcp').set('Host', host).send(ping)).status).toBe(200);
  });

  it('refuses Host evil.example.com on a loopback server with 403 and a JSON-RPC error', async () => {
    const res = await request(app).post('/mcp').set('Host', 'evil.example.com').send(ping);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/Host/) } });
  });

  it('refuses Host evil.example.com with Origin http://evil.example.com (same-origin but rebinding) on a loopback server', async () => {
    const res = await request(app).post('/mcp').set('Host', 'evil.example.com').set('Origin', 'http://evil.example.com').send(ping);
    expect(res.status).toBe(403);
  });

  it('refuses a loopback-looking prefix such as localhost.evil.example', async () => {
    expect((await request(app).post('/mcp').set('Host', 'localhost.evil.example').send(ping)).status).toBe(403);
  });

  it('passes a Host listed in allowedHosts whatever its port', async () => {
    const listed = testApp({ allowedHosts: ['mcp.example.com'] });
    const plain = await request(listed).post('/mcp').set('Host', 'mcp.example.com').send(ping);
    const withPort = await request(listed).post('/mcp').set('Host', 'MCP.example.com:8443').send(ping);
    expect([plain.status, withPort.status]).toEqual([200, 200]);
  });

  it('ignores a port written into an allowedHosts entry', async () => {
    const listed = testApp({ allowedHosts: ['mcp.example.com:443'] });
    expect((await request(listed).post('/mcp').set('Host', 'mcp.example.com:8080').send(ping)).status).toBe(200);
  });

  it('refuses hosts missing from allowedHosts, loopback names included (the list replaces the default)', async () => {
    const listed = testApp({ allowedHosts: ['mcp.example.com'] });
    const evil = await request(listed).post('/mcp').set('Host', 'evil.example.com').send(ping);
    const local = await request(listed).post('/mcp').set('Host', 'localhost').send(ping);
    expect([evil.status, local.status]).toEqual([403, 403]);
  });

  it('accepts IPv6 literals in allowedHosts with or without brackets', async () => {
    const listed = testApp({ allowedHosts: ['::1', '[fe80::1]'] });
    const a = await request(listed).post('/mcp').set('Host', '[::1]:3000').send(ping);
    const b = await request(listed).post('/mcp').set('Host', '[FE80::1]').send(ping);
    expect([a.status, b.status]).toEqual([200, 200]);
  });
});
