/**
 * Catalog: what a server serves — its tools (resources and prompts join here) — with the list
 * payloads cut into pages when `pageSize` is set, cached by (kind, profile, page) in one
 * {@link PayloadCache}. Each item is published into the one invalidation mechanism when it is
 * added, so any later change of it (or of a type it refers to) makes the cached pages stale.
 */
import { Tool } from './Tool';
import { decodeCursor, encodeCursor, fingerprint } from './cursor';
import { PayloadCache } from './PayloadCache';
import type { CachedPayload, PayloadKind } from './PayloadCache';
import { describe } from '../schema/Property';
import type { ProtocolProfile } from '../protocol/profile';

/** The kinds of list a catalog serves. */
export type ListKind = Extract<PayloadKind, 'tools'>;

const TOOL_NAME = /^[A-Za-z0-9_.\-/]{1,64}$/;

/** A catalog of tools, listed in pages. */
export class Catalog {
  /** The payloads built from this catalog (and from what a declaration adds to them). */
  readonly cache = new PayloadCache();
  private readonly _tools: Tool[] = [];
  private readonly byName = new Map<string, Tool>();

  /** @param pageSize - items per list page; `undefined`: one page holds all. */
  constructor(readonly pageSize?: number) {}

  /** The tools in insertion order. */
  get tools(): readonly Tool[] {
    return this._tools;
  }

  /** Adds a tool (see `ToolDeclaration.addTool`). */
  addTool(name: string, description: string): Tool<[]> {
    if (typeof name !== 'string') throw new TypeError(`addTool: expected a string tool name, got ${describe(name)}`);
    if (!TOOL_NAME.test(name)) {
      throw new RangeError(`addTool: expected a tool name of 1-64 characters A-Z a-z 0-9 _ - . /, got ${JSON.stringify(name)}`);
    }
    if (this.byName.has(name)) throw new RangeError(`addTool: duplicate tool name "${name}"`);
    if (typeof description !== 'string') throw new TypeError(`addTool "${name}": expected a string description, got ${describe(description)}`);
    const tool = new Tool<[]>(name, description);
    this._tools.push(tool);
    this.byName.set(name, tool);
    tool.publish();
    return tool;
  }

  /** The tool with this name, or `undefined`. */
  getTool(name: string): Tool | undefined {
    return this.byName.get(name);
  }

  /** The first index of the page `cursor` names in list `kind` (0 without one), or `undefined` for a cursor this list never issued. */
  pageStart(kind: ListKind, cursor: string | undefined): number | undefined {
    if (cursor === undefined) return 0;
    const size = this.pageSize;
    if (!size) return undefined;
    const start = decodeCursor(cursor, this.fingerprintOf(kind));
    return start !== undefined && start > 0 && start < this.itemsOf(kind).length && start % size === 0 ? start : undefined;
  }

  /**
   * The cached page of list `kind` starting at `start` for `profile`: the entries, `nextCursor`
   * on every page but the last, then the members `tail` adds for the version (the modern result
   * fields), in that order.
   */
  page<T extends object>(kind: ListKind, profile: ProtocolProfile, start: number, tail: (profile: ProtocolProfile) => object | undefined): CachedPayload<T> {
    return this.cache.get(kind, profile, start, () => {
      const items = this.itemsOf(kind);
      const end = this.pageSize ? start + this.pageSize : items.length;
      const result: Record<string, unknown> = { [kind]: items.slice(start, end).map((item) => item.toListEntry(profile)) };
      if (end < items.length) result.nextCursor = encodeCursor(end, this.fingerprintOf(kind));
      return Object.assign(result, tail(profile)) as T;
    });
  }

  private itemsOf(kind: ListKind): readonly { toListEntry(profile: ProtocolProfile): unknown }[] {
    switch (kind) {
      case 'tools':
        return this._tools;
    }
  }

  private keysOf(kind: ListKind): readonly string[] {
    return this.itemsOf(kind).map((item) => (item as Tool).name);
  }

  /** The fingerprint of list `kind` (its keys in order and the page size), valid for this revision. */
  private fingerprintOf(kind: ListKind): string {
    return this.cache.derived(`fingerprint:${kind}`, () => fingerprint(this.keysOf(kind), this.pageSize ?? 0));
  }
}
