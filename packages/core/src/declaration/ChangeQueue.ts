/**
 * ChangeQueue: a declaration's change listeners and the changes of the current turn, emitted to
 * them in order once the code that made the changes has run (one microtask later) — so a change
 * carries what its item is when it is emitted, not what it was half-way through a chain:
 * `decl.addTool('admin_reset').setScopes(['admin'])` emits one `listChanged` carrying
 * `['admin']`. A list change says who it concerns: the scopes of those who could see the item
 * before and of those who can see it after (both, when its scopes changed); a scope change of an
 * item whose addition (or enabling, or earlier scope change) is still queued adds nothing —
 * nobody saw the scopes it replaces. A listener hears the changes made after it subscribed (not
 * those of the declarations before the server was made); without listeners nothing is queued.
 */
import type { CatalogChange, CatalogChangeListener, ListKind } from '../notifications/CatalogChange';
import type { ListingChange } from './Collection';

/** A change waiting for the end of the turn, numbered in the order it was made. */
type Queued = { readonly made: number } & ({ readonly list: ListKind; readonly change: ListingChange } | { readonly uri: string });

/** The change listeners of a declaration, and the changes of the current turn. */
export class ChangeQueue {
  /** Each listener, with the number of changes made before it subscribed. */
  private readonly listeners = new Map<CatalogChangeListener, number>();
  private queued: Queued[] = [];
  /** The items of the queued changes that show them after (their scopes are read when emitted). */
  private readonly shownAfter = new Set<ListingChange['entry']>();
  private made = 0;

  /** Adds `listener`, to hear the changes made from now on; returns the function that removes it. */
  subscribe(listener: CatalogChangeListener): () => void {
    const entry: CatalogChangeListener = (change) => listener(change);
    this.listeners.set(entry, this.made);
    return () => {
      this.listeners.delete(entry);
    };
  }

  /** Queues a change to what `list` shows. */
  listChanged(list: ListKind, change: ListingChange): void {
    const rescoped = change.before !== undefined && change.after;
    if (rescoped && this.shownAfter.has(change.entry)) return;
    if (this.push({ made: this.made + 1, list, change }) && change.after) this.shownAfter.add(change.entry);
  }

  /** Queues the update of the resource at `uri`. */
  resourceUpdated(uri: string): void {
    this.push({ made: this.made + 1, uri });
  }

  /** Queues `queued`; `false` when nobody listens (nothing to keep). */
  private push(queued: Queued): boolean {
    if (this.listeners.size === 0) return false;
    this.made = queued.made;
    if (this.queued.push(queued) === 1) queueMicrotask(() => this.flush());
    return true;
  }

  /** Emits what the turn queued; a change made while emitting is queued for the next microtask. */
  private flush(): void {
    const turn = this.queued;
    this.queued = [];
    this.shownAfter.clear();
    for (const queued of turn) {
      const change: CatalogChange = 'uri' in queued ? { type: 'resourceUpdated', uri: queued.uri } : listChange(queued.list, queued.change);
      for (const [listener, since] of [...this.listeners]) if (queued.made > since) deliver(listener, change);
    }
  }
}

/** Delivers `change` to `listener`; one that throws does not stop the others. */
function deliver(listener: CatalogChangeListener, change: CatalogChange): void {
  try {
    listener(change);
  } catch (error) {
    console.error('toolwire: a catalog change listener threw:', error);
  }
}

/** The `listChanged` of `change`, with the scopes of those it concerns (none: everyone). */
function listChange(list: ListKind, { entry, before, after }: ListingChange): CatalogChange {
  const sets = audience(before, after ? entry.scopes : undefined);
  if (sets.length === 0) return { type: 'listChanged', list };
  return sets.length === 1 ? { type: 'listChanged', list, scopes: sets[0] } : { type: 'listChanged', list, scopeSets: sets };
}

/**
 * The scope sets whose holders a change concerns: empty when anyone may see the item (before or
 * after); a set that holds another is left out (whoever holds it holds the other).
 */
function audience(...sets: (readonly string[] | undefined)[]): readonly (readonly string[])[] {
  const held = sets.filter((set): set is readonly string[] => set !== undefined);
  if (held.some((set) => set.length === 0)) return [];
  return held.filter((set, i) => !held.some((other, j) => j !== i && includes(set, other) && (!includes(other, set) || j < i)));
}

/** Whether `set` holds every scope of `other`. */
function includes(set: readonly string[], other: readonly string[]): boolean {
  return other.every((scope) => set.includes(scope));
}
