/**
 * The dispatcher's limits reach the HTTP endpoint through mcpRouter's options: a message that is
 * too deep or a batch that is too long is refused with 400, arguments over a limit get 200 with
 * -32602; each names its limit, and the keep-alive connection goes on serving.
 */
import { createServer, Agent, request, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { mcpRouter } from '../../src';
import { testService, call, rpc } from '../helpers/testService';

let server: Server;
let port: number;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  const { decl, defs } = testService();
  const app = express();
  app.use('/mcp', mcpRouter(decl, defs, { maxDepth: 6, maxBatch: 2, maxArgumentElements: 3, maxStringLength: 10 }));
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  agent.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** POSTs on the one kept-alive socket; says whether that socket was reused. */
function post(body: unknown): Promise<{ status: number; body: { id?: unknown; error?: { code: number; message: string }; result?: { content: { text: string }[] } }; reused: boolean }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', agent, headers: { 'Content-Type': 'application/json' } }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (data += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(data), reused: req.reusedSocket }));
    });
    req.on('error', reject);
    req.end(text);
  });
}

describe('limits over HTTP', () => {
  it('refuses each with the limit named, on one connection that goes on serving', async () => {
    const first = await post(rpc('ping', { a: [[[[[[1]]]]]] }));
    expect(first.status).toBe(200); // a request whose id can be read is answered with it (in-band -32602)
    expect(first.body.error).toEqual({ code: -32602, message: 'Invalid params: the message nests deeper than maxDepth (6)' });
    expect(first.body.id).toBe(rpc('ping').id);

    const batch = await post([rpc('ping', undefined, 1), rpc('ping', undefined, 2), rpc('ping', undefined, 3)]);
    expect([batch.status, batch.body.error?.message, batch.reused]).toEqual([400, 'Invalid Request: a batch of 3 entries exceeds maxBatch (2)', true]);

    const many = await post(call('add', { a: 1, b: 2, c: [3, 4] }, 'm'));
    expect([many.status, many.body.id, many.body.error?.code, many.body.error?.message, many.reused]).toEqual([200, 'm', -32602, 'arguments hold more than maxArgumentElements (3) values', true]);

    const long = await post(call('echo', { message: 'x'.repeat(11) }));
    expect(long.body.error?.message).toBe('argument "message": a string of 11 characters exceeds maxStringLength (10)');

    const fine = await post(call('add', { a: 20, b: 22 }));
    expect([fine.status, fine.body.result?.content[0].text, fine.reused]).toEqual([200, '42', true]);
  });

  it('refuses a bad limit option when the router is made', () => {
    const { decl, defs } = testService();
    expect(() => mcpRouter(decl, defs, { maxDepth: 0 })).toThrow(/option maxDepth: expected a positive integer or Infinity, got 0/);
    expect(() => mcpRouter(decl, defs, { callTimeoutMs: 1.5 })).toThrow(/option callTimeoutMs/);
  });
});
