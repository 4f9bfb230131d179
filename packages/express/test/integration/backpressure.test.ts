/**
 * The event stream at the client's pace (mcpHandler on node:http, 127.0.0.1:0): once `write`
 * pushes back, events wait for `drain`, the latest progress for a token replacing the one still
 * waiting while every log message and the response are kept, in order; a client that stops
 * reading for more than `maxSseBufferBytes` has its call aborted and its response cut off.
 */
import { once } from 'node:events';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CallContext, ServiceDefinition, ToolDeclaration, integerType } from '@toolwire/core';
import { mcpHandler } from '../../src';

const reasons: unknown[] = [];
let burstDone: () => void = () => undefined;

function service() {
  const decl = new ToolDeclaration('backpressure', '1.0.0', { logging: true });
  decl.addTool('burst').addParam('n', integerType());
  decl.addTool('chatter');
  const defs = new ServiceDefinition()
    // n progress notifications, 500 per turn of the event loop, a log message after every thousandth
    .registerProcedure('burst', async (n: number, ctx: CallContext) => {
      for (let i = 1; i <= n; i++) {
        ctx.progress(i, n, 'z'.repeat(200));
        if (i % 1000 === 0) ctx.log('info', `after ${i}`);
        if (i % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      burstDone();
      return `did ${n}`;
    })
    // log messages (never coalesced) until the call is aborted
    .registerProcedure('chatter', async (ctx: CallContext) => {
      const line = 'y'.repeat(1000);
      for (let turns = 0; !ctx.signal.aborted && turns < 5000; turns++) {
        for (let i = 0; i < 50; i++) ctx.log('info', line);
        await new Promise((resolve) => setImmediate(resolve));
      }
      reasons.push(ctx.signal.reason);
      return 'stopped';
    });
  return { decl, defs };
}

let server: Server;
let port: number;

beforeAll(async () => {
  const { decl, defs } = service();
  const handle = mcpHandler(decl, defs, { maxSseBufferBytes: 256 * 1024, onError: () => undefined });
  server = createServer((req, res) => handle(req, res));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.close();
  await once(server, 'close');
});

/** Posts an SSE-accepting tools/call with a progress token; resolves with the response, paused (not read). */
function open(name: string, args: Record<string, unknown>): Promise<IncomingMessage> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args, _meta: { progressToken: 'tok' } } });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: '/', method: 'POST', agent: false, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' } },
      (res) => {
        res.pause();
        resolve(res);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function readEvents(res: IncomingMessage): Promise<{ method?: string; params?: { progress?: number; data?: unknown }; result?: unknown }[]> {
  res.setEncoding('utf8');
  let text = '';
  res.on('data', (chunk: string) => (text += chunk));
  res.resume();
  await once(res, 'end');
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((event) => JSON.parse(event.replace(/^event: message\ndata: /, '')));
}

describe('mcpHandler and a client that reads late', () => {
  it('coalesces the progress that waits for drain, keeping every log message and the response, in order', async () => {
    const done = new Promise<void>((resolve) => (burstDone = resolve));
    const res = await open('burst', { n: 50_000 }); // ~15 MB of progress events
    await done; // the client read nothing while the tool ran
    const received = await readEvents(res);
    const progress = received.filter((e) => e.method === 'notifications/progress').map((e) => e.params?.progress as number);
    const shape = received.map((e) => (e.method === 'notifications/message' ? `log ${String(e.params?.data)}` : e.result ? 'result' : `p${e.params?.progress}`));

    expect(res.headers['content-type']).toBe('text/event-stream');
    expect(progress.length).toBeLessThan(50_000);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(new Set(progress).size).toBe(progress.length);
    const logs = shape.filter((s) => s.startsWith('log '));
    expect(logs).toEqual(Array.from({ length: 50 }, (_, i) => `log after ${(i + 1) * 1000}`));
    for (let k = 1000; k <= 50_000; k += 1000) expect(shape[shape.indexOf(`log after ${k}`) - 1]).toBe(`p${k}`);
    expect(received[received.length - 1]).toEqual({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'did 50000' }], isError: false } });
  });

  it('aborts the call of a client that stops reading, past maxSseBufferBytes, and cuts its response off', async () => {
    reasons.length = 0;
    const res = await open('chatter', {});
    const cut = new Promise<Error>((resolve) => res.once('error', resolve));
    while (reasons.length === 0) await new Promise((resolve) => setImmediate(resolve)); // the call runs until it is aborted
    expect(String(reasons[0])).toMatch(/the HTTP client fell more than 262144 bytes behind the event stream/);
    res.resume();
    expect((await cut).message).toBe('aborted'); // the connection closed before the last chunk
    expect(res.complete).toBe(false);
  });
});
