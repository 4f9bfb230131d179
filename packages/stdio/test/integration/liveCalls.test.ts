/**
 * Live calls over stdio (serveStdio): a call's notifications go out in its request's framing,
 * before its response; once notifications went out, the response waits for the client to answer
 * a ping (so a client that handles notifications late still sees them first); after
 * notifications/cancelled nothing more is written for the request and its signal aborts; a
 * client that never answers pings is waited for once, then not again.
 */
import { PassThrough } from 'node:stream';
import { CallContext, ServiceDefinition, ToolDeclaration, integerType } from '@toolwire/core';
import { serveStdio } from '../../src';
import { Collector, contentLength, request } from './../helpers';

interface Frame {
  framing: 'newline' | 'content-length';
  reply: { id?: unknown; method?: string; params?: Record<string, unknown>; result?: Record<string, unknown> };
}

function liveServer(options: { flushPing?: boolean } = {}) {
  const decl = new ToolDeclaration('live', '1.0.0', { logging: true });
  decl.addTool('steps').addParam('n', integerType());
  decl.addTool('hang');
  const signals: AbortSignal[] = [];
  let kept: CallContext | undefined;
  const defs = new ServiceDefinition()
    .registerProcedure('steps', (n: number, ctx: CallContext) => {
      for (let i = 1; i <= n; i++) ctx.progress(i, n);
      ctx.log('info', 'done');
      return n;
    })
    .registerProcedure('hang', (ctx: CallContext) => {
      kept = ctx;
      signals.push(ctx.signal);
      ctx.progress(1);
      return new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)));
    });
  const input = new PassThrough();
  const output = new Collector();
  const done = serveStdio(defs, decl, { input, output: output.stream, ...options });
  return { input, output, done, signals, kept: () => kept };
}

const callWithToken = (id: number, name: string, args: Record<string, unknown>, token: string | number) =>
  request(id, 'tools/call', { name, arguments: args, _meta: { progressToken: token } });

const frames = (output: Collector) => output.frames() as Frame[];

/** Answers the server's ping the way a client does. */
function pong(frame: Frame, framing: 'newline' | 'content-length'): string {
  const json = JSON.stringify({ jsonrpc: '2.0', id: frame.reply.id, result: {} });
  return framing === 'newline' ? `${json}\n` : contentLength(json);
}

describe('serveStdio and notifications', () => {
  it.each(['newline', 'content-length'] as const)('writes a call\'s notifications in its %s framing, then a ping, then — once answered — the response', async (framing) => {
    const { input, output, done } = liveServer();
    const json = callWithToken(1, 'steps', { n: 2 }, 'tok');
    input.write(framing === 'newline' ? `${json}\n` : contentLength(json));
    const written = (await output.waitFor(4)) && frames(output);
    expect(written.map((f) => f.framing)).toEqual([framing, framing, framing, framing]);
    expect(written.map((f) => f.reply.method)).toEqual(['notifications/progress', 'notifications/progress', 'notifications/message', 'ping']);
    expect(written[0].reply.params).toEqual({ progressToken: 'tok', progress: 1, total: 2 });
    expect(written[2].reply.params).toEqual({ level: 'info', data: 'done' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(frames(output)).toHaveLength(4); // the response waits for the answer to the ping
    input.write(pong(written[3], framing));
    await output.waitFor(5);
    expect(frames(output)[4].reply).toEqual({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: '2' }], isError: false } });
    input.end();
    await done;
  });

  it('with flushPing: false sends no ping and holds nothing: the notifications, then the response', async () => {
    const { input, output, done } = liveServer({ flushPing: false });
    input.write(`${callWithToken(1, 'steps', { n: 2 }, 'tok')}\n`);
    await output.waitFor(4);
    expect(frames(output).map((f) => f.reply.method ?? f.reply.id)).toEqual(['notifications/progress', 'notifications/progress', 'notifications/message', 1]);
    input.end();
    await done;
    expect(frames(output).some((f) => f.reply.method === 'ping')).toBe(false);
  });

  it('refuses a flushPing that is not a boolean, naming the option', async () => {
    const decl = new ToolDeclaration('x', '1.0.0');
    await expect(serveStdio(new ServiceDefinition(), decl, { input: new PassThrough(), output: new Collector().stream, flushPing: 'no' as unknown as boolean })).rejects.toThrow(
      'serveStdio: option flushPing: expected a boolean, got string',
    );
  });

  it('at the end of input writes a response still held for a ping', async () => {
    const { input, output, done } = liveServer();
    input.write(`${request(1, 'tools/call', { name: 'steps', arguments: { n: 2 } })}\n`); // no progress token, but logging at info…
    const written = (await output.waitFor(2)) && frames(output);
    expect(written.map((f) => f.reply.method)).toEqual(['notifications/message', 'ping']); // …the log message still goes out
    input.end();
    await done; // at the end of input the held response is written without waiting for the ping
    expect(frames(output).at(-1)?.reply.id).toBe(1);
  });

  it('after notifications/cancelled writes nothing more for the request, and aborts its signal', async () => {
    const { input, output, done, signals, kept } = liveServer();
    input.write(`${callWithToken(7, 'hang', {}, 'h')}\n`);
    await output.waitFor(1);
    input.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7, reason: 'user' } })}\n`);
    while (!signals[0]?.aborted) await new Promise((resolve) => setTimeout(resolve, 2));
    kept()?.progress(2);
    kept()?.log('emergency', 'late');
    input.end();
    await done;
    expect(frames(output).map((f) => f.reply.method ?? f.reply.id)).toEqual(['notifications/progress']);
    expect(signals[0].reason).toBe('user');
  });

  it('waits for a client that never answers pings once, then no more', async () => {
    const { input, output, done } = liveServer();
    input.write(`${callWithToken(1, 'steps', { n: 1 }, 1)}\n`);
    const started = Date.now();
    while (!frames(output).some((f) => f.reply.id === 1)) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    const count = frames(output).length;
    input.write(`${callWithToken(2, 'steps', { n: 1 }, 2)}\n`);
    while (!frames(output).some((f) => f.reply.id === 2)) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(frames(output).slice(count).map((f) => f.reply.method ?? 'response')).toEqual(['notifications/progress', 'notifications/message', 'response']);
    input.end();
    await done;
  });
});
