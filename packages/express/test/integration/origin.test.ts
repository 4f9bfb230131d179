/** The Origin rule: same origin (default ports applied) or allowedOrigins; anything else is 403. */
import request from 'supertest';
import { testApp } from '../helpers/testApp';
import { rpc } from '../helpers/testService';

const app = testApp();
const ping = rpc('ping');

function post(host: string, origin?: string): request.Test {
  const test = request(app).post('/mcp').set('Host', host);
  return origin === undefined ? test.send(ping) : test.set('Origin', origin).send(ping);
}

describe('mcpRouter: Origin', () => {
  it('passes a request without Origin', async () => {
    expect((await post('localhost:3000')).status).toBe(200);
  });

  it('passes an Origin equal to the Host (same host and port)', async () => {
    expect((await post('localhost:3000', 'http://localhost:3000')).status).toBe(200);
  });

  it('passes http://localhost against Host localhost:80 (default port 80)', async () => {
    expect((await post('localhost:80', 'http://localhost')).status).toBe(200);
  });

  it('passes http://localhost:80 against Host localhost (default port 80 on both sides)', async () => {
    expect((await post('localhost', 'http://localhost:80')).status).toBe(200);
  });

  it('passes https://localhost against Host localhost:443 (default port 443)', async () => {
    expect((await post('localhost:443', 'https://localhost')).status).toBe(200);
  });

  it('reads a portless Host as the default port of the Origin\'s scheme (https://localhost against Host localhost)', async () => {
    expect((await post('localhost', 'https://localhost')).status).toBe(200);
  });

  it('refuses http://localhost:443 against Host localhost (443 is not http\'s default 80)', async () => {
    expect((await post('localhost', 'http://localhost:443')).status).toBe(403);
  });

  it('compares host names case-insensitively', async () => {
    expect((await post('LocalHost:3000', 'http://LOCALHOST:3000')).status).toBe(200);
  });

  it('refuses the same host on another port with 403 and a JSON-RPC error', async () => {
    const res = await post('localhost:3000', 'http://localhost:5173');
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/Origin/) } });
  });

  it('refuses a foreign Origin with 403', async () => {
    expect((await post('localhost:3000', 'https://attacker.example')).status).toBe(403);
  });

  it('refuses the opaque Origin "null" with 403', async () => {
    expect((await post('localhost:3000', 'null')).status).toBe(403);
  });

  it('passes a foreign Origin listed in allowedOrigins', async () => {
    const allowing = testApp({ allowedOrigins: ['https://app.example.com', 'http://localhost:5173/'] });
    const first = await request(allowing).post('/mcp').set('Host', 'localhost:3000').set('Origin', 'https://app.example.com').send(ping);
    const second = await request(allowing).post('/mcp').set('Host', 'localhost:3000').set('Origin', 'http://localhost:5173').send(ping);
    expect([first.status, second.status]).toEqual([200, 200]);
  });

  it('matches allowedOrigins after normalizing case and default ports', async () => {
    const allowing = testApp({ allowedOrigins: ['https://App.Example.com:443'] });
    const res = await request(allowing).post('/mcp').set('Host', 'localhost:3000').set('Origin', 'https://app.example.com').send(ping);
    expect(res.status).toBe(200);
  });

  it('still refuses origins missing from allowedOrigins', async () => {
    const allowing = testApp({ allowedOrigins: ['https://app.example.com'] });
    const res = await request(allowing).post('/mcp').set('Host', 'localhost:3000').set('Origin', 'https://other.example.com').send(ping);
    expect(res.status).toBe(403);
  });

  it('checks the Origin before reading the body (a foreign Origin with bad JSON is 403, not 400)', async () => {
    const res = await request(app).post('/mcp').set('Origin', 'https://attacker.example').set('Content-Type', 'application/json').send('{');
    expect(res.status).toBe(403);
  });
});
