/**
 * Load over in-memory streams, bounded: 2,000 pipelined calls — sync, async, failing and invalid
 * mixed, in both framings — each get the reply that matches their id; and a slow call ahead of
 * 2,000 fast ones blocks none of them (no head-of-line blocking).
 */
import { PassThrough } from 'node:stream';
import { RemotingFault, ServiceDefinition, ToolDeclaration, integerType, stringType } from '@toolwire/core';
import { serveStdio } from '../../src';
import { contentLength } from '../helpers';

// 2,000 requests take ~2-3 s on an idle 2-core machine; a shared CI runner can be several times slower
jest.setTimeout(60_000);

interface Reply {
  id: number;
  result?: { content: { type: string; text: string }[]; isError: boolean };
  error?: { code: number; message: string };
}

/** Parses newline and Content-Length frames as they arrive; `until(n)` resolves at n replies. */
class Replies {
  readonly byId = new Map<number, Reply>();
  readonly order: number[] = [];
  private rest = '';
  private waiters: (() => void)[] = [];

  constructor(stream: PassThrough) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      this.rest += chunk;
      for (;;) {
        let json: string;
        if (this.rest.startsWith('Content-Length:')) {
          const end = this.rest.indexOf('\r\n\r\n');
          const length = Number(/^Content-Length: (\d+)/.exec(this.rest)?.[1]);
          if (end < 0 || this.rest.length < end + 4 + length) break; // the test's replies are ASCII: bytes = characters
          json = this.rest.slice(end + 4, end + 4 + length);
          this.rest = this.rest.slice(end + 4 + length);
        } else {
          const end = this.rest.indexOf('\n');
          if (end < 0) break;
          json = this.rest.slice(0, end);
          this.rest = this.rest.slice(end + 1);
        }
        const reply = JSON.parse(json) as Reply;
        expect(this.byId.has(reply.id)).toBe(false); // one reply per request
        this.byId.set(reply.id, reply);
        this.order.push(reply.id);
      }
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  async until(n: number): Promise<void> {
    while (this.byId.size < n) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }
}

function server() {
  let releaseSlow: () => void = () => undefined;
  const internalErrors: unknown[] = [];
  const defs = new ServiceDefinition()
    .registerProcedure('add', (a: number, b: number) => a + b)
    .registerProcedure('echo', (message: string) => new Promise((resolve) => setTimeout(() => resolve(message), message.length % 5)))
    .registerProcedure('fail', async (n: number) => {
      throw new RemotingFault(`fail ${n}`);
    })
    .registerProcedure('crash', (n: number) => {
      throw new Error(`crash ${n}`);
    })
    .registerProcedure('slow', () => new Promise((resolve) => (releaseSlow = () => resolve('slow done'))));
  const decl = new ToolDeclaration('load', '1');
  decl.addTool('add', 'sync').addParam('a', integerType(), 'a').addParam('b', integerType(), 'b');
  decl.addTool('echo', 'async').addParam('message', stringType(), 'm');
  decl.addTool('fail', 'tool error').addParam('n', integerType(), 'n');
  decl.addTool('crash', 'internal error').addParam('n', integerType(), 'n');
  decl.addTool('slow', 'waits for the test');
  const input = new PassThrough();
  const output = new PassThrough();
  const replies = new Replies(output);
  // up to 2,001 calls are in flight at once here, beyond the default maxConcurrentCalls (1,000) and
  // maxConcurrentCallsPerPrincipal (100: the connection is one principal)
  // whose refusals are tested elsewhere (test/matrix): this test is about ordering, not the cap
  const done = serveStdio(defs, decl, { input, output, maxConcurrentCalls: 4096, maxConcurrentCallsPerPrincipal: 4096, onError: (error) => internalErrors.push(error) });
  return { input, replies, done, internalErrors, release: () => releaseSlow() };
}

const toolCall = (id: number, name: string, args: Record<string, unknown> = {}): string =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

/** Request `i` of the mix (every third in Content-Length framing) and what its reply must be. */
function mixed(i: number): [frame: string, expected: Omit<Reply, 'id'>] {
  const cases: [string, Omit<Reply, 'id'>][] = [
    [toolCall(i, 'add', { a: i, b: 1 }), { result: { content: [{ type: 'text', text: String(i + 1) }], isError: false } }],
    [toolCall(i, 'echo', { message: `m${i}` }), { result: { content: [{ type: 'text', text: `m${i}` }], isError: false } }],
    [toolCall(i, 'fail', { n: i }), { result: { content: [{ type: 'text', text: `fail ${i}` }], isError: true } }],
    [toolCall(i, 'crash', { n: i }), { error: { code: -32603, message: 'Internal error' } }],
    [toolCall(i, 'add', { a: 'x', b: i }), { error: { code: -32602, message: 'argument "a": expected integer, got string' } }],
  ];
  const [json, expected] = cases[i % 5];
  return [i % 3 === 0 ? contentLength(json) : `${json}\n`, expected];
}

describe('stdio under load', () => {
  it('2,000 pipelined mixed calls, written at once, each get the reply for their id', async () => {
    const { input, replies, done, internalErrors } = server();
    const cases = Array.from({ length: 2000 }, (_, i) => mixed(i));
    input.end(cases.map(([frame]) => frame).join(''));
    await done;
    expect(replies.byId.size).toBe(2000);
    cases.forEach(([, expected], i) => expect(replies.byId.get(i)).toEqual({ jsonrpc: '2.0', id: i, ...expected }));
    expect(internalErrors).toHaveLength(400);
  });

  it('a slow call ahead of 2,000 fast ones blocks none of them', async () => {
    const { input, replies, done, release } = server();
    input.write(`${toolCall(-1, 'slow')}\n`);
    const fast = Array.from({ length: 2000 }, (_, i) => `${toolCall(i, i % 2 ? 'echo' : 'add', i % 2 ? { message: `f${i}` } : { a: i, b: i })}\n`);
    input.write(fast.join(''));
    await replies.until(2000);
    expect(replies.byId.has(-1)).toBe(false);
    for (let i = 0; i < 2000; i++) expect(replies.byId.get(i)?.result?.content[0].text).toBe(i % 2 ? `f${i}` : String(2 * i));
    release();
    input.end();
    await done;
    expect(replies.order[replies.order.length - 1]).toBe(-1);
    expect(replies.byId.get(-1)?.result?.content[0].text).toBe('slow done');
  });
});
