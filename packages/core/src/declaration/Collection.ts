/**
 * Collection: one kind of item a catalog serves — its tools, its resources, its resource
 * templates or its prompts — in insertion order, keyed by name or URI, with its own
 * {@link Revision} and {@link PayloadCache}: a change to one of its items (or to a type one of
 * them refers to) rebuilds this list's pages and nothing else. Items are added, removed, enabled
 * and disabled at any time, and their scopes change; each change to what the list shows (to
 * anyone) calls `onListChanged` once, with who could see the item before or after it.
 *
 * Cursors name the first item of a page and carry the fingerprint of the listed keys and the
 * page size: a cursor cut before the list's membership changed answers -32602 ("list again"),
 * one cut before an item's metadata changed continues correctly.
 */
import { Revision } from '../schema/revision';
import { PayloadCache } from './PayloadCache';
import type { CachedPayload } from './PayloadCache';
import type { CatalogEntry, EntryHolder } from './CatalogEntry';
import { decodeCursor, encodeCursor, fingerprint } from './cursor';
import type { ProtocolProfile } from '../protocol/profile';
import type { ListKind as ChangedList } from '../notifications/CatalogChange';

/**
 * One change to what a list shows, and so who it concerns: the callers who could see the item
 * before (`before`: the scopes it had then; absent when it was not shown) and those who can see
 * it after (`after`: its scopes when the change is emitted, read then — an item just added is
 * often given its scopes right after).
 */
export interface ListingChange {
  readonly entry: CatalogEntry;
  readonly before?: readonly string[];
  readonly after: boolean;
}

/** The items of one kind, listed in pages. */
export class Collection<T extends CatalogEntry> implements EntryHolder {
  /** Bumped by every change to this collection or to a node one of its items refers to. */
  readonly revision = new Revision();
  /** The list pages, valid for {@link revision}. */
  readonly cache = new PayloadCache(() => this.revision.value);
  private readonly entries = new Map<string, T>();
  private held = false;

  /**
   * @param kind - the member of the list result holding the entries (`tools`, `prompts` …).
   * @param capability - the server capability this collection declares once it held an item, and the list its changes are reported under.
   * @param pageSize - items per page; `undefined`: one page holds all.
   * @param onListChanged - called once for each change to what the list shows, with who could see the item before or after it.
   */
  constructor(
    readonly kind: string,
    readonly capability: ChangedList,
    readonly pageSize: number | undefined,
    private readonly onListChanged: (change: ListingChange) => void,
  ) {}

  /** Every item held, enabled or not, in insertion order. */
  get all(): readonly T[] {
    return this.cache.derived('all', () => [...this.entries.values()]);
  }

  /** The enabled items, in insertion order (what requests may name). */
  get served(): readonly T[] {
    return this.cache.derived('served', () => this.all.filter((entry) => entry.enabled));
  }

  /** The items the list shows: enabled and listed, in insertion order. */
  get listed(): readonly T[] {
    return this.cache.derived('listed', () => this.served.filter((entry) => entry.listed));
  }

  /** Whether this collection ever held an item (then its capability is declared, and stays declared). */
  get everHeld(): boolean {
    return this.held;
  }

  /** The item with this key, enabled or not, or `undefined`. */
  get(key: string): T | undefined {
    return this.entries.get(key);
  }

  /** The enabled item with this key, or `undefined` (a request for a disabled one is answered as for an unknown one). */
  find(key: string): T | undefined {
    const entry = this.entries.get(key);
    return entry?.enabled ? entry : undefined;
  }

  /** Whether an item holds `key` (enabled or not). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** @internal Adds `entry` (its key is checked unique by the caller) and publishes it into this collection. */
  add(entry: T): T {
    this.entries.set(entry.key, entry);
    entry.attach(this);
    entry.publish(this.revision);
    this.held = true;
    this.revision.bump();
    if (entry.enabled && entry.listed) this.onListChanged({ entry, after: true });
    return entry;
  }

  /** Removes the item with `key` or `entry` itself; `false` when this collection does not hold it. */
  remove(entry: T | string | CatalogEntry): boolean {
    const held = typeof entry === 'string' ? this.entries.get(entry) : entry;
    if (held === undefined || this.entries.get(held.key) !== held) return false;
    this.entries.delete(held.key);
    held.attach(undefined);
    this.revision.bump();
    if (held.enabled && held.listed) this.onListChanged({ entry: held, before: held.scopes, after: false });
    return true;
  }

  /** @internal An item was enabled or disabled, or listed or not; `wasShown`: whether the list showed it before. */
  listingChanged(entry: CatalogEntry, wasShown: boolean): void {
    this.revision.bump();
    if (wasShown !== (entry.enabled && entry.listed)) this.onListChanged(wasShown ? { entry, before: entry.scopes, after: false } : { entry, after: true });
  }

  /** @internal An item's scopes changed from `previous`: a list change for those who could see it before or can now. */
  scopesChanged(entry: CatalogEntry, previous: readonly string[]): void {
    if (entry.enabled && entry.listed) this.onListChanged({ entry, before: previous, after: true });
  }

  /** The first index of the page `cursor` names (0 without one), or `undefined` for a cursor this list never issued or issued before its membership changed. */
  pageStart(cursor: string | undefined): number | undefined {
    if (cursor === undefined) return 0;
    const size = this.pageSize;
    if (!size) return undefined;
    const start = decodeCursor(cursor, this.fingerprint());
    return start !== undefined && start > 0 && start < this.listed.length && start % size === 0 ? start : undefined;
  }

  /**
   * The cached page starting at `start` for `profile`: the entries, `nextCursor` on every page
   * but the last, then the members `tail` adds for the version (the modern result fields).
   */
  page<R extends object>(profile: ProtocolProfile, start: number, tail: (profile: ProtocolProfile) => object | undefined): CachedPayload<R> {
    return this.cache.get(this.kind, profile, start, () => {
      const items = this.listed;
      const end = this.pageSize ? start + this.pageSize : items.length;
      const result: Record<string, unknown> = { [this.kind]: items.slice(start, end).map((item) => item.toListEntry(profile)) };
      if (end < items.length) result.nextCursor = encodeCursor(end, this.fingerprint());
      return Object.assign(result, tail(profile)) as R;
    });
  }

  /** The fingerprint of the list (its keys in order and the page size), valid for this revision. */
  private fingerprint(): string {
    return this.cache.derived('fingerprint', () => fingerprint(this.listed.map((item) => item.key), this.pageSize ?? 0));
  }
}
