import { once } from 'node:events';
import { PassThrough, Writable } from 'node:stream';
import { serveStdio } from '@toolwire/stdio';
import { call, Collector, contentLength, createTestService, request } from '../helpers';

function start(options: { exposeInternalErrors?: boolean; maxMessageBytes?: number; maxStringLength?: number } = {}) {
  const { defs, decl, gates } = createTestService();
  const input = new PassThrough();
  const output = new Collector();
  let finished = false;
  const done = serveStdio(defs, decl, { input, output: output.stream, onError: () => undefined, ...options }).finally(() => (finished = true));
  return { input, output, gates, done, isFinished: () => finished };
}

describe('serveStdio', () => {
  it('answers a message over maxMessageBytes with -32600 (id null) and serves the next one', async () => {
    const { input, output, done } = start({ maxMessageBytes: 1024 });
    input.write(contentLength(call(1, 'echo', { message: 'x'.repeat(5000) })));
    input.write(`${call(2, 'echo', { message: 'y'.repeat(3000) })}\n`);
    input.end(`${request(3, 'ping')}\n`);
    await done;
    const frames = output.frames();
    expect(frames.map((f) => [f.framing, f.reply.id, f.reply.error?.code])).toEqual([
      ['content-length', null, -32600],
      ['newline', null, -32600],
      ['newline', 3, undefined],
    ]);
    expect(frames[0].reply.error?.message).toMatch(/^Invalid Request: message of \d+ bytes exceeds the limit of 1024 bytes$/);
    expect(frames[1].reply.error?.message).toBe('Invalid Request: message of more than 1024 bytes exceeds the limit of 1024 bytes');
  });

  it('answers each request in its own framing and resolves at the end of input', async () => {
    const { input, output, done } = start();
    input.write(`${request(1, 'ping')}\n`);
    input.write(contentLength(call(2, 'add', { a: 40, b: 2 })));
    input.end(`${call(3, 'echo', { message: 'ok' })}\n`);
    await done;
    expect(output.frames().map((f) => [f.framing, f.reply.id])).toEqual([
      ['newline', 1],
      ['content-length', 2],
      ['newline', 3],
    ]);
    expect(output.replies()[1].result?.content?.[0].text).toBe('42');
  });

  it('dispatches without waiting for earlier calls, so replies come out of order', async () => {
    const { input, output, gates, done } = start();
    input.write(`${call(1, 'wait', { name: 'slow' })}\n${call(2, 'wait', { name: 'fast' })}\n`);
    await Promise.all([gates.whenStarted('slow'), gates.whenStarted('fast')]);
    gates.release('fast');
    expect((await output.waitFor(1)).map((r) => r.id)).toEqual([2]);
    gates.release('slow');
    expect((await output.waitFor(2)).map((r) => r.id)).toEqual([2, 1]);
    input.end();
    await done;
  });

  it('aborts a call named by notifications/cancelled and sends no reply for it', async () => {
    const { input, output, gates, done } = start();
    input.write(`${call(7, 'wait', { name: 'doomed' })}\n`);
    await gates.whenStarted('doomed');
    input.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7, reason: 'user' } })}\n`);
    input.end(`${request(8, 'ping')}\n`);
    await done;
    expect(gates.signals.get('doomed')?.aborted).toBe(true);
    expect(output.replies().map((r) => r.id)).toEqual([8]);
  });

  it('at the end of input waits for calls in flight and writes their replies before resolving', async () => {
    const { input, output, gates, done, isFinished } = start();
    input.end(`${call(1, 'wait', { name: 'late' })}\n`);
    await gates.whenStarted('late');
    await once(input, 'end');
    await Promise.resolve();
    expect(isFinished()).toBe(false);
    gates.release('late');
    await done;
    expect(output.replies()).toEqual([{ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'released late' }], isError: false } }]);
  });

  it('answers garbage with -32700 (id null) and goes on', async () => {
    const { input, output, done } = start();
    input.end(`this is not json\n${request(1, 'ping')}\nContent-Length: twelve\r\n\r\n{}${contentLength(request(2, 'ping'))}`);
    await done;
    const replies = output.replies();
    expect(replies.map((r) => [r.id, r.error?.code ?? 'ok'])).toEqual([
      [null, -32700],
      [1, 'ok'],
      [null, -32700],
      [2, 'ok'],
    ]);
  });

  it('handles a 10 MiB message arriving in 64 KiB chunks', async () => {
    const { input, output, done } = start({ maxStringLength: Infinity }); // its one string is over the 4 Mi default
    const big = 'ü'.repeat(5 * 1024 * 1024); // 10 MiB of UTF-8
    const bytes = Buffer.from(`${call(1, 'echo', { message: big })}\n`);
    for (let i = 0; i < bytes.length; i += 65536) input.write(bytes.subarray(i, i + 65536));
    input.end();
    await done;
    const [reply] = output.replies();
    expect(reply.id).toBe(1);
    expect(reply.result?.content?.[0].text === big).toBe(true);
  });

  it('answers a long pipelined burst in several writes, giving the event loop turns in between', async () => {
    const { defs, decl } = createTestService();
    const input = new PassThrough();
    const writes: string[] = [];
    const output = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        writes.push(chunk.toString('utf8'));
        callback();
      },
    });
    const timerTurns: number[] = [];
    const ticker = setInterval(() => timerTurns.push(writes.length), 0);
    const burst = Array.from({ length: 20_000 }, (_, k) => `${call(k + 1, 'add', { a: k, b: 1 })}\n`).join('');
    input.end(burst); // all of it buffered before the loop reads its first message
    await serveStdio(defs, decl, { input, output });
    clearInterval(ticker);
    const lines = writes.join('').split('\n').filter(Boolean);
    expect(lines).toHaveLength(20_000);
    const ids = new Set(lines.map((line) => (JSON.parse(line) as { id: number }).id));
    expect(ids.size).toBe(20_000);
    expect(writes.length).toBeGreaterThan(10); // not one write at the end of the burst
    expect(writes.length).toBeLessThan(1000); // nor one per reply
    expect(timerTurns.some((n) => n > 0 && n < writes.length)).toBe(true); // timers ran while the burst was served
  });

  it('reassembles requests written one byte at a time', async () => {
    const { input, output, done } = start();
    const bytes = Buffer.from(`${contentLength(call(1, 'echo', { message: 'Zoë 🎉' }))}${call(2, 'add', { a: 1, b: 1 })}\n`);
    for (const byte of bytes) input.write(Buffer.from([byte]));
    input.end();
    await done;
    // echo is asynchronous, add is not: the replies may come in either order
    const frames = output.frames().sort((a, b) => Number(a.reply.id) - Number(b.reply.id));
    expect(frames.map((f) => [f.framing, f.reply.result?.content?.[0].text])).toEqual([
      ['content-length', 'Zoë 🎉'],
      ['newline', '2'],
    ]);
  });

  it('sends console output from tools to stderr while it runs, and restores console afterwards', async () => {
    const originalLog = console.log;
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const stdout = jest.spyOn(process.stdout, 'write');
    try {
      const { input, output, done } = start();
      input.end(`${call(1, 'shout', { message: 'tool chatter' })}\n`);
      await done;
      expect(output.replies()[0].result?.content?.[0].text).toBe('12');
      expect(stderr.mock.calls.map((c) => String(c[0]))).toContain('tool chatter\n');
      expect(stdout).not.toHaveBeenCalled();
    } finally {
      stderr.mockRestore();
      stdout.mockRestore();
    }
    expect(console.log).toBe(originalLog);
  });

  it('ends cleanly when the output breaks (EPIPE), aborting calls in flight', async () => {
    const { input, output, gates, done } = start();
    input.write(`${request(1, 'ping')}\n${call(2, 'wait', { name: 'orphan' })}\n`);
    await output.waitFor(1);
    await gates.whenStarted('orphan');
    output.stream.destroy(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    await expect(done).resolves.toBeUndefined();
    expect(gates.signals.get('orphan')?.aborted).toBe(true);
    expect(input.listenerCount('error')).toBe(0);
  });

  it('rejects with an input error after writing the replies in flight', async () => {
    const { input, output, gates, done } = start();
    input.write(`${call(1, 'wait', { name: 'pending' })}\n`);
    await gates.whenStarted('pending');
    input.destroy(new Error('input broke'));
    gates.release('pending');
    await expect(done).rejects.toThrow('input broke');
    expect(output.replies().map((r) => r.id)).toEqual([1]);
  });

  it('rejects with an input error when nothing is in flight, without an unhandled error event', async () => {
    const { input, done } = start();
    const closed = new Promise((resolve) => input.on('close', resolve)); // 'close' follows 'error' in the same tick
    input.destroy(new Error('input broke early'));
    await expect(done).rejects.toThrow('input broke early');
    await closed; // an unhandled 'error' would fail the run first
  });
});
