/**
 * liveInstance: the pieces the live-list benchmarks share — one server instance (a declaration
 * with a watched resource and a tool, and its dispatcher on a given notification bus, bounded to
 * hold every listen the run opens), the many 2026-07-28 `subscriptions/listen` held on one
 * (each with its own id, as on the wire, every frame handed to the run), and the pairs of buses
 * an instance A and an instance B share: the in-process bus, or a `RedisNotificationBus` each.
 */
import { Dispatcher, MemoryNotificationBus, ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import type { NotificationBus } from '@toolwire/core';
import { RedisNotificationBus } from '@toolwire/redis';

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

/** The resource the listens watch and the instances update. */
export const WATCHED_URI = 'bench://watched';

/** One server instance on `bus`, bounded to hold `listeners` listens of one caller. */
export function liveInstance(bus: NotificationBus, listeners: number): { decl: ToolDeclaration; dispatcher: Dispatcher } {
  const decl = new ToolDeclaration('fanout', '1');
  decl.addResource(WATCHED_URI, 'watched').setContents('x');
  decl.addTool('noop');
  const dispatcher = new Dispatcher(new ServiceDefinition().registerProcedure('noop', () => 'ok'), decl, { notificationBus: bus, maxSubscriptions: listeners, maxSubscriptionsPerPrincipal: listeners });
  return { decl, dispatcher };
}

/** Listens held on one instance: close them all to end them (as clients closing their streams). */
export interface HeldListens {
  /** How many were acknowledged (each listen's first frame). */
  readonly acknowledged: number;
  /** Closes every listen; resolves when the dispatcher has answered (let go of) each. */
  close(): Promise<void>;
}

/** Opens `count` listens on `dispatcher` asking for `notifications`; every frame after the acknowledgement goes to `heard(i, json)`. */
export function openListens(dispatcher: Dispatcher, count: number, notifications: Record<string, unknown>, heard: (listener: number, json: string) => void): HeldListens {
  const controllers = Array.from({ length: count }, () => new AbortController());
  let acknowledged = 0;
  const done = controllers.map((controller, i) =>
    dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id: i, method: 'subscriptions/listen', params: { _meta: META, notifications } }), {
      protocolVersion: '2026-07-28',
      signal: controller.signal,
      notify: (json) => (json.includes('"notifications/subscriptions/acknowledged"') ? void acknowledged++ : heard(i, json)),
    }),
  );
  return {
    get acknowledged() {
      return acknowledged;
    },
    async close() {
      for (const controller of controllers) controller.abort();
      await Promise.all(done);
    },
  };
}

/** The buses an instance A publishes on and an instance B listens on. */
export interface BusPair {
  readonly name: string;
  readonly a: NotificationBus;
  readonly b: NotificationBus;
  close(): Promise<void>;
}

/** The in-process bus (A and B share it). */
export function memoryPair(): BusPair {
  const bus = new MemoryNotificationBus();
  return { name: 'in-process', a: bus, b: bus, close: () => bus.close() };
}

/** A `RedisNotificationBus` each for A and B, on one channel of the Redis at `url`. */
export async function redisPair(url: string, channel: string): Promise<BusPair> {
  const [a, b] = await Promise.all([RedisNotificationBus.connect({ url, channel }), RedisNotificationBus.connect({ url, channel })]);
  return {
    name: 'Redis',
    a,
    b,
    close: async () => void (await Promise.allSettled([a.close(), b.close()])),
  };
}
