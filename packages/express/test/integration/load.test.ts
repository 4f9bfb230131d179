/**
 * Load over loopback, bounded: 2,000 concurrent tools/call requests — sync, async, failing and
 * invalid mixed — each get the reply that matches their id and arguments; and a slow tool beside
 * fast ones blocks nothing (no head-of-line blocking).
 */
import { createServer, Agent, request, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { RemotingFault, ServiceDefinition, ToolDeclaration, integerType, stringType } from '@toolwire/core';
import { mcpRouter } from '../../src';

// 2,000 requests take ~2-3 s on an idle 2-core machine; a shared CI runner can be several times slower
jest.setTimeout(60_000);

interface Reply {
  jsonrpc: string;
  id: number;
  result?: { content: { type: string; text: string }[]; isError: boolean };
  error?: { code: number; message: string };
}

let server: Server;
let url: URL;
let agent: Agent;
let releaseSlow: () => void = () => undefined;
let slowStarted: Promise<void>;
const internalErrors: unknown[] = [];

beforeAll(async () => {
  let started!: () => void;
  slowStarted = new Promise((resolve) => (started = resolve));
  const defs = new ServiceDefinition()
    .registerProcedure('add', (a: number, b: number) => a + b)
    .registerProcedure('echo', (message: string) => new Promise((resolve) => setTimeout(() => resolve(message), message.length % 5)))
    .registerProcedure('fail', async (n: number) => {
      throw new RemotingFault(`fail ${n}`);
    })
    .registerProcedure('crash', (n: number) => {
      throw new Error(`crash ${n}`);
    })
    .registerProcedure('slow', () => {
      started();
      return new Promise((resolve) => (releaseSlow = () => resolve('slow done')));
    });
  const decl = new ToolDeclaration('load', '1');
  decl.addTool('add', 'sync').addParam('a', integerType(), 'a').addParam('b', integerType(), 'b');
  decl.addTool('echo', 'async').addParam('message', stringType(), 'm');
  decl.addTool('fail', 'tool error').addParam('n', integerType(), 'n');
  decl.addTool('crash', 'internal error').addParam('n', integerType(), 'n');
  decl.addTool('slow', 'waits for the test');
  const app = express();
  // every caller here is the one anonymous principal of an open endpoint: its share (maxConcurrentCallsPerPrincipal,
  // 100 by default) would refuse most of these hundreds of concurrent calls — this test is about ordering, not the cap
  app.use('/mcp', mcpRouter(decl, defs, { maxConcurrentCallsPerPrincipal: 1000, onError: (error) => internalErrors.push(error) }));
  server = createServer(app);
  // the client reuses its kept-alive sockets across both tests: a server that closed an idle one
  // (Node's default keepAliveTimeout is 5 s, shorter than a loaded runner can take between them)
  // would race the reuse and reset the request ("socket hang up")
  server.keepAliveTimeout = 120_000;
  // 2,000 connections open at once: a backlog deeper than the default 511, so a slow runner does not reset some
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, resolve));
  url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
  agent = new Agent({ keepAlive: true, maxSockets: Infinity });
});

afterAll(async () => {
  agent.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function post(body: string): Promise<{ status: number; reply: Reply }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, reply: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Reply }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const toolCall = (id: number, name: string, args: Record<string, unknown> = {}): string =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

/** Request `i` of the mix and the reply it must get. */
function mixed(i: number): [body: string, check: (reply: Reply) => void] {
  switch (i % 5) {
    case 0:
      return [toolCall(i, 'add', { a: i, b: 1 }), (r) => expect(r.result).toEqual({ content: [{ type: 'text', text: String(i + 1) }], isError: false })];
    case 1:
      return [toolCall(i, 'echo', { message: `m${i}` }), (r) => expect(r.result).toEqual({ content: [{ type: 'text', text: `m${i}` }], isError: false })];
    case 2:
      return [toolCall(i, 'fail', { n: i }), (r) => expect(r.result).toEqual({ content: [{ type: 'text', text: `fail ${i}` }], isError: true })];
    case 3:
      return [toolCall(i, 'crash', { n: i }), (r) => expect(r.error).toEqual({ code: -32603, message: 'Internal error' })];
    default:
      return [toolCall(i, 'add', { a: 'x', b: i }), (r) => expect(r.error).toEqual({ code: -32602, message: 'argument "a": expected integer, got string' })];
  }
}

describe('HTTP under load', () => {
  it('2,000 concurrent mixed tools/call requests each get the reply for their id', async () => {
    internalErrors.length = 0;
    const cases = Array.from({ length: 2000 }, (_, i) => mixed(i));
    const results = await Promise.all(cases.map(([body]) => post(body)));
    results.forEach(({ status, reply }, i) => {
      expect(status).toBe(200);
      expect(reply.id).toBe(i);
      cases[i][1](reply);
    });
    expect(internalErrors).toHaveLength(400);
  });

  it('a slow tool blocks nothing: 500 fast calls finish while it is in flight', async () => {
    const slow = post(toolCall(-1, 'slow'));
    await slowStarted;
    let slowDone = false;
    void slow.then(() => (slowDone = true));
    const fast = await Promise.all(Array.from({ length: 500 }, (_, i) => post(toolCall(i, i % 2 ? 'echo' : 'add', i % 2 ? { message: `f${i}` } : { a: i, b: i }))));
    fast.forEach(({ reply }, i) => expect(reply.result?.content[0].text).toBe(i % 2 ? `f${i}` : String(2 * i)));
    expect(slowDone).toBe(false);
    releaseSlow();
    expect((await slow).reply.result?.content[0].text).toBe('slow done');
  });
});
