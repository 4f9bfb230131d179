/** mcpHandler on a plain node:http server: the same endpoint without Express, and client disconnects. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { mcpHandler } from '../../src';
import { call, rpc, testService } from '../helpers/testService';

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const service = testService();
const handle = mcpHandler(service.decl, service.defs, { maxBodyBytes: 1024 });
const server = http.createServer((req, res) => {
  if (req.url === '/mcp') return handle(req, res);
  res.writeHead(404).end();
});
let port = 0;

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
});

/** Sends a POST to /mcp; `chunks` are written one by one (chunked encoding when no length is given). */
function post(chunks: string[], headers: http.OutgoingHttpHeaders = { 'Content-Type': 'application/json' }): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString('utf8') }));
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('mcpHandler on node:http', () => {
  it('answers tools/call with 200 application/json', async () => {
    const reply = await post([JSON.stringify(call('add', { a: 6, b: 7 }))]);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json');
    expect(JSON.parse(reply.body).result.content).toEqual([{ type: 'text', text: '13' }]);
  });

  it('sends Content-Length (no chunked encoding) on JSON answers', async () => {
    const reply = await post([JSON.stringify(rpc('ping'))]);
    expect(reply.headers['content-length']).toBe(String(Buffer.byteLength(reply.body)));
    expect(reply.headers['transfer-encoding']).toBeUndefined();
  });

  it('reassembles a body sent in several chunks', async () => {
    const text = JSON.stringify(call('echo', { message: 'in pieces' }));
    const reply = await post([text.slice(0, 10), text.slice(10, 30), text.slice(30)]);
    expect(JSON.parse(reply.body).result.content).toEqual([{ type: 'text', text: 'in pieces' }]);
  });

  it('answers 413 when a chunked body (no Content-Length) grows past maxBodyBytes', async () => {
    const reply = await post(['{"jsonrpc":"2.0","id":1,"method":"ping","pad":"', 'x'.repeat(600), 'x'.repeat(600), '"}']);
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/exceeds 1024 bytes/) } });
  });

  it('answers 405 with Allow: POST for GET', async () => {
    const reply = await new Promise<Reply>((resolve) => {
      http.get({ host: '127.0.0.1', port, path: '/mcp' }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: '' }));
      });
    });
    expect(reply.status).toBe(405);
    expect(reply.headers.allow).toBe('POST');
  });

  it('aborts the call\'s AbortSignal when the client disconnects mid-call, and keeps serving', async () => {
    const probe = service.nextWait();
    const req = http.request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { 'Content-Type': 'application/json' } });
    req.on('error', () => undefined); // the socket is destroyed on purpose
    req.end(JSON.stringify(call('wait')));
    await probe.started;
    req.destroy();
    const reason = await probe.aborted;
    expect(reason).toBeInstanceOf(Error);
    expect((reason as Error).message).toMatch(/disconnected/);

    const reply = await post([JSON.stringify(call('add', { a: 1, b: 2 }))]);
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body).result.content).toEqual([{ type: 'text', text: '3' }]);
  });
});
