/**
 * EventQueue: what an SSE response holds while its client pushes back — frames in order, counted
 * in bytes, a progress notification replacing the one still queued for its token only while
 * nothing but progress came after it, and every other message (and their order) kept. The
 * progress notifications are the dispatcher's own, so the key the queue reads is the one core writes.
 */
import { Dispatcher, ServiceDefinition, ToolDeclaration, integerType } from '@toolwire/core';
import { EventQueue, progressKey } from '@toolwire/core/http';
import type { CallContext } from '@toolwire/core';

/** The notifications core sends for a call of `steps` with `token`, reporting progress 1 … n with a log message after each `logEvery`. */
async function notificationsOf(token: string | number, n: number, logEvery = 0): Promise<string[]> {
  const decl = new ToolDeclaration('queue', '1', { logging: true });
  decl.addTool('steps').addParam('n', integerType());
  const defs = new ServiceDefinition().registerProcedure('steps', async (count: number, ctx: CallContext) => {
    for (let i = 1; i <= count; i++) {
      ctx.progress(i, count, `step "${i}"`);
      if (logEvery > 0 && i % logEvery === 0) ctx.log('info', `after ${i}`);
    }
    return 'done';
  });
  const sent: string[] = [];
  const request = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'steps', arguments: { n }, _meta: { progressToken: token } } });
  await new Dispatcher(defs, decl).dispatch(request, { notify: (json) => void sent.push(json) });
  return sent;
}

const identity = { frame: (json: string) => json, size: (frame: string) => frame.length };

function drain(queue: EventQueue<string>): string[] {
  const out: string[] = [];
  for (let f = queue.shift(); f !== undefined; f = queue.shift()) out.push(f);
  return out;
}

const progressOf = (json: string): number => (JSON.parse(json) as { params: { progress: number } }).params.progress;

describe('progressKey', () => {
  it('reads the token of the progress notifications core writes, numbers and strings alike', async () => {
    const [byNumber] = await notificationsOf(7, 1);
    const [byString] = await notificationsOf('a","progress":1,"x', 1);
    expect(progressKey(byNumber)).toBe('7');
    expect(progressKey(byString)).toBe(JSON.stringify('a","progress":1,"x'));
  });

  it('gives no key to a log message or a response', async () => {
    const sent = await notificationsOf(1, 1, 1);
    expect(progressKey(sent[1])).toBeUndefined();
    expect(progressKey('{"jsonrpc":"2.0","id":1,"result":{}}')).toBeUndefined();
  });
});

describe('EventQueue', () => {
  it('keeps only the latest of consecutive progress notifications for one token, counting its bytes', async () => {
    const sent = await notificationsOf(1, 100);
    const queue = new EventQueue(identity);
    for (const json of sent) queue.push(json);
    expect(queue.length).toBe(1);
    expect(queue.bytes).toBe(sent[99].length);
    expect(drain(queue)).toEqual([sent[99]]);
    expect(queue.bytes).toBe(0);
  });

  it('never drops or reorders a log message, and never lets progress jump over one', async () => {
    const sent = await notificationsOf('t', 30, 10); // p1…p10 L10 p11…p20 L20 p21…p30 L30
    const queue = new EventQueue(identity);
    for (const json of sent) queue.push(json);
    const out = drain(queue);
    expect(out.map((json) => progressKey(json) === undefined ? `log ${JSON.parse(json).params.data}` : `p${progressOf(json)}`)).toEqual([
      'p10', 'log after 10', 'p20', 'log after 20', 'p30', 'log after 30',
    ]);
  });

  it('coalesces each token on its own, in place', async () => {
    const a = await notificationsOf('a', 3);
    const b = await notificationsOf('b', 3);
    const queue = new EventQueue(identity);
    for (let i = 0; i < 3; i++) {
      queue.push(a[i]);
      queue.push(b[i]);
    }
    expect(drain(queue)).toEqual([a[2], b[2]]);
  });

  it('does not replace a frame that has already left the queue', async () => {
    const sent = await notificationsOf(1, 3);
    const queue = new EventQueue(identity);
    queue.push(sent[0]);
    queue.push('{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":1}}');
    queue.push(sent[1]);
    expect(queue.shift()).toBe(sent[0]);
    queue.shift();
    queue.push(sent[2]); // sent[1] is still queued: replaced
    expect(drain(queue)).toEqual([sent[2]]);
    queue.push(sent[0]);
    expect(queue.shift()).toBe(sent[0]);
    queue.push(sent[1]); // the queue emptied: a fresh frame
    expect(drain(queue)).toEqual([sent[1]]);
  });

  it('stays in order and in count through many pushes and shifts without emptying', () => {
    const queue = new EventQueue(identity);
    const out: string[] = [];
    for (let i = 0; i < 5000; i++) {
      queue.push(`{"n":${i}}`);
      queue.push(`{"n":${i}.5}`);
      out.push(queue.shift() as string);
    }
    expect(queue.length).toBe(5000);
    out.push(...drain(queue));
    expect(out).toHaveLength(10000);
    expect(out.slice(0, 3)).toEqual(['{"n":0}', '{"n":0.5}', '{"n":1}']);
    expect(out[9999]).toBe('{"n":4999.5}');
  });

  it('counts bytes with the framing it was given', () => {
    const queue = new EventQueue({ frame: (json: string) => new TextEncoder().encode(`data: ${json}\n\n`), size: (frame: Uint8Array) => frame.byteLength });
    queue.push('"é"');
    expect(queue.bytes).toBe(Buffer.byteLength('data: "é"\n\n'));
  });
});
