/**
 * AuditQueue: the bounded queue between requests and the `audit` sink — a request only appends
 * (never waits, never fails); the queue hands events to the sink one at a time, after the
 * request's own work (a microtask), waiting for a sink that returns a Promise. When full, or when
 * the sink throws, events are dropped, counted, and reported to the error policy once per drain.
 */
import type { AuditEvent, AuditSink } from './AuditEvent';

/** The default bound of the queue. */
export const DEFAULT_AUDIT_QUEUE = 10_000;

/** Events waiting for the sink. */
export class AuditQueue {
  private events: AuditEvent[] = [];
  private head = 0;
  private draining = false;
  /** Events dropped so far because the queue was full. */
  droppedFull = 0;
  /** Events lost so far because the sink threw or rejected. */
  failed = 0;
  private reported = 0;
  private lastFailure: unknown;

  constructor(
    private readonly sink: AuditSink,
    private readonly max: number,
    private readonly report: (error: Error) => void,
  ) {}

  /** Events dropped or lost in all. */
  get dropped(): number {
    return this.droppedFull + this.failed;
  }

  /** Queues one event (or drops it when the queue is full). */
  push(event: AuditEvent): void {
    if (this.events.length - this.head >= this.max) this.droppedFull++;
    else this.events.push(event);
    if (!this.draining) {
      this.draining = true;
      queueMicrotask(() => void this.drain());
    }
  }

  private async drain(): Promise<void> {
    while (this.head < this.events.length) {
      const event = this.events[this.head++];
      try {
        const written = this.sink(event);
        if (written instanceof Promise) await written;
      } catch (error) {
        this.failed++;
        this.lastFailure = error;
      }
    }
    this.events = [];
    this.head = 0;
    this.draining = false;
    if (this.dropped > this.reported) {
      const why = `${this.droppedFull} in all because the queue was full (maxQueue ${this.max}), ${this.failed} because the sink failed`;
      this.report(new Error(`audit: ${this.dropped - this.reported} events dropped (${why})`, { cause: this.lastFailure }));
      this.reported = this.dropped;
    }
  }
}
