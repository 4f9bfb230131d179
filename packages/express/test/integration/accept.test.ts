/** Accept: lenient by default; strictAccept requires application/json and text/event-stream (406 otherwise). */
import request from 'supertest';
import { testApp } from '../helpers/testApp';
import { rpc } from '../helpers/testService';

const ping = rpc('ping');

describe('mcpRouter: Accept', () => {
  const lenient = testApp();
  const strict = testApp({ strictAccept: true });

  it.each(['*/*', 'application/json', 'text/html'])('by default passes Accept: %s', async (accept) => {
    expect((await request(lenient).post('/mcp').set('Accept', accept).send(ping)).status).toBe(200);
  });

  it('by default passes a request without Accept', async () => {
    const res = await request(lenient).post('/mcp').unset('Accept').send(ping);
    expect(res.status).toBe(200);
  });

  it('with strictAccept passes Accept: application/json, text/event-stream', async () => {
    expect((await request(strict).post('/mcp').set('Accept', 'application/json, text/event-stream').send(ping)).status).toBe(200);
  });

  it('with strictAccept answers 406 and a JSON-RPC error for Accept: application/json alone', async () => {
    const res = await request(strict).post('/mcp').set('Accept', 'application/json').send(ping);
    expect(res.status).toBe(406);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/Not Acceptable/) } });
  });

  it('with strictAccept answers 406 for */* (wildcards do not count) and for a missing Accept', async () => {
    const wildcard = await request(strict).post('/mcp').set('Accept', '*/*').send(ping);
    const missing = await request(strict).post('/mcp').unset('Accept').send(ping);
    expect([wildcard.status, missing.status]).toEqual([406, 406]);
  });

  it('with strictAccept answers 406 when text/event-stream is refused with q=0', async () => {
    const res = await request(strict).post('/mcp').set('Accept', 'application/json, text/event-stream;q=0').send(ping);
    expect(res.status).toBe(406);
  });
});
