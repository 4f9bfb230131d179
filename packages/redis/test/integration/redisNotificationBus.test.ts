/**
 * RedisNotificationBus against a real redis-server: a message published through one bus reaches
 * the subscribers of every bus on the channel (the publisher's own included), other channels
 * stay apart, a malformed message on the channel is reported and dropped, and an outage is
 * told — `down` once, publishes rejected — until Redis is back (`up`, delivery again), with no
 * help from the caller. Two dispatchers sharing it: a resource updated through one reaches a
 * listen held by the other.
 */
import { createClient } from '@redis/client';
import { Dispatcher, ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import type { BusMessage } from '@toolwire/core';
import { RedisNotificationBus } from '@toolwire/redis';
import { startRedis, RedisServer } from '../../../../test-support/redisServer';

let redis: RedisServer | undefined;
const buses: RedisNotificationBus[] = [];

beforeAll(async () => {
  redis = await startRedis();
});

afterAll(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
  await redis?.stop();
});

async function connect(options: Parameters<typeof RedisNotificationBus.connect>[0] = {}): Promise<RedisNotificationBus> {
  if (!redis) throw new Error('redis-server did not start (see beforeAll)');
  const bus = await RedisNotificationBus.connect({ url: redis.url, ...options });
  buses.push(bus);
  return bus;
}

/** The next `count` messages a new subscriber of `bus` receives. */
function collect(bus: RedisNotificationBus, count: number): Promise<BusMessage[]> {
  return new Promise((resolve) => {
    const got: BusMessage[] = [];
    const stop = bus.subscribe({
      message: (m) => {
        got.push(m);
        if (got.length === count) {
          stop();
          resolve(got);
        }
      },
    });
  });
}

describe('RedisNotificationBus', () => {
  it('delivers what one instance publishes to the subscribers of every instance, in order', async () => {
    const [a, b] = [await connect({ channel: 'test:order' }), await connect({ channel: 'test:order' })];
    const onA = collect(a, 3);
    const onB = collect(b, 3);
    await a.publish({ type: 'listChanged', list: 'tools' });
    await b.publish({ type: 'resourceUpdated', uri: 'test://a' });
    await a.publish({ type: 'app', topic: 'trigger', data: { kind: 'tool' } });
    const expected = [{ type: 'listChanged', list: 'tools' }, { type: 'resourceUpdated', uri: 'test://a' }, { type: 'app', topic: 'trigger', data: { kind: 'tool' } }];
    expect(await onA).toEqual(expected);
    expect(await onB).toEqual(expected);
  });

  it('keeps channels apart', async () => {
    const [a, other] = [await connect({ channel: 'test:one' }), await connect({ channel: 'test:two' })];
    const seen: BusMessage[] = [];
    other.subscribe({ message: (m) => seen.push(m) });
    const onA = collect(a, 1);
    await a.publish({ type: 'listChanged', list: 'prompts' });
    await onA;
    const marker = collect(other, 1);
    await other.publish({ type: 'listChanged', list: 'tools' });
    await marker;
    expect(seen).toEqual([{ type: 'listChanged', list: 'tools' }]);
  });

  it('reports and drops a malformed message on its channel', async () => {
    const errors: unknown[] = [];
    const bus = await connect({ channel: 'test:malformed', onError: (e) => errors.push(e) });
    const raw = createClient({ url: redis!.url });
    await raw.connect();
    const next = collect(bus, 1);
    await raw.publish('test:malformed', '{"type":"listChanged","list":"widgets"}');
    await raw.publish('test:malformed', '{"type":"listChanged","list":"tools"}');
    expect(await next).toEqual([{ type: 'listChanged', list: 'tools' }]);
    expect(String(errors[0])).toContain('dropped a malformed message on test:malformed');
    await raw.close();
  });

  it('carries the scopes of a list change (who may be told of it), and drops a change whose scopes are not strings', async () => {
    const errors: unknown[] = [];
    const [a, b] = [await connect({ channel: 'test:scopes' }), await connect({ channel: 'test:scopes', onError: (e) => errors.push(e) })];
    const raw = createClient({ url: redis!.url });
    await raw.connect();
    const onB = collect(b, 2);
    await raw.publish('test:scopes', '{"type":"listChanged","list":"tools","scopes":[1]}');
    await a.publish({ type: 'listChanged', list: 'tools', scopes: ['admin'] });
    await a.publish({ type: 'listChanged', list: 'prompts' });
    expect(await onB).toEqual([{ type: 'listChanged', list: 'tools', scopes: ['admin'] }, { type: 'listChanged', list: 'prompts' }]);
    expect(String(errors[0])).toContain('dropped a malformed message on test:scopes');
    await raw.close();
  });

  it('validates its options', async () => {
    await expect(RedisNotificationBus.connect({ channel: '' })).rejects.toThrow('RedisNotificationBus option channel: expected a non-empty string, got ""');
  });

  it('tells subscribers down when Redis goes away, rejects publishes, and up when it is back', async () => {
    const own = await startRedis();
    const bus = await RedisNotificationBus.connect({ url: own.url, channel: 'test:outage' });
    buses.push(bus);
    const events: string[] = [];
    let wake: (() => void) | undefined;
    bus.subscribe({
      message: () => {
        events.push('message');
        wake?.();
      },
      down: () => {
        events.push('down');
        wake?.();
      },
      up: () => {
        events.push('up');
        wake?.();
      },
    });
    const until = async (event: string): Promise<void> => {
      while (!events.includes(event)) await new Promise<void>((resolve) => (wake = resolve));
    };
    await own.stop();
    await until('down');
    await expect(bus.publish({ type: 'listChanged', list: 'tools' })).rejects.toThrow();
    const again = await startRedis({ port: own.port });
    try {
      await until('up');
      await bus.publish({ type: 'listChanged', list: 'tools' }); // resubscribed by itself
      await until('message');
      expect(events).toEqual(['down', 'up', 'message']);
    } finally {
      await bus.close();
      await again.stop();
    }
  });

  it('carries a resource update through one dispatcher to a listen held by another', async () => {
    const make = async () => {
      const decl = new ToolDeclaration('n', '1');
      decl.addTool('noop');
      decl.addResource('test://a', 'a').setContents('A');
      const defs = new ServiceDefinition();
      defs.registerProcedure('noop', () => 'ok');
      return { decl, dispatcher: new Dispatcher(defs, decl, { notificationBus: await connect({ channel: 'test:dispatchers' }) }) };
    };
    const [a, b] = [await make(), await make()];
    const frames: string[] = [];
    let wake: (() => void) | undefined;
    const controller = new AbortController();
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
    const listen = b.dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 'L', method: 'subscriptions/listen', params: { _meta: meta, notifications: { resourceSubscriptions: ['test://a'] } } }), {
      protocolVersion: '2026-07-28',
      signal: controller.signal,
      notify: (json) => {
        frames.push(json);
        wake?.();
      },
    });
    a.decl.resourceUpdated('test://a');
    while (frames.length < 2) await new Promise<void>((resolve) => (wake = resolve));
    expect(JSON.parse(frames[1])).toEqual({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'test://a', _meta: { 'io.modelcontextprotocol/subscriptionId': 'L' } } });
    controller.abort();
    await listen;
  });
});
