/**
 * Live calls over fetch: the Response stays JSON unless a tool call emits a notification while
 * the client accepts text/event-stream — then the handler resolves at the first notification with
 * an SSE stream (events as they come, the response last). A cancelled stream aborts the call's
 * signal; callTimeoutMs answers a hanging call.
 */
import { CallContext, ServiceDefinition, ToolDeclaration, integerType } from '@toolwire/core';
import { mcpFetchHandler } from '../../src';
import { post, rpc } from '../helpers';

const SSE = { accept: 'application/json, text/event-stream' };

function handler(options = {}) {
  const decl = new ToolDeclaration('live', '1.0.0', { logging: true });
  decl.addTool('steps').addParam('n', integerType());
  decl.addTool('hang');
  let release: () => void = () => undefined;
  const signals: AbortSignal[] = [];
  const defs = new ServiceDefinition()
    .registerProcedure('steps', async (n: number, ctx: CallContext) => {
      for (let i = 1; i <= n; i++) {
        ctx.progress(i, n);
        if (i === 1) await new Promise<void>((resolve) => (release = resolve)); // the test reads the first event meanwhile
      }
      ctx.log('info', 'done');
      return `did ${n}`;
    })
    .registerProcedure('hang', (ctx: CallContext) => {
      ctx.progress(1);
      signals.push(ctx.signal);
      return new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)));
    });
  return { handle: mcpFetchHandler(decl, defs, { onError: () => undefined, ...options }), release: () => release(), signals };
}

const call = (name: string, args: Record<string, unknown> = {}, token?: string | number) =>
  rpc('tools/call', token === undefined ? { name, arguments: args } : { name, arguments: args, _meta: { progressToken: token } });

describe('mcpFetchHandler and notifications', () => {
  it('resolves at the first notification with an event stream; the rest follow as they come, the response last', async () => {
    const { handle, release } = handler();
    const response = await handle(post(call('steps', { n: 2 }, 'tok'), SSE));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    const first = decoder.decode((await reader.read()).value);
    expect(first).toBe('event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"tok","progress":1,"total":2}}\n\n');
    release();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += decoder.decode(chunk.value);
    expect(rest.split('\n\n').filter(Boolean)).toEqual([
      'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"tok","progress":2,"total":2}}',
      'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"done"}}',
      'event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"did 2"}],"isError":false}}',
    ]);
  });

  it('answers one JSON Response, notifications dropped, when the client does not accept event streams', async () => {
    const { handle, release } = handler();
    const pending = handle(post(call('steps', { n: 2 }, 'tok'), { accept: '*/*' }));
    setImmediate(release);
    const response = await pending;
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'did 2' }], isError: false } });
  });

  it('aborts the call when the client cancels the stream', async () => {
    const { handle, signals } = handler();
    const response = await handle(post(call('hang', {}, 1), SSE));
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await reader.cancel();
    expect(signals[0].aborted).toBe(true);
    expect(String(signals[0].reason)).toMatch(/cancelled the event stream/);
  });

  it('answers a hanging call isError "timed out after N ms" (callTimeoutMs), as the last event', async () => {
    const { handle, signals } = handler({ callTimeoutMs: 30 });
    const text = await (await handle(post(call('hang', {}, 1), SSE))).text();
    expect(text.split('\n\n').filter(Boolean).at(-1)).toBe(
      'event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"Tool \\"hang\\" timed out after 30 ms"}],"isError":true}}',
    );
    expect(signals[0].aborted).toBe(true);
    const json = (await (await handle(post(call('hang')))).json()) as { result: { isError: boolean } };
    expect(json.result.isError).toBe(true);
  });
});
