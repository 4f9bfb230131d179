/**
 * NotificationBus: how a change seen by one server instance reaches the listeners every
 * instance holds. In-process by default ({@link MemoryNotificationBus}); `@toolwire/redis`
 * carries it over Redis pub/sub. A bus delivers each published message to every subscriber on
 * every instance (the publisher's own included), at most once, never inside `publish`.
 */
import type { CatalogChange } from './CatalogChange';

/**
 * What a bus carries: a catalog change, or an application's own message on a topic (e.g. the
 * everything-server applying a trigger on every instance).
 */
export type BusMessage = CatalogChange | { readonly type: 'app'; readonly topic: string; readonly data: unknown };

/** A subscriber of a bus. */
export interface BusSubscriber {
  /** Receives each message published by any instance. */
  message(message: BusMessage): void;
  /**
   * Told once when the bus can no longer deliver (e.g. Redis is unreachable): listeners end
   * their streams with a final notice instead of hanging. Delivery resumes by itself if the
   * bus reconnects; a subscriber told `down` is told `up` then.
   */
  down?(reason: Error): void;
  /** Told when delivery resumed after {@link BusSubscriber.down}. */
  up?(): void;
}

/** A publish/subscribe channel shared by the instances of one server. */
export interface NotificationBus {
  /** Publishes `message` to every subscriber on every instance. */
  publish(message: BusMessage): Promise<void>;
  /** Adds a subscriber; returns the function that removes it. */
  subscribe(subscriber: BusSubscriber): () => void;
  /** Releases the bus's connections; further publishes reject. */
  close(): Promise<void>;
}
