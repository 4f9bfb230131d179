/**
 * 2026-07-28 subscriptions/listen through the dispatcher: acknowledged first with the honoured
 * subset, every frame tagged with the subscription id, only the kinds asked for, a graceful end
 * with the final result, the client's cancel (the stream's signal; notifications/cancelled on a
 * connection) releasing the listener, the listener bounds, and the capabilities declared.
 */
import { Dispatcher, MemoryNotificationBus, ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import type { BusSubscriber, DispatchContext } from '@toolwire/core';
import { Session } from '@toolwire/core/transport';
import type { DispatchResult } from '@toolwire/core/transport';

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const SUB = 'io.modelcontextprotocol/subscriptionId';

interface Frame {
  method: string;
  params: Record<string, unknown> & { _meta?: Record<string, unknown> };
}

function server(options: ConstructorParameters<typeof Dispatcher>[2] = {}) {
  const decl = new ToolDeclaration('n', '1');
  decl.addTool('echo');
  decl.addPrompt('greet');
  decl.addResource('test://a', 'a').setContents('A');
  decl.addResource('test://b', 'b').setContents('B');
  const defs = new ServiceDefinition();
  defs.registerProcedure('echo', () => 'ok');
  
  const bus = new MemoryNotificationBus();
  const dispatcher = new Dispatcher(defs, decl, { notificationBus: bus, missingProcedures: 'ignore', ...options });
  return { decl, dispatcher, bus };
}

/** Opens a listen on `dispatcher`; frames arrive in `frames`, `next(n)` waits for the n-th. */
function listen(dispatcher: Dispatcher, notifications: Record<string, unknown>, extra: Partial<DispatchContext> = {}, id: string | number = 'L1') {
  const frames: Frame[] = [];
  let wake: (() => void) | undefined;
  const controller = new AbortController();
  const context: DispatchContext = {
    protocolVersion: '2026-07-28',
    signal: controller.signal,
    notify: (json) => {
      frames.push(JSON.parse(json) as Frame);
      wake?.();
    },
    ...extra,
  };
  const done: Promise<DispatchResult> = dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id, method: 'subscriptions/listen', params: { _meta: META, notifications } }), context);
  const next = async (count: number): Promise<Frame> => {
    while (frames.length < count) await new Promise<void>((resolve) => (wake = resolve));
    return frames[count - 1];
  };
  return { frames, next, done, cancel: () => controller.abort(new Error('client closed')) };
}

describe('subscriptions/listen', () => {
  it('acknowledges first with the honoured subset, tagged with the listen id', async () => {
    const { dispatcher } = server();
    const l = listen(dispatcher, { toolsListChanged: true, promptsListChanged: false, resourceSubscriptions: ['test://a'] });
    const ack = await l.next(1);
    expect(ack.method).toBe('notifications/subscriptions/acknowledged');
    expect(ack.params.notifications).toEqual({ toolsListChanged: true, resourceSubscriptions: ['test://a'] });
    expect(ack.params._meta).toEqual({ [SUB]: 'L1' });
    l.cancel();
    expect((await l.done).body).toBe('');
  });

  it('sends only the kinds asked for, each frame tagged with the subscription id', async () => {
    const { dispatcher, bus, decl } = server();
    const l = listen(dispatcher, { toolsListChanged: true, resourceSubscriptions: ['test://a'] }, {}, 7);
    await l.next(1);
    await bus.publish({ type: 'listChanged', list: 'prompts' }); // not asked for
    decl.resourceUpdated('test://b'); // not subscribed
    await bus.publish({ type: 'listChanged', list: 'tools' });
    decl.resourceUpdated('test://a');
    const second = await l.next(2);
    const third = await l.next(3);
    expect(second).toEqual({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: { [SUB]: 7 } } });
    expect(third).toEqual({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'test://a', _meta: { [SUB]: 7 } } });
    expect(l.frames).toHaveLength(3);
    l.cancel();
    await l.done;
  });

  it('ends gracefully with the final result, tagged with the subscription id and carrying the serverInfo every modern result has, when the server ends subscriptions', async () => {
    const { dispatcher } = server();
    const l = listen(dispatcher, { toolsListChanged: true });
    await l.next(1);
    dispatcher.endSubscriptions();
    const reply = JSON.parse((await l.done).body);
    expect(reply).toEqual({ jsonrpc: '2.0', id: 'L1', result: { resultType: 'complete', _meta: { [SUB]: 'L1', 'io.modelcontextprotocol/serverInfo': { name: 'n', version: '1' } } } });
  });

  it('releases the listener when the client closes the stream: no more frames, its place is free again', async () => {
    const { dispatcher, bus } = server({ maxSubscriptions: 1 });
    const first = listen(dispatcher, { toolsListChanged: true });
    await first.next(1);
    const refused = JSON.parse((await listen(dispatcher, { toolsListChanged: true }, {}, 'L2').done).body);
    expect(refused.error.code).toBe(-32000);
    expect(refused.error.message).toContain('maxSubscriptions (1)');
    first.cancel();
    await first.done;
    await bus.publish({ type: 'listChanged', list: 'tools' });
    expect(first.frames).toHaveLength(1);
    const again = listen(dispatcher, { toolsListChanged: true }, {}, 'L3');
    expect((await again.next(1)).method).toBe('notifications/subscriptions/acknowledged');
    again.cancel();
    await again.done;
  });

  it('on a connection, notifications/cancelled ends the listen without a reply', async () => {
    const { dispatcher, bus } = server();
    const session = new Session();
    const l = listen(dispatcher, { toolsListChanged: true }, { session, signal: undefined });
    await l.next(1);
    await dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'L1', _meta: META } }), { protocolVersion: '2026-07-28', session });
    expect((await l.done).body).toBe('');
    await bus.publish({ type: 'listChanged', list: 'tools' });
    expect(l.frames).toHaveLength(1);
  });

  it('on a connection, the end of its input ends the listen', async () => {
    const { dispatcher } = server();
    const session = new Session();
    const l = listen(dispatcher, { toolsListChanged: true }, { session, signal: undefined });
    await l.next(1);
    session.inputEnded();
    expect((await l.done).body).toBe('');
  });

  it('refuses one listener more than maxSubscriptionsPerPrincipal with -32000 and HTTP 503', async () => {
    const { dispatcher } = server({ maxSubscriptionsPerPrincipal: 1 });
    const first = listen(dispatcher, { toolsListChanged: true });
    await first.next(1);
    const result = await listen(dispatcher, { toolsListChanged: true }, {}, 'L2').done;
    expect(result.status).toBe(503);
    expect(result.headers).toEqual({ 'Retry-After': '1' });
    expect(JSON.parse(result.body).error.message).toContain('maxSubscriptionsPerPrincipal (1)');
    first.cancel();
    await first.done;
  });

  it.each([
    [{}, 'params.notifications must be an object'],
    [{ notifications: { toolsListChanged: 'yes' } }, 'notifications.toolsListChanged must be a boolean'],
    [{ notifications: { resourceSubscriptions: [1] } }, 'notifications.resourceSubscriptions must be an array of non-empty strings'],
  ])('answers malformed params %j with -32602', async (params, message) => {
    const { dispatcher } = server();
    const result = await dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'subscriptions/listen', params: { _meta: META, ...params } }), { protocolVersion: '2026-07-28', notify: () => undefined });
    expect(JSON.parse(result.body).error).toEqual({ code: -32602, message: `Invalid params: ${message}` });
  });

  it('refuses more resource subscriptions than maxResourceSubscriptions with -32602', async () => {
    const { dispatcher } = server({ maxResourceSubscriptions: 1 });
    const result = await listen(dispatcher, { resourceSubscriptions: ['test://a', 'test://b'] }).done;
    expect(JSON.parse(result.body).error.message).toContain('at most maxResourceSubscriptions (1)');
  });

  it('refuses a listen that cannot stream (-32600)', async () => {
    const { dispatcher } = server();
    const result = await listen(dispatcher, { toolsListChanged: true }, { canStream: () => false }).done;
    expect(JSON.parse(result.body).error.code).toBe(-32600);
  });

  it('declares listChanged and resources.subscribe in server/discover', async () => {
    const { dispatcher } = server();
    const result = await dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: META } }), { protocolVersion: '2026-07-28' });
    const { capabilities } = JSON.parse(result.body).result;
    expect(capabilities.tools).toEqual({ listChanged: true });
    expect(capabilities.prompts).toEqual({ listChanged: true });
    expect(capabilities.resources).toEqual({ subscribe: true, listChanged: true });
  });
});

describe('a notification bus that goes down', () => {
  /** A bus whose outage the test decides. */
  class FlakyBus extends MemoryNotificationBus {
    private readonly subs = new Set<BusSubscriber>();
    override subscribe(subscriber: BusSubscriber): () => void {
      this.subs.add(subscriber);
      const off = super.subscribe(subscriber);
      return () => {
        this.subs.delete(subscriber);
        off();
      };
    }
    down(reason: Error): void {
      for (const s of this.subs) s.down?.(reason);
    }
  }

  it('ends each listen with a -32603 saying so, and reports the outage once through onError', async () => {
    const bus = new FlakyBus();
    const errors: unknown[] = [];
    const { dispatcher } = server({ notificationBus: bus, onError: (e) => errors.push(e) });
    const [one, two] = [listen(dispatcher, { toolsListChanged: true }), listen(dispatcher, { toolsListChanged: true }, {}, 'L2')];
    await Promise.all([one.next(1), two.next(1)]);
    bus.down(new Error('redis unreachable'));
    for (const l of [one, two]) {
      expect(JSON.parse((await l.done).body).error).toEqual({ code: -32603, message: 'Internal error: the notification bus is unavailable; listen again later' });
    }
    expect(errors).toEqual([new Error('redis unreachable')]);
  });
});

describe('subscriptions/listen with taskIds (the tasks extension)', () => {
  it('sends notifications/tasks for the listed task as its status changes, tagged with the subscription id, until it ends', async () => {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const decl = new ToolDeclaration('t', '1');
    decl.addTool('gated', 'Waits for the test').setTaskSupport('optional');
    const defs = new ServiceDefinition().registerProcedure('gated', async () => {
      await gate;
      return 'opened';
    });
    const dispatcher = new Dispatcher(defs, decl, { notificationBus: new MemoryNotificationBus() });
    const capabilities = { extensions: { 'io.modelcontextprotocol/tasks': {} } };
    const created = await dispatcher.dispatch(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'gated', arguments: {}, _meta: { ...META, 'io.modelcontextprotocol/clientCapabilities': capabilities } } }),
      { protocolVersion: '2026-07-28' },
    );
    const taskId = (JSON.parse(created.body) as { result: { taskId: string; resultType: string } }).result.taskId;
    expect(typeof taskId).toBe('string');

    const l = listen(dispatcher, { taskIds: [taskId] }, {}, 'T1');
    const ack = await l.next(1);
    expect(ack.params.notifications).toEqual({ taskIds: [taskId] });
    const working = await l.next(2);
    expect(working).toMatchObject({ method: 'notifications/tasks', params: { taskId, status: 'working', _meta: { [SUB]: 'T1' } } });
    open();
    let last = working;
    for (let n = 3; last.params.status !== 'completed'; n++) last = await l.next(n);
    expect(last.params).toMatchObject({ taskId, status: 'completed', _meta: { [SUB]: 'T1' } });
    expect(l.frames.slice(1).every((frame) => frame.method === 'notifications/tasks' && frame.params._meta?.[SUB] === 'T1')).toBe(true);
    l.cancel();
    await l.done;
  });

  it('a server without task tools does not honour taskIds (the ack leaves them out) and sends nothing of tasks', async () => {
    const { dispatcher, bus } = server();
    const l = listen(dispatcher, { taskIds: ['no-such-task'], toolsListChanged: true }, {}, 'T2');
    expect((await l.next(1)).params.notifications).toEqual({ toolsListChanged: true });
    await bus.publish({ type: 'listChanged', list: 'tools' });
    const next = await l.next(2);
    expect(next.method).toBe('notifications/tools/list_changed');
    expect(l.frames.some((frame) => frame.method === 'notifications/tasks')).toBe(false);
    l.cancel();
    await l.done;
  });
});
