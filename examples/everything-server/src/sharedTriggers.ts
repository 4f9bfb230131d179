/**
 * sharedTriggers: the everything-server's conformance triggers (`test_trigger_tool_change`,
 * `test_trigger_prompt_change`, `test_trigger_resource_update {uri}`) applied on every instance
 * that shares a notification bus. The instance a trigger came through applies it at once (so a
 * re-list through it right after the call sees it) and announces the change on the bus; it also
 * publishes the trigger as the bus's `app` message, and every other instance applies it to its own
 * declaration with its bus muted until the declaration has emitted the change (a microtask later)
 * — so a re-list through any of them agrees, and listeners hear each change once, whichever
 * instance holds them.
 *
 * How a trigger changes a declaration is `triggers.ts`'s (`Triggers.apply`).
 */
import { randomUUID } from 'node:crypto';
import type { BusMessage, BusSubscriber, NotificationBus } from '@toolwire/core';
import type { TriggerKind, Triggers } from './triggers';

/** The bus topic of a trigger. */
export const TRIGGER_TOPIC = 'toolwire-everything/trigger';

/** The triggers of one instance, shared with every instance on its bus. */
export class SharedTriggers {
  /** The bus to give this instance's dispatchers: the shared one, muted while a trigger from elsewhere is applied. */
  readonly bus: NotificationBus;
  private readonly instance = randomUUID();
  private muted = false;
  private readonly stop: () => void;

  /** Routes `triggers` through `shared`: the trigger tools publish, every instance applies. */
  constructor(
    private readonly shared: NotificationBus,
    private readonly triggers: Triggers,
  ) {
    triggers.route = (kind, uri) => this.fire(kind, uri);
    this.bus = {
      publish: (message) => (this.muted && message.type !== 'app' ? Promise.resolve() : shared.publish(message)),
      subscribe: (subscriber: BusSubscriber) => shared.subscribe(subscriber),
      close: () => shared.close(),
    };
    this.stop = shared.subscribe({ message: (message) => this.received(message) });
  }

  /** Applies a trigger here and sends it to every other instance; resolves once it is published. */
  fire(kind: TriggerKind, uri?: string): Promise<void> {
    this.triggers.apply(kind, uri);
    return this.shared.publish({ type: 'app', topic: TRIGGER_TOPIC, data: { kind, uri, origin: this.instance } });
  }

  /** Stops applying triggers from the bus. */
  close(): void {
    this.stop();
    this.triggers.route = undefined;
  }

  private received(message: BusMessage): void {
    if (message.type !== 'app' || message.topic !== TRIGGER_TOPIC) return;
    const { kind, uri, origin } = (message.data ?? {}) as { kind?: TriggerKind; uri?: string; origin?: string };
    if ((kind !== 'tool' && kind !== 'prompt' && kind !== 'resource') || origin === this.instance) return;
    this.muted = true; // the change is announced once, by the instance it came through
    try {
      this.triggers.apply(kind, uri);
    } finally {
      // a declaration emits the changes made in a turn one microtask later, all at once: muted until then
      queueMicrotask(() => (this.muted = false));
    }
  }
}
