/**
 * The call context's notifications: progress for the request's token, log messages at or above
 * the level in force (logging/setLevel on a session, the declaration's default without one), the
 * logging capability, client capabilities and era, and nothing sent once a call is answered,
 * cancelled or timed out — all through the transport's sink, before the response.
 */
import { CallContext, Dispatcher, ServiceDefinition, ToolDeclaration, integerType } from '@toolwire/core';
import { Session } from '@toolwire/core/transport';
import type { DispatchContext, LoggingOptions } from '@toolwire/core';

const rpc = (id: number | string, method: string, params?: unknown) => JSON.stringify({ jsonrpc: '2.0', id, method, params });
const callWith = (id: number, name: string, meta?: Record<string, unknown>, args: Record<string, unknown> = {}) =>
  rpc(id, 'tools/call', meta === undefined ? { name, arguments: args } : { name, arguments: args, _meta: meta });

type Proc = (...args: never[]) => unknown;

function setup(procs: Record<string, Proc>, logging?: boolean | LoggingOptions, options: ConstructorParameters<typeof Dispatcher>[2] = {}) {
  const decl = new ToolDeclaration('n', '1', logging === undefined ? {} : { logging });
  const defs = new ServiceDefinition();
  for (const [name, fn] of Object.entries(procs)) {
    defs.registerProcedure(name, fn as (...args: unknown[]) => unknown);
    if (name === 'count') decl.addTool(name).addParam('n', integerType());
    else decl.addTool(name);
  }
  const sent: string[] = [];
  const dispatcher = new Dispatcher(defs, decl, options);
  const context = (extra: Partial<DispatchContext> = {}): DispatchContext => ({ notify: (json) => sent.push(json), ...extra });
  return { dispatcher, sent, context, parsed: () => sent.map((s) => JSON.parse(s) as { method: string; params: Record<string, unknown> }) };
}

describe('context.progress', () => {
  const procs = {
    count: (n: number, ctx: CallContext) => {
      for (let i = 1; i <= n; i++) ctx.progress(i, n, `step ${i}`);
      return n;
    },
  };

  it.each([['a string token', 'tok-1'], ['an integer token', 7]])('sends notifications/progress for %s, before the response', (_, token) => {
    const { dispatcher, sent, context } = setup(procs);
    const result = dispatcher.dispatchSync(callWith(1, 'count', { progressToken: token }, { n: 2 }), context());
    expect(sent).toEqual([
      `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":${JSON.stringify(token)},"progress":1,"total":2,"message":"step 1"}}`,
      `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":${JSON.stringify(token)},"progress":2,"total":2,"message":"step 2"}}`,
    ]);
    expect(JSON.parse(result.body).result.content[0].text).toBe('2');
  });

  it('does nothing without a progress token, or with one that is neither a string nor an integer', () => {
    const { dispatcher, sent, context } = setup(procs);
    dispatcher.dispatchSync(callWith(1, 'count', undefined, { n: 3 }), context());
    dispatcher.dispatchSync(callWith(2, 'count', { progressToken: 1.5 }, { n: 3 }), context());
    dispatcher.dispatchSync(callWith(3, 'count', { progressToken: null }, { n: 3 }), context());
    expect(sent).toEqual([]);
  });

  it('leaves out total and message when not given, and drops a value that does not grow', () => {
    const { dispatcher, parsed, context } = setup({
      count: (_n: number, ctx: CallContext) => {
        ctx.progress(1);
        ctx.progress(1);
        ctx.progress(0.5);
        ctx.progress(2.5);
        return 0;
      },
    });
    dispatcher.dispatchSync(callWith(1, 'count', { progressToken: 't' }, { n: 0 }), context());
    expect(parsed().map((n) => n.params)).toEqual([{ progressToken: 't', progress: 1 }, { progressToken: 't', progress: 2.5 }]);
  });

  it('throws a TypeError for a progress or total that is not a finite number', () => {
    const errors: unknown[] = [];
    const { dispatcher, context } = setup({
      count: (_n: number, ctx: CallContext) => {
        for (const bad of [() => ctx.progress(NaN), () => ctx.progress('1' as never), () => ctx.progress(1, Infinity), () => ctx.progress(1, 2, 3 as never)]) {
          try {
            bad();
          } catch (error) {
            errors.push(error);
          }
        }
        return 0;
      },
    });
    dispatcher.dispatchSync(callWith(1, 'count', { progressToken: 't' }, { n: 0 }), context());
    expect(errors).toHaveLength(4);
    for (const error of errors) expect(error).toBeInstanceOf(TypeError);
  });

  it('is dropped without a sink (the transport cannot send notifications)', () => {
    const { dispatcher } = setup(procs);
    expect(JSON.parse(dispatcher.dispatchSync(callWith(1, 'count', { progressToken: 't' }, { n: 2 })).body).result.isError).toBe(false);
  });
});

describe('context.log and logging/setLevel', () => {
  const everyLevel = (ctx: CallContext) => {
    for (const level of ['debug', 'info', 'warning', 'emergency'] as const) ctx.log(level, { level }, 'test');
    return 'ok';
  };

  it('sends nothing when the declaration does not enable logging (and says so once on stderr), and has no logging/setLevel', async () => {
    const { dispatcher, sent, context } = setup({ everyLevel });
    const stderr = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      dispatcher.dispatchSync(callWith(1, 'everyLevel'), context());
      dispatcher.dispatchSync(callWith(3, 'everyLevel'), context());
      expect(stderr.mock.calls).toEqual([[expect.stringMatching(/^toolwire: ctx.log \(tool "everyLevel"\) sends nothing: the declaration does not enable logging — create it with new ToolDeclaration\(name, version, \{ logging: true \}\)$/)]]);
    } finally {
      stderr.mockRestore();
    }
    expect(sent).toEqual([]);
    expect(JSON.parse((await dispatcher.dispatch(rpc(2, 'logging/setLevel', { level: 'info' }))).body).error.code).toBe(-32601);
  });

  it('declares the logging capability in initialize when enabled', async () => {
    const { dispatcher } = setup({ everyLevel }, true);
    const { body } = await dispatcher.dispatch(rpc(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } }));
    expect(JSON.parse(body).result.capabilities).toEqual({ tools: {}, logging: {} });
  });

  it('applies the default level info without a session (stateless HTTP), whatever logging/setLevel said', async () => {
    const { dispatcher, parsed, context } = setup({ everyLevel }, true);
    expect(JSON.parse((await dispatcher.dispatch(rpc(1, 'logging/setLevel', { level: 'emergency' }))).body)).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    dispatcher.dispatchSync(callWith(2, 'everyLevel'), context());
    expect(parsed()).toEqual(
      ['info', 'warning', 'emergency'].map((level) => ({ jsonrpc: '2.0', method: 'notifications/message', params: { level, logger: 'test', data: { level } } })),
    );
  });

  it('takes another default level from { defaultLevel }', () => {
    const { dispatcher, parsed, context } = setup({ everyLevel }, { defaultLevel: 'warning' });
    dispatcher.dispatchSync(callWith(1, 'everyLevel'), context());
    expect(parsed().map((n) => n.params.level)).toEqual(['warning', 'emergency']);
  });

  it('holds the level logging/setLevel set for the session (a stdio connection)', async () => {
    const { dispatcher, parsed, context } = setup({ everyLevel }, true);
    const session = new Session();
    await dispatcher.dispatch(rpc(1, 'logging/setLevel', { level: 'debug' }), { session });
    dispatcher.dispatchSync(callWith(2, 'everyLevel'), context({ session }));
    expect(parsed().map((n) => n.params.level)).toEqual(['debug', 'info', 'warning', 'emergency']);
    await dispatcher.dispatch(rpc(3, 'logging/setLevel', { level: 'emergency' }), { session });
    dispatcher.dispatchSync(callWith(4, 'everyLevel'), context({ session }));
    expect(parsed().map((n) => n.params.level)).toEqual(['debug', 'info', 'warning', 'emergency', 'emergency']);
    expect(session.loggingLevel).toBe('emergency');
  });

  it.each([[{ level: 'verbose' }], [{}], [undefined], [{ level: 3 }]])('answers -32602 for logging/setLevel with %j', async (params) => {
    const { dispatcher } = setup({ everyLevel }, true);
    const { body } = await dispatcher.dispatch(rpc(1, 'logging/setLevel', params), { session: new Session() });
    expect(JSON.parse(body).error).toEqual({ code: -32602, message: expect.stringContaining('level must be one of debug, info, notice, warning, error, critical, alert, emergency') });
  });

  it('writes data of any JSON kind, leaves out a missing logger, and throws a TypeError for an unknown level or unserializable data', () => {
    const thrown: unknown[] = [];
    const { dispatcher, parsed, context } = setup({
      everyLevel: (ctx: CallContext) => {
        ctx.log('info', 'plain text');
        ctx.log('error', undefined);
        const cycle: Record<string, unknown> = {};
        cycle.self = cycle;
        for (const bad of [() => ctx.log('loud' as never, 1), () => ctx.log('info', cycle), () => ctx.log('info', 1n), () => ctx.log('info', 1, 2 as never)]) {
          try {
            bad();
          } catch (error) {
            thrown.push(error);
          }
        }
        return 'ok';
      },
    }, true);
    dispatcher.dispatchSync(callWith(1, 'everyLevel'), context());
    expect(parsed().map((n) => n.params)).toEqual([{ level: 'info', data: 'plain text' }, { level: 'error', data: null }]);
    expect(thrown).toHaveLength(4);
    for (const error of thrown) expect(error).toBeInstanceOf(TypeError);
  });

  it('rejects a malformed logging option at once', () => {
    expect(() => new ToolDeclaration('n', '1', { logging: { defaultLevel: 'loud' as never } })).toThrow(RangeError);
    expect(() => new ToolDeclaration('n', '1', { logging: { level: 'info' } as never })).toThrow(/unknown logging option "level"/);
    expect(() => new ToolDeclaration('n', '1', { logging: 'yes' as never })).toThrow(TypeError);
  });
});

describe('the rest of the call context', () => {
  it('has era, and the client capabilities of the session\'s initialize ({} without a session)', async () => {
    const seen: CallContext[] = [];
    const { dispatcher } = setup({ look: (ctx: CallContext) => seen.push(ctx) });
    const session = new Session();
    await dispatcher.dispatch(rpc(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: { sampling: {}, roots: { listChanged: true } }, clientInfo: { name: 'c', version: '1' } }), { session });
    await dispatcher.dispatch(callWith(2, 'look'), { session });
    await dispatcher.dispatch(callWith(3, 'look'));
    expect(seen[0]).toMatchObject({ era: 'legacy', requestId: 2, toolName: 'look', protocolVersion: '2025-11-25' });
    expect(seen[0].clientCapabilities).toEqual({ sampling: {}, roots: { listChanged: true } });
    expect(seen[1].clientCapabilities).toEqual({});
    expect(seen[1].era).toBe('legacy');
  });
});

describe('nothing is sent for a call that is over', () => {
  it('drops notifications after the response (a procedure that keeps a reference to its context)', async () => {
    let kept: CallContext | undefined;
    const { dispatcher, sent, context } = setup({ look: async (ctx: CallContext) => ((kept = ctx), 'done') }, true);
    await dispatcher.dispatch(callWith(1, 'look', { progressToken: 1 }), context());
    kept?.progress(1);
    kept?.log('error', 'late');
    expect(sent).toEqual([]);
  });

  it('drops notifications after notifications/cancelled, and the call is answered with nothing', async () => {
    let kept: CallContext | undefined;
    let finish: () => void = () => undefined;
    const { dispatcher, sent, context } = setup({
      look: (ctx: CallContext) => {
        kept = ctx;
        ctx.progress(1);
        return new Promise<string>((resolve) => (finish = () => resolve('done')));
      },
    });
    const session = new Session();
    const pending = dispatcher.dispatch(callWith(1, 'look', { progressToken: 'p' }), context({ session }));
    await dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }), { session });
    expect(kept?.signal.aborted).toBe(true);
    kept?.progress(2);
    finish();
    expect((await pending).body).toBe('');
    expect(sent).toHaveLength(1);
  });

  it('drops notifications after callTimeoutMs answered the call', async () => {
    let kept: CallContext | undefined;
    const { dispatcher, sent, context } = setup({ look: (ctx: CallContext) => ((kept = ctx), new Promise(() => undefined)) }, true, { callTimeoutMs: 20, onError: () => undefined });
    const { body } = await dispatcher.dispatch(callWith(1, 'look', { progressToken: 'p' }), context());
    expect(JSON.parse(body).result).toEqual({ content: [{ type: 'text', text: 'Tool "look" timed out after 20 ms' }], isError: true });
    expect(kept?.signal.aborted).toBe(true);
    kept?.progress(1);
    kept?.log('emergency', 'late');
    expect(sent).toEqual([]);
  });
});

describe('responses to the server\'s own requests', () => {
  it('settle what Session.expectResponse registered, result or error, once', async () => {
    const { dispatcher } = setup({});
    const session = new Session();
    const heard: string[] = [];
    session.expectResponse('s-1', () => heard.push('s-1'));
    session.expectResponse('s-2', () => heard.push('s-2'));
    expect((await dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 's-1', result: {} }), { session })).status).toBe(202);
    await dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 's-2', error: { code: -32601, message: 'nope' } }), { session });
    await dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 's-1', result: {} }), { session });
    expect(heard).toEqual(['s-1', 's-2']);
  });
});
