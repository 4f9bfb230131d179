/** Dispatcher behaviour beyond the fixtures: options, the call context, sessions, sync and async forms. */
import { CallContext, Dispatcher, RemotingFault, ServiceDefinition, TextContent, ToolDeclaration, Type, integerType, stringType, toolError } from '@toolwire/core';
import { Session } from '@toolwire/core/transport';

const call = (id: number, name: string, args?: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
const init = (id: number, protocolVersion: string) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 't', version: '1' } } });

function server(procs: Record<string, (...args: never[]) => unknown>, params: Record<string, string[]> = {}) {
  const defs = new ServiceDefinition();
  const decl = new ToolDeclaration('t', '1');
  for (const [name, fn] of Object.entries(procs)) {
    defs.registerProcedure(name, fn as (...args: unknown[]) => unknown);
    const tool = decl.addTool(name, name);
    for (const p of params[name] ?? []) tool.addParam(p, p.startsWith('n') ? integerType() : stringType());
  }
  return { defs, decl };
}

describe('Dispatcher options', () => {
  it('hides internal error messages by default and reports them to onError with the request info', async () => {
    const seen: unknown[] = [];
    const boom = new Error('db password is hunter2');
    const { defs, decl } = server({ crash: () => { throw boom; } });
    const d = new Dispatcher(defs, decl, { onError: (error, info) => seen.push(error, info) });
    const { body } = await d.dispatch(call(7, 'crash', {}));
    expect(JSON.parse(body)).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32603, message: 'Internal error' } });
    expect(seen).toEqual([boom, { requestId: 7, method: 'tools/call', tool: 'crash' }]);
  });

  it('exposeInternalErrors sends the message, also for rejected promises', async () => {
    const { defs, decl } = server({ crash: async () => { throw new Error('detail'); } });
    const d = new Dispatcher(defs, decl, { exposeInternalErrors: true, onError: () => undefined });
    expect(JSON.parse((await d.dispatch(call(1, 'crash', {}))).body).error).toEqual({ code: -32603, message: 'detail' });
  });

  it('does not report faults to onError: they are answers, not failures', async () => {
    const onError = jest.fn();
    const { defs, decl } = server({ f: () => { throw new RemotingFault('expected'); } });
    await new Dispatcher(defs, decl, { onError }).dispatch(call(1, 'f', {}));
    expect(onError).not.toHaveBeenCalled();
  });

  it.each([
    ['an object without a prototype', () => Object.create(null)],
    ['an object whose toString throws', () => ({ toString: () => { throw new Error('no'); } })],
  ])('answers -32603 when a procedure rejects with %s, even with exposeInternalErrors', async (_what, make) => {
    const { defs, decl } = server({ f: async () => { throw make(); }, g: () => { throw make(); } });
    const d = new Dispatcher(defs, decl, { exposeInternalErrors: true, onError: () => undefined });
    for (const tool of ['f', 'g']) {
      expect(JSON.parse((await d.dispatch(call(1, tool, {}))).body).error).toEqual({ code: -32603, message: 'Internal error' });
    }
  });

  it('survives an onError hook that throws', async () => {
    const { defs, decl } = server({ crash: () => { throw new Error('x'); } });
    const d = new Dispatcher(defs, decl, { onError: () => { throw new Error('hook broke'); } });
    expect(JSON.parse((await d.dispatch(call(1, 'crash', {}))).body).error.code).toBe(-32603);
  });
});

describe('failures outside procedures', () => {
  class BrokenType extends Type {
    readonly typeId = 'string' as const;
    toSchema(): never {
      throw new Error('schema bug');
    }
  }

  it('a custom Type that throws makes tools/list a -32603 reply, reported, and the next request still works', async () => {
    const onError = jest.fn();
    const defs = new ServiceDefinition().registerProcedure('f', () => 1);
    const decl = new ToolDeclaration('t', '1');
    decl.addTool('f').addParam('x', new BrokenType());
    const d = new Dispatcher(defs, decl, { onError });
    const list = await d.dispatch('{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
    expect(JSON.parse(list.body)).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Internal error' } });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'schema bug' }), { requestId: 1, method: 'tools/list' });
    const batch = await d.dispatch('[{"jsonrpc":"2.0","id":2,"method":"tools/list"},{"jsonrpc":"2.0","id":3,"method":"ping"}]');
    expect(JSON.parse(batch.body)).toEqual([
      { jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'Internal error' } },
      { jsonrpc: '2.0', id: 3, result: {} },
    ]);
  });

  it('a batch under MCP-Protocol-Version 2026-07-28 is refused by the batch rule (-32600, HTTP 400), not as an unsupported version', async () => {
    const d = new Dispatcher(new ServiceDefinition(), new ToolDeclaration('t', '1'));
    const result = await d.dispatch('[{"jsonrpc":"2.0","id":1,"method":"ping"}]', { protocolVersion: '2026-07-28' });
    expect(result.status).toBe(400);
    expect(JSON.parse(result.body)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: batches are not supported in protocol version 2026-07-28' } });
  });

  it('a ContentType whose getFormatter throws makes the call a -32603 reply', async () => {
    const broken = new (class extends TextContent {
      override getFormatter(): never {
        throw new Error('no formatter');
      }
    })();
    const defs = new ServiceDefinition().registerProcedure('f', () => 1);
    const decl = new ToolDeclaration('t', '1');
    decl.addTool('f').setContent(broken);
    const d = new Dispatcher(defs, decl, { exposeInternalErrors: true, onError: () => undefined });
    expect(JSON.parse((await d.dispatch(call(4, 'f', {}))).body).error).toEqual({ code: -32603, message: 'no formatter' });
  });
});

describe('calling procedures', () => {
  it('passes positional arguments in declaration order, undefined for missing optional ones, then the context', async () => {
    const seen: unknown[][] = [];
    const { defs, decl } = server({ f: (...args: never[]) => { seen.push(args); return 'ok'; } }, { f: ['s1', 'n2', 's3'] });
    decl.getTool('f')?.setOptional('n2').setOptional('s3');
    const request = { marker: true };
    await new Dispatcher(defs, decl).dispatch(call(5, 'f', { s3: 'c', s1: 'a' }), { request, protocolVersion: '2025-11-25' });
    expect(seen).toHaveLength(1);
    const [a, b, c, ctx] = seen[0] as [unknown, unknown, unknown, CallContext];
    expect([a, b, c]).toEqual(['a', undefined, 'c']);
    expect(ctx).toMatchObject({ requestId: 5, toolName: 'f', protocolVersion: '2025-11-25', request });
    expect(ctx.signal.aborted).toBe(false);
  });

  it('calls registered methods with their object as this', async () => {
    const counter = { n: 41, next(this: { n: number }) { return ++this.n; } };
    const defs = new ServiceDefinition().registerProcedure('next', counter, 'next');
    const decl = new ToolDeclaration('t', '1');
    decl.addTool('next');
    expect(JSON.parse((await new Dispatcher(defs, decl).dispatch(call(1, 'next', {}))).body).result.content[0].text).toBe('42');
  });

  it('a procedure may return toolError() instead of throwing', async () => {
    const { defs, decl } = server({ f: () => toolError('city not found') });
    expect(JSON.parse((await new Dispatcher(defs, decl).dispatch(call(1, 'f', {}))).body).result).toEqual({
      content: [{ type: 'text', text: 'city not found' }],
      isError: true,
    });
  });

  it('links the transport signal to the call\'s own signal (which callTimeoutMs can also abort)', async () => {
    const controller = new AbortController();
    let received: AbortSignal | undefined;
    const { defs, decl } = server({ f: (ctx: never) => { received = (ctx as CallContext).signal; return 1; } });
    await new Dispatcher(defs, decl).dispatch(call(1, 'f', {}), { signal: controller.signal });
    expect(received?.aborted).toBe(false);
    const reason = new Error('client gone');
    controller.abort(reason);
    expect(received?.aborted).toBe(true);
    expect(received?.reason).toBe(reason);
  });

  it('passes the transport signal itself when calls cannot time out', async () => {
    const controller = new AbortController();
    let received: AbortSignal | undefined;
    const { defs, decl } = server({ f: (ctx: never) => { received = (ctx as CallContext).signal; return 1; } });
    await new Dispatcher(defs, decl, { callTimeoutMs: Infinity }).dispatch(call(1, 'f', {}), { signal: controller.signal });
    expect(received).toBe(controller.signal);
  });

  it('reads the transport signal only when the procedure reads its own', async () => {
    let reads = 0;
    const controller = new AbortController();
    const ctx = {
      get signal() {
        reads++;
        return controller.signal;
      },
    };
    const { defs, decl } = server({ quiet: () => 1, watchful: (c: never) => (c as CallContext).signal.aborted });
    const d = new Dispatcher(defs, decl);
    await d.dispatch(call(1, 'quiet', {}), ctx);
    expect(reads).toBe(0);
    await d.dispatch(call(2, 'watchful', {}), ctx);
    expect(reads).toBe(1);
  });

  it('handle() answers synchronously when no procedure is asynchronous', () => {
    const { defs, decl } = server({ f: () => 1, g: async () => 2 });
    const d = new Dispatcher(defs, decl);
    expect(d.handle(call(1, 'f', {}))).toHaveProperty('body');
    expect(d.handle(call(1, 'g', {}))).toBeInstanceOf(Promise);
  });
});

describe('tools/list of a large declaration', () => {
  it('also gives the response as parts with the payload pre-encoded, identical to the body', () => {
    const defs = new ServiceDefinition();
    const big = new ToolDeclaration('t', '1');
    for (let i = 0; i < 300; i++) big.addTool(`tool_${i}`, `Tool ${i} — déjà vu`).addParam('x', stringType(), 'some text');
    const d = new Dispatcher(defs, big, { missingProcedures: 'ignore' });
    const result = d.dispatchSync('{"jsonrpc":"2.0","id":"L","method":"tools/list"}');
    expect(result.parts).toHaveLength(3);
    const joined = (result.parts ?? []).map((p) => (typeof p === 'string' ? p : new TextDecoder().decode(p))).join('');
    expect(joined).toBe(result.body);
    expect(JSON.parse(result.body)).toEqual({ jsonrpc: '2.0', id: 'L', result: big.toToolsList() });
    const second = d.dispatchSync('{"jsonrpc":"2.0","id":2,"method":"tools/list"}');
    expect(second.parts?.[1]).toBe(result.parts?.[1]); // encoded once
  });

  it('small payloads come as a body only', () => {
    const { defs, decl } = server({ f: () => 1 });
    expect(new Dispatcher(defs, decl).dispatchSync('{"jsonrpc":"2.0","id":1,"method":"tools/list"}').parts).toBeUndefined();
  });
});

describe('dispatchSync', () => {
  it('answers an async procedure with a clear -32603 and leaves no unhandled rejection', async () => {
    const { defs, decl } = server({ later: async () => { throw new Error('late failure'); } });
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    const result = new Dispatcher(defs, decl).dispatchSync(call(3, 'later', {}));
    expect(JSON.parse(result.body).error).toEqual({ code: -32603, message: 'Tool "later" returned a Promise: asynchronous procedure; use StdioService' });
    await new Promise((resolve) => setImmediate(resolve));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('runs synchronous procedures and batches', () => {
    const { defs, decl } = server({ f: () => 'x' });
    const d = new Dispatcher(defs, decl);
    expect(JSON.parse(d.dispatchSync(`[${call(1, 'f', {})},${call(2, 'f', {})}]`).body)).toHaveLength(2);
  });
});

describe('sessions', () => {
  it('remember the version initialize negotiated, which then decides how validation errors are sent', () => {
    const { defs, decl } = server({ f: () => 1 }, { f: ['n'] });
    const d = new Dispatcher(defs, decl);
    const session = new Session();
    expect(session.protocolVersion).toBe('2025-03-26');
    expect(JSON.parse(d.dispatchSync(call(1, 'f', { n: 'x' }), { session }).body).error.code).toBe(-32602);
    d.dispatchSync(init(2, '2025-11-25'), { session });
    expect(session.protocolVersion).toBe('2025-11-25');
    expect(JSON.parse(d.dispatchSync(call(3, 'f', { n: 'x' }), { session }).body).result.isError).toBe(true);
    expect(d.dispatchSync('[]', { session }).status).toBe(400); // refused as a whole
  });

  it('notifications/cancelled aborts the named request and suppresses its reply', async () => {
    let signal: AbortSignal | undefined;
    const { defs, decl } = server({
      slow: (ctx: never) =>
        new Promise((resolve) => {
          signal = (ctx as CallContext).signal;
          signal.addEventListener('abort', () => resolve('stopped'));
        }),
    });
    const d = new Dispatcher(defs, decl);
    const session = new Session();
    const pending = d.dispatch(call(9, 'slow', {}), { session });
    await new Promise((resolve) => setImmediate(resolve));
    expect(session.pending).toBe(1);
    const cancel = await d.dispatch(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 9, reason: 'user' } }), { session });
    expect(cancel.body).toBe('');
    expect(signal?.aborted).toBe(true);
    expect((await pending).body).toBe('');
    expect(session.pending).toBe(0);
  });

  it('a cancel that arrives before the procedure reads its signal still aborts it', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let aborted: boolean | undefined;
    const { defs, decl } = server({
      late: async (ctx: never) => {
        await gate;
        aborted = (ctx as CallContext).signal.aborted;
        return 'x';
      },
    });
    const d = new Dispatcher(defs, decl);
    const session = new Session();
    const pending = d.dispatch(call(4, 'late', {}), { session });
    await d.dispatch(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 4 } }), { session });
    release();
    expect((await pending).body).toBe('');
    expect(aborted).toBe(true);
  });

  it('abortAll aborts the signals of calls in flight, whether read yet or not', async () => {
    const signals: AbortSignal[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { defs, decl } = server({
      early: (ctx: never) => { signals.push((ctx as CallContext).signal); return gate.then(() => 1); },
      late: async (ctx: never) => { await gate; signals.push((ctx as CallContext).signal); return 2; },
    });
    const d = new Dispatcher(defs, decl);
    const session = new Session();
    const replies = [d.dispatch(call(1, 'early', {}), { session }), d.dispatch(call(2, 'late', {}), { session })];
    await new Promise((resolve) => setImmediate(resolve));
    session.abortAll(new Error('gone'));
    release();
    const bodies = (await Promise.all(replies)).map((r) => JSON.parse(r.body).result.content[0].text);
    expect(bodies).toEqual(['1', '2']);
    expect(signals.map((s) => [s.aborted, (s.reason as Error).message])).toEqual([[true, 'gone'], [true, 'gone']]);
  });

  it('a call that was not cancelled is answered and forgotten', async () => {
    const { defs, decl } = server({ f: async () => 'done' });
    const session = new Session();
    const result = await new Dispatcher(defs, decl).dispatch(call(1, 'f', {}), { session });
    expect(JSON.parse(result.body).result.content[0].text).toBe('done');
    expect(session.pending).toBe(0);
  });
});
