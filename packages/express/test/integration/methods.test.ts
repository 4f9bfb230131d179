/** HTTP methods and the basic answers: 200 JSON, 202 for notifications, 405 for anything but POST. */
import request from 'supertest';
import { testApp } from '../helpers/testApp';
import { call, rpc } from '../helpers/testService';

const app = testApp();

describe('mcpRouter: methods and basic answers', () => {
  it('answers a POSTed request with 200 application/json and the JSON-RPC response', async () => {
    const res = await request(app).post('/mcp').send(rpc('ping'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('answers 200 also when the response is a JSON-RPC error for a well-formed request', async () => {
    const res = await request(app).post('/mcp').send(rpc('no/such/method'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } });
  });

  it.each(['GET', 'DELETE', 'PUT', 'PATCH'] as const)('answers 405 with Allow: POST and a JSON-RPC error for %s', async (method) => {
    const res = await request(app)[method.toLowerCase() as 'get' | 'delete' | 'put' | 'patch']('/mcp');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/only POST/) } });
  });

  it('answers 405 with Allow: POST for OPTIONS (no CORS preflight unless a cors middleware runs first)', async () => {
    const res = await request(app).options('/mcp');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });

  it('answers a notification with 202 and an empty body', async () => {
    const res = await request(app).post('/mcp').send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(res.status).toBe(202);
    expect(res.text).toBe('');
    expect(res.headers['content-length']).toBe('0');
  });

  it('answers an all-notification batch (2025-03-26) with 202 and an empty body', async () => {
    const res = await request(app)
      .post('/mcp')
      .send([{ jsonrpc: '2.0', method: 'notifications/initialized' }, { jsonrpc: '2.0', method: 'notifications/progress' }]);
    expect(res.status).toBe(202);
    expect(res.text).toBe('');
  });

  it('answers a mixed batch (2025-03-26) with the responses only, notifications omitted', async () => {
    const res = await request(app)
      .post('/mcp')
      .send([rpc('ping', undefined, 1), { jsonrpc: '2.0', method: 'notifications/initialized' }, call('add', { a: 1, b: 2 }, 2)]);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect(res.body[1].result.content).toEqual([{ type: 'text', text: '3' }]);
  });

  it('answers an empty batch with 400 and -32600', async () => {
    const res = await request(app).post('/mcp').send([]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.any(String) } });
  });

  it('answers invalid JSON with 400 and a -32700 JSON body', async () => {
    const res = await request(app).post('/mcp').set('Content-Type', 'application/json').send('{"jsonrpc":"2.0",');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringMatching(/^Parse error/) } });
  });

  it('answers a JSON value that is not a message with 400 and -32600', async () => {
    const res = await request(app).post('/mcp').set('Content-Type', 'application/json').send('42');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(-32600);
  });
});
