/**
 * CatalogEntry: what every item of a catalog shares — a tool, a resource, a resource template or
 * a prompt: the key its collection finds it by, whether it is enabled, the OAuth scopes using it
 * needs, and the collection holding it, so that `setEnabled`, `remove` and a change of its scopes
 * act there (one list change each, none for a no-op). A disabled or removed entry is not listed,
 * and a request for it is answered as for an unknown one.
 */
import { Published } from '../schema/revision';
import { describe } from '../schema/Property';
import type { ProtocolProfile } from '../protocol/profile';

/** @internal What an entry tells the collection holding it. */
export interface EntryHolder {
  /** Removes `entry`; `true` when it was held. */
  remove(entry: CatalogEntry): boolean;
  /** `entry` was enabled or disabled, or — a resource — listed or not; `wasShown`: whether its list showed it before. */
  listingChanged(entry: CatalogEntry, wasShown: boolean): void;
  /** `entry`'s scopes changed from `previous` (a listed tool or prompt: who sees it changed). */
  scopesChanged(entry: CatalogEntry, previous: readonly string[]): void;
}

/** An item of a catalog: a {@link Tool}, {@link Resource}, {@link ResourceTemplate} or {@link Prompt}. */
export abstract class CatalogEntry extends Published {
  private _enabled = true;
  private holder?: EntryHolder;

  /** @internal What its collection finds it by: a name, a URI or a URI template. */
  abstract get key(): string;

  /** @internal Its list entry with the fields `profile`'s version defines. */
  abstract toListEntry(profile: ProtocolProfile): object;

  /** The OAuth scopes using it needs (a call, a get, a read); empty when none. */
  abstract get scopes(): readonly string[];

  /** Whether it is served: listed, and answered by a call, read or get (default `true`). */
  get enabled(): boolean {
    return this._enabled;
  }

  /** Whether its list shows it when enabled (only a resource can be left out: `Resource.setListed`). */
  get listed(): boolean {
    return true;
  }

  /** Whether a catalog holds it (it was added and not removed since). */
  get declared(): boolean {
    return this.holder !== undefined;
  }

  /**
   * Enables or disables it, at any time (serving included): a disabled entry is not listed and a
   * request for it is answered as for an unknown one (a call in flight finishes). A change emits
   * one `listChanged` for its list (`ToolDeclaration.onChange`); setting the current value emits
   * nothing, and so does setting it on a removed entry.
   * @example tool.setEnabled(false); // tools/list leaves it out, tools/call answers "Unknown tool"
   */
  setEnabled(enabled: boolean): this {
    if (typeof enabled !== 'boolean') throw new TypeError(`${this.constructor.name} "${this.key}" setEnabled: expected a boolean, got ${describe(enabled)}`);
    if (enabled === this._enabled) return this;
    const wasShown = this._enabled && this.listed;
    this._enabled = enabled;
    this.holder?.listingChanged(this, wasShown);
    return this;
  }

  /**
   * Removes it from its catalog, at any time (serving included): it is no longer listed, a request
   * for it is answered as for an unknown one (a call in flight finishes), and its key may be
   * declared again. Emits one `listChanged` when it was listed. Returns `false` (and does nothing)
   * when it was removed already.
   */
  remove(): boolean {
    return this.holder?.remove(this) ?? false;
  }

  /** @internal Its collection took it (`holder`) or let it go (`undefined`). */
  attach(holder: EntryHolder | undefined): void {
    this.holder = holder;
  }

  /**
   * Records that its scopes changed from `previous`: where lists show only what a token may use,
   * the callers who see it changed (a tool's or a prompt's; resources are listed to all).
   */
  protected scopesChanged(previous: readonly string[]): void {
    const now = this.scopes;
    if (previous.length === now.length && previous.every((scope) => now.includes(scope))) return;
    this.holder?.scopesChanged(this, previous);
  }

  /** Records that whether it is listed changed (for a subclass with its own listing switch); `wasShown`: whether its list showed it before. */
  protected listingChanged(wasShown: boolean): void {
    if (this.holder) this.holder.listingChanged(this, wasShown);
    else this.changed();
  }
}
