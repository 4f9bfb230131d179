/**
 * sharedTriggers: the everything-server's conformance triggers (`test_trigger_tool_change`,
 * `test_trigger_prompt_change`, `test_trigger_resource_update {uri}`) applied on every instance
 * that shares a notification bus. A trigger's procedure publishes it as the bus's `app` message;
 * each instance applies it to its own declaration when the message arrives (the publisher too,
 * so every instance applies the same triggers in the same order and a re-list through any of them
 * agrees). Only the instance the trigger came through lets the resulting `list_changed` (or
 * `resources/updated`) onto the bus: the others apply it with their bus muted, so listeners hear
 * each change once, whichever instance holds them.
 *
 * How a trigger changes a declaration is `applyTrigger(decl, kind, uri)`, the catalog's to say;
 * {@link DEFAULT_APPLY_TRIGGER} marks a resource updated and leaves lists to the catalog work.
 */
import { randomUUID } from 'node:crypto';
import { stringType } from '@toolwire/core';
import type { BusMessage, BusSubscriber, NotificationBus, ServiceDefinition, ToolDeclaration } from '@toolwire/core';

/** The bus topic of a trigger. */
export const TRIGGER_TOPIC = 'toolwire-everything/trigger';

/** Which trigger: a tool added or removed at the end of the list, a prompt likewise, a resource updated. */
export type TriggerKind = 'tool' | 'prompt' | 'resource';

/** Applies one trigger to a declaration (its change then reaches `decl.onChange`). */
export type ApplyTrigger = (decl: ToolDeclaration, kind: TriggerKind, uri?: string) => void;

/** Until the catalog can change at runtime: a resource update only. */
export const DEFAULT_APPLY_TRIGGER: ApplyTrigger = (decl, kind, uri) => {
  if (kind === 'resource' && uri) decl.resourceUpdated(uri);
};

const TOOLS: readonly (readonly [name: string, kind: TriggerKind, description: string])[] = [
  ['test_trigger_tool_change', 'tool', 'Adds or removes a tool at the end of the list (tools/list_changed), on every instance'],
  ['test_trigger_prompt_change', 'prompt', 'Adds or removes a prompt at the end of the list (prompts/list_changed), on every instance'],
  ['test_trigger_resource_update', 'resource', 'Marks the resource at uri updated (resources/updated), on every instance'],
];

/** The trigger tools the server declares (at the end of its tool list) when they are not declared yet. */
export const TRIGGER_TOOL_NAMES: readonly string[] = TOOLS.map(([name]) => name);

/** The triggers of one instance, shared with every instance on its bus. */
export class SharedTriggers {
  /** The bus to give this instance's dispatchers: the shared one, muted while a trigger from elsewhere is applied. */
  readonly bus: NotificationBus;
  private readonly instance = randomUUID();
  private muted = false;
  private readonly stop: () => void;

  constructor(
    private readonly shared: NotificationBus,
    private readonly decl: ToolDeclaration,
    private readonly apply: ApplyTrigger = DEFAULT_APPLY_TRIGGER,
  ) {
    this.bus = {
      publish: (message) => (this.muted && message.type !== 'app' ? Promise.resolve() : shared.publish(message)),
      subscribe: (subscriber: BusSubscriber) => shared.subscribe(subscriber),
      close: () => shared.close(),
    };
    this.stop = shared.subscribe({ message: (message) => this.received(message) });
  }

  /** Fires a trigger on every instance; resolves once it is published. */
  fire(kind: TriggerKind, uri?: string): Promise<void> {
    return this.shared.publish({ type: 'app', topic: TRIGGER_TOPIC, data: { kind, uri, origin: this.instance } });
  }

  /** Declares the trigger tools that are not declared yet and registers their procedures (when not registered yet). */
  declareTools(defs: ServiceDefinition): void {
    for (const [name, kind, description] of TOOLS) {
      if (!this.decl.getTool(name)) {
        const tool = this.decl.addTool(name, description);
        if (kind === 'resource') tool.addParam('uri', stringType(), 'The URI of the resource to mark updated');
      }
      if (defs.getProcedure(name)) continue;
      if (kind === 'resource') defs.registerProcedure(name, async (uri: string) => (await this.fire(kind, uri), `resource ${uri} updated`));
      else defs.registerProcedure(name, async () => (await this.fire(kind), `${kind} list changed`));
    }
  }

  /** Stops applying triggers from the bus. */
  close(): void {
    this.stop();
  }

  private received(message: BusMessage): void {
    if (message.type !== 'app' || message.topic !== TRIGGER_TOPIC) return;
    const { kind, uri, origin } = (message.data ?? {}) as { kind?: TriggerKind; uri?: string; origin?: string };
    if (kind !== 'tool' && kind !== 'prompt' && kind !== 'resource') return;
    this.muted = origin !== this.instance; // the change is announced once, by the instance it came through
    try {
      this.apply(this.decl, kind, uri);
    } finally {
      this.muted = false;
    }
  }
}
