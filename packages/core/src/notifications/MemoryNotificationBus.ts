/**
 * MemoryNotificationBus: the default {@link NotificationBus} — the subscribers of one process,
 * nothing to install. A published message is delivered to every subscriber in a later microtask
 * (never inside `publish`), in publish order; a subscriber that throws does not stop the others.
 * It never goes down, so its subscribers are never told `down`.
 *
 * @example
 * const bus = new MemoryNotificationBus();
 * const stop = bus.subscribe({ message: (m) => console.log(m) });
 * await bus.publish({ type: 'listChanged', list: 'tools' });
 */
import type { BusMessage, BusSubscriber, NotificationBus } from './NotificationBus';

/** An in-process {@link NotificationBus}. */
export class MemoryNotificationBus implements NotificationBus {
  private readonly subscribers = new Set<BusSubscriber>();
  private closed = false;

  /** Delivers `message` to every subscriber (in a later microtask); rejects once the bus is closed. */
  publish(message: BusMessage): Promise<void> {
    if (this.closed) return Promise.reject(new Error('MemoryNotificationBus: publish after close()'));
    return Promise.resolve().then(() => {
      for (const subscriber of [...this.subscribers]) deliver(subscriber, message);
    });
  }

  /** Adds a subscriber; returns the function that removes it. */
  subscribe(subscriber: BusSubscriber): () => void {
    if (typeof subscriber?.message !== 'function') throw new TypeError(`MemoryNotificationBus.subscribe: expected { message(m) }, got ${typeof subscriber}`);
    const entry: BusSubscriber = { message: (m) => subscriber.message(m) };
    this.subscribers.add(entry);
    return () => {
      this.subscribers.delete(entry);
    };
  }

  /** Forgets every subscriber; further publishes reject. Idempotent. */
  close(): Promise<void> {
    this.closed = true;
    this.subscribers.clear();
    return Promise.resolve();
  }
}

function deliver(subscriber: BusSubscriber, message: BusMessage): void {
  try {
    subscriber.message(message);
  } catch (error) {
    console.error('toolwire: a notification bus subscriber threw:', error);
  }
}
