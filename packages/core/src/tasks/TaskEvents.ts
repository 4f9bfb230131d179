/**
 * TaskEvents: the listeners of one task store and the delivery of its {@link TaskEvent}s — each
 * event reaches every listener once, asynchronously (never inside the store call that caused
 * it), and a listener that throws is reported, not allowed to stop the others.
 */
import type { TaskEvent, TaskEventListener } from './TaskStore';

/** A set of {@link TaskEventListener}s. */
export class TaskEvents {
  private readonly listeners = new Set<TaskEventListener>();

  /** @param onError - receives what a listener throws. */
  constructor(private readonly onError: (error: unknown) => void) {}

  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: TaskEventListener): () => void {
    if (typeof listener !== 'function') throw new TypeError(`task store subscribe: expected a function, got ${typeof listener}`);
    // a wrapper, so the same function subscribed twice is two subscriptions
    const entry: TaskEventListener = (event) => listener(event);
    this.listeners.add(entry);
    return () => {
      this.listeners.delete(entry);
    };
  }

  /** Delivers `event` to every listener, after the current call stack. */
  emit(event: TaskEvent): void {
    if (this.listeners.size === 0) return;
    queueMicrotask(() => {
      for (const listener of [...this.listeners]) {
        try {
          listener(event);
        } catch (error) {
          this.onError(error);
        }
      }
    });
  }

  /** Removes every listener. */
  clear(): void {
    this.listeners.clear();
  }
}
