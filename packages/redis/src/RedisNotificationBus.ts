/**
 * RedisNotificationBus: a {@link NotificationBus} over Redis pub/sub, shared by every server
 * instance that points at the same Redis and channel — a change published through one instance
 * (a tool added, a resource updated, an application's own message) reaches the listeners every
 * instance holds. One channel, one subscription per bus (a dispatcher's hub fans each message
 * out to its listeners). Messages are at most once: while Redis is unreachable, publishes reject
 * (no offline queue) and subscribers are told `down` once — listeners end their streams with a
 * final notice, and clients re-listen — and `up` when node-redis has reconnected and subscribed
 * again by itself. Built on node-redis (`@redis/client`), with the task store's connection and
 * TLS options.
 *
 * @example
 * const bus = await RedisNotificationBus.connect({ url: 'redis://127.0.0.1:6379' });
 * app.use('/mcp', mcpRouter(decl, defs, { notificationBus: bus, taskStore }));
 */
import type { RedisClientType } from '@redis/client';
import type { BusMessage, BusSubscriber, ListKind, NotificationBus } from '@toolwire/core';
import { connectRedis } from './connectRedis';
import type { RedisConnectionOptions } from './RedisConnectionOptions';

/** Options of {@link RedisNotificationBus.connect}: the connection's (as the task store's), the channel, the error hook. */
export interface RedisNotificationBusOptions extends RedisConnectionOptions {
  /** The pub/sub channel; default `toolwire:notifications`. Instances that share notifications use the same one. */
  readonly channel?: string;
  /** Receives what cannot be delivered (a malformed message on the channel, a subscriber that threw); default: one line on stderr. */
  readonly onError?: (error: unknown) => void;
}

/** The default channel. */
export const DEFAULT_NOTIFICATION_CHANNEL = 'toolwire:notifications';

const LISTS = new Set(['tools', 'prompts', 'resources']);

/** A {@link NotificationBus} over Redis pub/sub; make one with {@link RedisNotificationBus.connect}. */
export class RedisNotificationBus implements NotificationBus {
  private readonly subscribers = new Set<BusSubscriber>();
  private downReason: Error | undefined;
  private closed = false;

  private constructor(
    private readonly client: RedisClientType,
    private readonly subscriber: RedisClientType,
    private readonly channel: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  /**
   * Connects to Redis (a command connection and a pub/sub connection) and subscribes to the
   * channel. Rejects like `RedisTaskStore.connect()`: when Redis cannot be reached within
   * `connectTimeoutMs`, and at once, naming the cause, when no retry can help (TLS certificates,
   * credentials, a TLS client on a plain-text port or the reverse).
   */
  static async connect(options: RedisNotificationBusOptions = {}): Promise<RedisNotificationBus> {
    const { channel = DEFAULT_NOTIFICATION_CHANNEL, onError = reportToStderr, ...connection } = options;
    if (typeof channel !== 'string' || channel === '') throw new TypeError(`RedisNotificationBus option channel: expected a non-empty string, got ${JSON.stringify(channel)}`);
    if (typeof onError !== 'function') throw new TypeError(`RedisNotificationBus option onError: expected a function, got ${typeof onError}`);
    const made: { bus?: RedisNotificationBus } = {};
    // after the first connection, a connection error is an outage: told as `down`, not reported each retry
    const [client, subscriber] = await connectRedis('RedisNotificationBus', connection, (error) => made.bus?.lost(error), 1);
    const bus = (made.bus = new RedisNotificationBus(client, subscriber, channel, onError));
    try {
      await subscriber.subscribe(channel, (text) => bus.received(text));
    } catch (error) {
      client.destroy();
      subscriber.destroy();
      throw error;
    }
    for (const client of [bus.client, bus.subscriber]) {
      client.on('end', () => bus.lost(new Error('RedisNotificationBus: the connection to Redis ended')));
      client.on('reconnecting', () => bus.lost(new Error('RedisNotificationBus: the connection to Redis was lost; reconnecting')));
      client.on('ready', () => bus.regained());
    }
    return bus;
  }

  /** Publishes `message` to every subscriber of every instance; rejects while Redis is unreachable or once closed. */
  async publish(message: BusMessage): Promise<void> {
    if (this.closed) throw new Error('RedisNotificationBus: publish after close()');
    await this.client.publish(this.channel, JSON.stringify(message));
  }

  /** Adds a subscriber (told `down` at once if Redis is unreachable now); returns the function that removes it. */
  subscribe(subscriber: BusSubscriber): () => void {
    if (typeof subscriber?.message !== 'function') throw new TypeError(`RedisNotificationBus.subscribe: expected { message(m) }, got ${typeof subscriber}`);
    this.subscribers.add(subscriber);
    if (this.downReason) this.tell(subscriber, 'down', this.downReason);
    return () => {
      this.subscribers.delete(subscriber);
    };
  }

  /** Unsubscribes and closes both connections; further publishes reject. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.subscribers.clear();
    await Promise.allSettled([this.subscriber.close(), this.client.close()]);
  }

  /** One message from the channel, to every subscriber in order; a malformed one is reported and dropped. */
  private received(text: string): void {
    const message = parseMessage(text);
    if (!message) return this.onError(new Error(`RedisNotificationBus: dropped a malformed message on ${this.channel}: ${text.slice(0, 200)}`));
    for (const subscriber of [...this.subscribers]) {
      try {
        subscriber.message(message);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  /** A connection failed: tell every subscriber `down`, once per outage. */
  private lost(error: unknown): void {
    if (this.closed || this.downReason) return;
    this.downReason = error instanceof Error ? error : new Error(String(error));
    for (const subscriber of [...this.subscribers]) this.tell(subscriber, 'down', this.downReason);
  }

  /** A connection is ready again: when both are, the outage is over. */
  private regained(): void {
    if (this.closed || !this.downReason || !this.client.isReady || !this.subscriber.isReady) return;
    this.downReason = undefined;
    for (const subscriber of [...this.subscribers]) this.tell(subscriber, 'up');
  }

  private tell(subscriber: BusSubscriber, what: 'down' | 'up', reason?: Error): void {
    try {
      if (what === 'down') subscriber.down?.(reason!);
      else subscriber.up?.();
    } catch (error) {
      this.onError(error);
    }
  }
}

/** A bus message read from its JSON text; `undefined` for anything else. */
function parseMessage(text: string): BusMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const m = value as Record<string, unknown>;
  if (m.type === 'listChanged' && typeof m.list === 'string' && LISTS.has(m.list)) {
    const list = m.list as ListKind;
    if (m.scopeSets !== undefined) return Array.isArray(m.scopeSets) && m.scopeSets.length > 0 && m.scopes === undefined && m.scopeSets.every(isScopes) ? { type: 'listChanged', list, scopeSets: m.scopeSets } : undefined;
    if (m.scopes === undefined) return { type: 'listChanged', list };
    return isScopes(m.scopes) ? { type: 'listChanged', list, scopes: m.scopes } : undefined;
  }
  if (m.type === 'resourceUpdated' && typeof m.uri === 'string' && m.uri !== '') return { type: 'resourceUpdated', uri: m.uri };
  if (m.type === 'app' && typeof m.topic === 'string') return { type: 'app', topic: m.topic, data: m.data };
  return undefined;
}

/** Whether `value` is a list of scopes (strings). */
function isScopes(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((scope) => typeof scope === 'string');
}

/** The default `onError`: the bus's errors name it already (`RedisNotificationBus: …`). */
function reportToStderr(error: unknown): void {
  console.error('toolwire:', error instanceof Error ? error.message : error);
}
