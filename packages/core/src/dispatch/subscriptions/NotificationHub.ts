/**
 * NotificationHub: the listeners one dispatcher holds, and its seat on the notification bus. It
 * publishes every change of its declaration (`decl.onChange`) on the bus — so listeners on every
 * instance sharing the bus hear it — and holds one bus subscription while it has listeners,
 * however many (one subscription fans out to all of them: by list, by resource URI; a list's
 * change only to those whose token lists the item that changed, a resource's update only to
 * those whose token may read it now). It bounds
 * them (`maxSubscriptions` in all, `maxSubscriptionsPerPrincipal`, `maxResourceSubscriptions`
 * per listener), sends keep-alives on idle streams, and tells its listeners when the bus goes
 * down (they end with a final notice) or when the server ends them gracefully.
 */
import type { ToolDeclaration } from '../../declaration/ToolDeclaration';
import type { ErrorPolicy } from '../errorPolicy';
import type { EngineLimits } from '../limits';
import { Tally } from '../tally';
import type { CatalogChange, ListKind } from '../../notifications/CatalogChange';
import type { BusMessage, NotificationBus } from '../../notifications/NotificationBus';
import { MemoryNotificationBus } from '../../notifications/MemoryNotificationBus';
import type { Listener } from './Listener';
import { readScopes } from './listenFilter';

/** The default interval of keep-alives on idle streams: 15 s. */
export const DEFAULT_KEEP_ALIVE_MS = 15_000;

/** How a hub is set up. */
export interface HubSettings {
  /** The bus shared with the other instances; default: an in-process bus of this dispatcher. */
  readonly bus?: NotificationBus;
  readonly limits: Pick<EngineLimits, 'maxSubscriptions' | 'maxSubscriptionsPerPrincipal' | 'maxResourceSubscriptions'>;
  readonly policy: ErrorPolicy;
  /** How long a stream may stay idle before a keep-alive is written, in ms. */
  readonly keepAliveMs: number;
}

/** Unsubscribes a hub from its declaration once the hub is collected (a dispatcher dropped without closing). */
const forgotten = new FinalizationRegistry<() => void>((off) => off());

/** The listeners of one dispatcher. */
export class NotificationHub {
  /** The bus this hub publishes on and listens to. */
  readonly bus: NotificationBus;
  private readonly listeners = new Set<Listener>();
  private readonly tally = new Tally();
  private readonly byList: Record<ListKind, Set<Listener>> = { tools: new Set(), prompts: new Set(), resources: new Set() };
  private readonly byUri = new Map<string, Set<Listener>>();
  private busOff: (() => void) | undefined;
  private keepAlive: ReturnType<typeof setInterval> | undefined;
  private downReason: Error | undefined;
  /** Whether the transport serves legacy `GET` streams (stateless HTTP broadcasts `list_changed` on them). */
  broadcasts = false;

  constructor(
    private readonly decl: ToolDeclaration,
    private readonly settings: HubSettings,
  ) {
    this.bus = settings.bus ?? new MemoryNotificationBus();
    const hub = new WeakRef(this);
    forgotten.register(this, decl.onChange((change) => hub.deref()?.publish(change)));
  }

  /** The bounds of this hub. */
  get limits(): HubSettings['limits'] {
    return this.settings.limits;
  }

  /** Why the bus cannot deliver now (`undefined` while it can). */
  get down(): Error | undefined {
    return this.downReason;
  }

  /** The number of listeners held. */
  get size(): number {
    return this.listeners.size;
  }

  /** Publishes a change of the declaration on the bus; a failure is reported through the error policy. */
  publish(change: CatalogChange): void {
    this.bus.publish(change).catch((error: unknown) => this.settings.policy.report(error, { method: 'publish (notification bus)' }));
  }

  /** Why one more listener of `principal` is refused (`maxSubscriptions`, `maxSubscriptionsPerPrincipal`), or `undefined` when it may listen. */
  refusal(principal: string): string | undefined {
    const { maxSubscriptions: all, maxSubscriptionsPerPrincipal: mine } = this.settings.limits;
    const held = this.tally.of(principal);
    if (this.tally.total >= all) return `${this.tally.total} subscriptions are open (maxSubscriptions (${all}))`;
    if (held >= mine) return `this caller has ${held} subscriptions open (maxSubscriptionsPerPrincipal (${mine}))`;
    return undefined;
  }

  /** Holds `listener` (its bounds checked with {@link refusal} first); the first one subscribes this hub to the bus. */
  attach(listener: Listener): void {
    this.listeners.add(listener);
    this.tally.add(listener.principal);
    for (const list of listener.lists) this.byList[list].add(listener);
    for (const uri of listener.resources) this.index(listener, uri);
    if (!this.busOff) this.busOff = this.bus.subscribe({ message: (m) => this.message(m), down: (e) => this.busDown(e), up: () => (this.downReason = undefined) });
    if (listener.sink.heartbeat && !this.keepAlive) {
      this.keepAlive = setInterval(() => this.beat(), this.settings.keepAliveMs);
      this.keepAlive.unref?.();
    }
  }

  /** Lets `listener` go (idempotent); the last one unsubscribes this hub from the bus. */
  detach(listener: Listener): void {
    if (!this.listeners.delete(listener)) return;
    this.tally.remove(listener.principal);
    for (const list of listener.lists) this.byList[list].delete(listener);
    for (const uri of listener.resources) this.unindex(listener, uri);
    if (this.listeners.size === 0) {
      this.busOff?.();
      this.busOff = undefined;
      this.downReason = undefined; // no longer subscribed, no longer told: the next subscription learns afresh (a bus that is down says so at once)
      if (this.keepAlive) clearInterval(this.keepAlive);
      this.keepAlive = undefined;
    }
  }

  /** Subscribes a held listener to `uri`; false when it holds `maxResourceSubscriptions` already. */
  watch(listener: Listener, uri: string): boolean {
    if (listener.resources.has(uri)) return true;
    if (listener.resources.size >= this.settings.limits.maxResourceSubscriptions) return false;
    listener.resources.add(uri);
    if (this.listeners.has(listener)) this.index(listener, uri);
    return true;
  }

  /** Unsubscribes a listener from `uri`. */
  unwatch(listener: Listener, uri: string): void {
    if (!listener.resources.delete(uri)) return;
    this.unindex(listener, uri);
  }

  /** Ends every listener gracefully (server shutdown): each sends its final result. */
  endAll(): void {
    for (const listener of [...this.listeners]) {
      this.detach(listener);
      listener.sink.end();
    }
  }

  /** One message from the bus, to the listeners that asked for it. */
  private message(message: BusMessage): void {
    if (message.type === 'listChanged') {
      for (const listener of this.byList[message.list]) if (listener.shows(message)) deliver(listener, () => listener.listChanged(message.list));
    } else if (message.type === 'resourceUpdated') {
      const watchers = this.byUri.get(message.uri);
      if (!watchers) return;
      // the scopes a read needs now: a resource given scopes after a listener subscribed is no longer its to hear of
      let scopes: readonly string[] | undefined;
      for (const listener of watchers) {
        const access = listener.access;
        if (access && access.missing((scopes ??= readScopes(this.decl, message.uri))).length > 0) continue;
        deliver(listener, () => listener.resourceUpdated(message.uri));
      }
    }
  }

  /** The bus can no longer deliver: report it once, and end the listeners that end on it. */
  private busDown(reason: Error): void {
    if (this.downReason) return;
    this.downReason = reason;
    this.settings.policy.report(reason, { method: 'subscribe (notification bus)' });
    for (const listener of [...this.listeners]) {
      const down = listener.sink.down;
      if (!down) continue;
      this.detach(listener);
      deliver(listener, () => down.call(listener.sink, reason));
    }
  }

  /** A keep-alive on every stream that sent nothing since the last tick. */
  private beat(): void {
    for (const listener of this.listeners) {
      if (!listener.active && listener.sink.heartbeat) deliver(listener, () => listener.sink.heartbeat!());
      listener.active = false;
    }
  }

  private index(listener: Listener, uri: string): void {
    let set = this.byUri.get(uri);
    if (!set) this.byUri.set(uri, (set = new Set()));
    set.add(listener);
  }

  private unindex(listener: Listener, uri: string): void {
    const set = this.byUri.get(uri);
    if (!set) return;
    set.delete(listener);
    if (set.size === 0) this.byUri.delete(uri);
  }
}

/** Runs one delivery; a sink that throws (a stream gone mid-write) does not stop the others. */
function deliver(listener: Listener, run: () => void): void {
  try {
    run();
  } catch (error) {
    void listener;
    console.error('toolwire: writing a notification to a listener failed:', error);
  }
}
