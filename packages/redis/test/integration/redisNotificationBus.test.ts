/**
 * RedisNotificationBus against a real redis-server: a message published through one bus reaches
 * the subscribers of every bus on the channel (the publisher's own included), other channels
 * stay apart, a malformed message on the channel is reported and dropped, and an outage is
 * told — `down` once, publishes rejected — until Redis is back (`up`, delivery again), with no
 * help from the caller. Two dispatchers sharing it: a resource updated through one reaches a
 * listen held by the other, and a tool's scope change through one reaches the listens of the
 * other whose tokens could see the tool before or can now (and no other).
 */
import { createClient } from '@redis/client';
import { Dispatcher, ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import type { AuthInfo, BusMessage } from '@toolwire/core';
import { Access } from '@toolwire/core/transport';
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

/**
 * Publishes the `malformed` texts raw on `channel`, then `change` and a prompts `listChanged`
 * through one bus: what another bus on the channel received, and the errors it reported.
 */
async function acrossChannel(channel: string, malformed: readonly string[], change: BusMessage): Promise<{ received: BusMessage[]; errors: unknown[] }> {
  const errors: unknown[] = [];
  const [a, b] = [await connect({ channel }), await connect({ channel, onError: (e) => errors.push(e) })];
  const raw = createClient({ url: redis!.url });
  await raw.connect();
  const onB = collect(b, 2);
  for (const text of malformed) await raw.publish(channel, text);
  await a.publish(change);
  await a.publish({ type: 'listChanged', list: 'prompts' });
  const received = await onB;
  await raw.close();
  return { received, errors };
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
    const { received, errors } = await acrossChannel('test:scopes', ['{"type":"listChanged","list":"tools","scopes":[1]}'], { type: 'listChanged', list: 'tools', scopes: ['admin'] });
    expect(received).toEqual([{ type: 'listChanged', list: 'tools', scopes: ['admin'] }, { type: 'listChanged', list: 'prompts' }]);
    expect(String(errors[0])).toContain('dropped a malformed message on test:scopes');
  });

  it('carries the scope sets of a scope change (those who could see the item before or can now), and drops malformed sets', async () => {
    const malformed = ['{"type":"listChanged","list":"tools","scopeSets":[["a"],[2]]}', '{"type":"listChanged","list":"tools","scopeSets":[]}', '{"type":"listChanged","list":"tools","scopeSets":"admin"}'];
    const { received, errors } = await acrossChannel('test:scopeSets', malformed, { type: 'listChanged', list: 'tools', scopeSets: [['finance'], ['audit']] });
    expect(received).toEqual([{ type: 'listChanged', list: 'tools', scopeSets: [['finance'], ['audit']] }, { type: 'listChanged', list: 'prompts' }]);
    expect(errors).toHaveLength(3);
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

  it('carries a scope change of a tool through one dispatcher to the listens of another whose tokens could see it before or can now, and no other', async () => {
    const make = async () => {
      const decl = new ToolDeclaration('n', '1');
      decl.addTool('report').setScopes(['finance']);
      return { decl, dispatcher: new Dispatcher(new ServiceDefinition(), decl, { notificationBus: await connect({ channel: 'test:rescoped' }), missingProcedures: 'ignore' }) };
    };
    const [a, b] = [await make(), await make()];
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
    const listen = (scopes: string[]) => {
      const methods: string[] = [];
      let wake: (() => void) | undefined;
      const controller = new AbortController();
      const access = new Access(Object.freeze({ subject: scopes.join('+') || 'reader', scopes }) as AuthInfo, { resourceMetadataUrl: 'https://x/.well-known/oauth-protected-resource', requiredScopes: [], listOnlyPermittedTools: true });
      const done = b.dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 'L', method: 'subscriptions/listen', params: { _meta: meta, notifications: { toolsListChanged: true } } }), {
        protocolVersion: '2026-07-28',
        signal: controller.signal,
        access,
        notify: (json) => {
          methods.push((JSON.parse(json) as { method: string }).method);
          wake?.();
        },
      });
      const take = async (count: number): Promise<string[]> => {
        while (methods.length < count) await new Promise<void>((resolve) => (wake = resolve));
        return methods.slice(1);
      };
      return { take, close: () => (controller.abort(), done) };
    };
    const [finance, audit, reader] = [listen(['finance']), listen(['audit']), listen([])];
    for (const l of [finance, audit, reader]) await l.take(1); // acknowledged
    a.decl.getTool('report')!.setScopes(['audit']);
    a.decl.addTool('marker'); // heard by every token: the last change
    const changed = 'notifications/tools/list_changed';
    expect(await finance.take(3)).toEqual([changed, changed]);
    expect(await audit.take(3)).toEqual([changed, changed]);
    expect(await reader.take(2)).toEqual([changed]);
    for (const l of [finance, audit, reader]) await l.close();
  });
});
