/**
 * Faulty procedures: each gets its answer, no other request is affected, and onError hears every
 * internal error with the request id — a synchronous throw, a rejection, a thrown non-Error, a
 * result that cannot be written (a cycle, a throwing getter or toJSON), one holding a function, a
 * symbol or a BigInt, and a call that never settles, with and without callTimeoutMs.
 */
import { Dispatcher, ServiceDefinition, ToolDeclaration, integerType } from '@toolwire/core';
import { Session } from '@toolwire/core/transport';
import type { CallContext, DispatcherOptions, ErrorInfo } from '@toolwire/core';

interface Reply {
  id: string | number | null;
  result?: { content: { type: string; text: string }[]; isError: boolean };
  error?: { code: number; message: string };
}

const cyclic = (): unknown => {
  const o: Record<string, unknown> = { a: 1 };
  o.self = o;
  return o;
};

const FAULTY: Record<string, (...args: never[]) => unknown> = {
  throwsSync: () => {
    throw new Error('sync boom at /home/secret/app.js');
  },
  rejects: async () => {
    throw new TypeError('async boom');
  },
  throwsString: () => {
    throw 'a bare string';
  },
  throwsUndefined: () => {
    throw undefined;
  },
  throwsUnprintable: () => {
    throw { toString: () => { throw new Error('no'); } };
  },
  rejectsNull: () => Promise.reject(null),
  returnsCycle: cyclic,
  returnsAsyncCycle: async () => cyclic(),
  throwingGetter: () => ({ get x() { throw new Error('getter'); } }),
  throwingToJSON: () => ({ toJSON: () => { throw new Error('toJSON'); } }),
};

const WELL_FORMED_ODDITIES: Record<string, [() => unknown, string]> = {
  // what JSON would not write is left out, as JSON.stringify does; a BigInt is an integer
  functionInside: [() => ({ a: 1, f: () => 2 }), '  a: 1'],
  symbolInside: [() => ({ a: 1, s: Symbol('x') }), '  a: 1'],
  bigintInside: [() => ({ n: 12345678901234567890n }), '  n: 12345678901234567890'],
  returnsFunction: [() => () => 1, ''],
};

function setup(options: DispatcherOptions = {}) {
  const errors: { error: unknown; info: ErrorInfo }[] = [];
  const decl = new ToolDeclaration('faults', '1');
  const defs = new ServiceDefinition();
  decl.addTool('add', 'adds').addParam('a', integerType(), 'a').addParam('b', integerType(), 'b');
  defs.registerProcedure('add', async (a: number, b: number) => a + b);
  for (const [name, fn] of Object.entries(FAULTY)) {
    decl.addTool(name, name);
    defs.registerProcedure(name, fn);
  }
  for (const [name, [fn]] of Object.entries(WELL_FORMED_ODDITIES)) {
    decl.addTool(name, name);
    defs.registerProcedure(name, fn);
  }
  const hang = { started: 0, aborted: [] as unknown[] };
  decl.addTool('hang', 'never settles');
  defs.registerProcedure('hang', (ctx: CallContext) => {
    hang.started++;
    ctx.signal.addEventListener('abort', () => hang.aborted.push(ctx.signal.reason));
    return new Promise(() => undefined);
  });
  decl.addTool('late', 'settles after its time is up');
  defs.registerProcedure('late', () => new Promise((_, reject) => setTimeout(() => reject(new Error('too late')), 60)));
  const dispatcher = new Dispatcher(defs, decl, { onError: (error, info) => errors.push({ error, info }), ...options });
  return { dispatcher, errors, hang };
}

const call = (id: number | string, name: string, args?: Record<string, unknown>): string =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: args ? { name, arguments: args } : { name } });

async function ask(dispatcher: Dispatcher, message: string, session?: Session): Promise<Reply> {
  return JSON.parse((await dispatcher.dispatch(message, { session })).body) as Reply;
}

describe('faulty procedures', () => {
  it.each(Object.keys(FAULTY))('%s: -32603 Internal error for its id, onError told with the request id and tool', async (name) => {
    const { dispatcher, errors } = setup();
    const reply = await ask(dispatcher, call(`req-${name}`, name));
    expect(reply).toEqual({ jsonrpc: '2.0', id: `req-${name}`, error: { code: -32603, message: 'Internal error' } });
    expect(errors).toHaveLength(1);
    expect(errors[0].info).toEqual({ requestId: `req-${name}`, method: 'tools/call', tool: name });
  });

  it.each(Object.entries(WELL_FORMED_ODDITIES))('%s: a well-formed result (what JSON cannot hold is left out)', async (name, [, text]) => {
    const { dispatcher, errors } = setup();
    expect((await ask(dispatcher, call(1, name))).result).toEqual({ content: [{ type: 'text', text }], isError: false });
    expect(errors).toHaveLength(0);
  });

  it('every fault at once, beside good calls: each good call gets its own right answer', async () => {
    const { dispatcher, errors } = setup();
    const names = Object.keys(FAULTY);
    const replies = await Promise.all(
      names.flatMap((name, i) => [ask(dispatcher, call(`bad-${i}`, name)), ask(dispatcher, call(i, 'add', { a: i, b: 1000 }))]),
    );
    for (const [i] of names.entries()) {
      expect(replies[2 * i].error?.code).toBe(-32603);
      expect(replies[2 * i + 1]).toEqual({ jsonrpc: '2.0', id: i, result: { content: [{ type: 'text', text: String(i + 1000) }], isError: false } });
    }
    expect(errors.map((e) => e.info.requestId).sort()).toEqual(names.map((_, i) => `bad-${i}`).sort());
  });

  it('with exposeInternalErrors the message is sent, never the stack', async () => {
    const { dispatcher } = setup({ exposeInternalErrors: true });
    expect((await ask(dispatcher, call(1, 'rejects'))).error).toEqual({ code: -32603, message: 'async boom' });
    expect((await ask(dispatcher, call(2, 'throwsString'))).error).toEqual({ code: -32603, message: 'a bare string' });
    expect((await ask(dispatcher, call(3, 'throwsUnprintable'))).error).toEqual({ code: -32603, message: 'Internal error' });
  });
});

describe('a call that never settles', () => {
  it('with callTimeoutMs: answered isError "timed out after N ms", its signal aborted, onError told, others unaffected', async () => {
    const { dispatcher, errors, hang } = setup({ callTimeoutMs: 50 });
    const hung = ask(dispatcher, call('h', 'hang'));
    expect(await ask(dispatcher, call(2, 'add', { a: 2, b: 3 }))).toMatchObject({ id: 2, result: { content: [{ text: '5' }] } });
    expect(await hung).toEqual({ jsonrpc: '2.0', id: 'h', result: { content: [{ type: 'text', text: 'Tool "hang" timed out after 50 ms' }], isError: true } });
    expect(hang.aborted).toHaveLength(1);
    expect((hang.aborted[0] as Error).name).toBe('TimeoutError');
    expect(errors).toHaveLength(1);
    expect(errors[0].info).toEqual({ requestId: 'h', method: 'tools/call', tool: 'hang' });
  });

  it('without callTimeoutMs: the five-minute default answers it (fake timers)', async () => {
    jest.useFakeTimers();
    try {
      const { dispatcher, hang } = setup();
      const hung = ask(dispatcher, call(1, 'hang'));
      await jest.advanceTimersByTimeAsync(299_999);
      expect(hang.aborted).toHaveLength(0);
      await jest.advanceTimersByTimeAsync(1);
      expect((await hung).result).toEqual({ content: [{ type: 'text', text: 'Tool "hang" timed out after 300000 ms' }], isError: true });
    } finally {
      jest.useRealTimers();
    }
  });

  it('with callTimeoutMs: Infinity it stays pending and blocks nothing; a session still counts it', async () => {
    const { dispatcher, hang } = setup({ callTimeoutMs: Infinity });
    const session = new Session();
    let settled = false;
    void dispatcher.dispatch(call(1, 'hang'), { session }).then(() => (settled = true));
    expect(await ask(dispatcher, call(2, 'add', { a: 1, b: 1 }), session)).toMatchObject({ result: { content: [{ text: '2' }] } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([settled, hang.started, session.pending]).toEqual([false, 1, 1]);
  });

  it('a timed-out call leaves the session; one settling after its time is up is dropped, not reported', async () => {
    const { dispatcher, errors } = setup({ callTimeoutMs: 20 });
    const session = new Session();
    const reply = await ask(dispatcher, call(1, 'late'), session);
    expect(reply.result?.content[0].text).toBe('Tool "late" timed out after 20 ms');
    expect(session.pending).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 80)); // the late rejection comes and goes
    expect(errors).toHaveLength(1);
  });

  it('a cancelled call that never settles is answered with nothing when its time is up', async () => {
    const { dispatcher, errors } = setup({ callTimeoutMs: 30 });
    const session = new Session();
    const pending = dispatcher.dispatch(call(9, 'hang'), { session });
    await dispatcher.dispatch('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":9}}', { session });
    expect((await pending).body).toBe('');
    expect(session.pending).toBe(0);
    expect(errors).toHaveLength(0);
  });
});
