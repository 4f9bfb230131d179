/**
 * The event stream at the reader's pace: events are handed to the Response body only while it has
 * demand; what waits is coalesced (the latest progress for a token wins, every log message and the
 * response are kept, in order), and a reader more than `maxSseBufferBytes` behind aborts the call
 * and errors the stream.
 */
import { CallContext, ServiceDefinition, ToolDeclaration, integerType } from '@toolwire/core';
import { mcpFetchHandler } from '../../src';
import { post, rpc } from '../helpers';

const SSE = { accept: 'application/json, text/event-stream' };

function handler(options = {}) {
  const decl = new ToolDeclaration('backpressure', '1.0.0', { logging: true });
  decl.addTool('burst').addParam('n', integerType());
  decl.addTool('chatter');
  const reasons: unknown[] = [];
  const defs = new ServiceDefinition()
    // n progress notifications in one tick, a log message after every thousandth
    .registerProcedure('burst', (n: number, ctx: CallContext) => {
      for (let i = 1; i <= n; i++) {
        ctx.progress(i, n);
        if (i % 1000 === 0) ctx.log('info', `after ${i}`);
      }
      return `did ${n}`;
    })
    // log messages (never coalesced) until the call is aborted
    .registerProcedure('chatter', async (ctx: CallContext) => {
      const line = 'y'.repeat(500);
      for (let turns = 0; !ctx.signal.aborted && turns < 1000; turns++) {
        for (let i = 0; i < 20; i++) ctx.log('info', line);
        await new Promise((resolve) => setImmediate(resolve));
      }
      reasons.push(ctx.signal.reason);
      return 'stopped';
    });
  return { handle: mcpFetchHandler(decl, defs, { onError: () => undefined, ...options }), reasons };
}

const call = (name: string, args: Record<string, unknown>, token: string | number) => rpc('tools/call', { name, arguments: args, _meta: { progressToken: token } });

async function events(response: Response): Promise<{ method?: string; params?: { progress?: number; data?: unknown }; result?: unknown }[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((event) => JSON.parse(event.replace(/^event: message\ndata: /, '')));
}

describe('mcpFetchHandler and a reader that is behind', () => {
  it('coalesces the progress that waits, keeping every log message and the response, in order', async () => {
    const { handle } = handler();
    const response = await handle(post(call('burst', { n: 5000 }, 'tok'), SSE));
    await new Promise((resolve) => setImmediate(resolve)); // the burst is over before the first read
    const received = await events(response);
    const progress = received.filter((e) => e.method === 'notifications/progress').map((e) => e.params?.progress as number);
    const logs = received.filter((e) => e.method === 'notifications/message').map((e) => e.params?.data);

    expect(progress.length).toBeLessThan(1000); // the stream's 16 KiB took the first ones; the rest waited
    expect(progress.length).toBeGreaterThan(10);
    expect(progress).toEqual([...progress].sort((a, b) => a - b)); // strictly in order, none repeated
    expect(new Set(progress).size).toBe(progress.length);
    expect(logs).toEqual(['after 1000', 'after 2000', 'after 3000', 'after 4000', 'after 5000']);
    // no progress jumps over a log message: the one before "after k" is k, the one after it more
    const shape = received.map((e) => (e.method === 'notifications/message' ? `log ${String(e.params?.data)}` : e.result ? 'result' : `p${e.params?.progress}`));
    for (const k of [1000, 2000, 3000, 4000, 5000]) expect(shape[shape.indexOf(`log after ${k}`) - 1]).toBe(`p${k}`);
    expect(shape[shape.length - 1]).toBe('result');
    expect(received[received.length - 1]).toEqual({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'did 5000' }], isError: false } });
  });

  it('aborts the call past maxSseBufferBytes and errors the stream', async () => {
    const { handle, reasons } = handler({ maxSseBufferBytes: 64 * 1024 });
    const response = await handle(post(call('chatter', {}, 1), SSE));
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    while (reasons.length === 0) await new Promise((resolve) => setImmediate(resolve)); // the call runs until it is aborted
    expect(String(reasons[0])).toMatch(/the HTTP client fell more than 65536 bytes behind the event stream/);
    await expect(reader.read()).rejects.toThrow(/fell more than 65536 bytes behind/);
  });

  it('stays under a small cap through a coalesced burst, keeping its log messages', async () => {
    const { handle, reasons } = handler({ maxSseBufferBytes: 64 * 1024 });
    const response = await handle(post(call('burst', { n: 3000 }, 1), SSE));
    const received = await events(response);
    expect(reasons).toEqual([]);
    expect(received.filter((e) => e.method === 'notifications/message')).toHaveLength(3);
    expect(received[received.length - 1].result).toBeDefined();
  });
});
