/**
 * Resource: a static resource of a declaration — a URI, a name, its metadata and, optionally,
 * its size. Its contents come from the read procedure registered for its URI
 * (`defs.registerResource`), or are fixed with {@link Resource.setContents} (a view, a logo).
 * Resources come from `ToolDeclaration.addResource()`.
 */
import { brand } from '../brand';
import { describe } from '../schema/Property';
import type { ProtocolProfile } from '../protocol/profile';
import { ResourceEntry } from './ResourceEntry';
import type { ResourceEntryFields } from './ResourceEntry';
import { checkAppResourceUi, isUiUri } from './appUi';
import type { AppResourceUi } from './appUi';

/** The `resources/list` entry of a resource. */
export interface ResourceListEntry extends ResourceEntryFields {
  uri: string;
  size?: number;
}

/** Fixed contents of a resource: text, or bytes (sent as base64). */
export type FixedContents = string | Uint8Array;

/** A static resource of a {@link ToolDeclaration}. */
export class Resource extends ResourceEntry {
  private _size?: number;
  private _contents?: FixedContents;
  private _listed = true;

  /** @internal created by `ToolDeclaration.addResource`. */
  constructor(
    /** The URI `resources/read` serves it under. */
    readonly uri: string,
    name: string,
  ) {
    super(name, `Resource "${uri}"`);
  }

  /** The size in bytes, if set (or known from fixed contents). */
  get size(): number | undefined {
    return this._size;
  }

  /** The fixed contents, if set with {@link setContents}. */
  get contents(): FixedContents | undefined {
    return this._contents;
  }

  /** Whether `resources/list` lists it (a view only a tool points at may be left out). */
  override get listed(): boolean {
    return this._listed;
  }

  /** Sets the size of the raw contents in bytes (`size`). */
  setSize(size: number): this {
    if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`Resource "${this.uri}" setSize: expected an integer >= 0, got ${String(size)}`);
    this._size = size;
    this.changed();
    return this;
  }

  /**
   * Fixes the contents a read returns (no read procedure needed): a string is sent as `text`,
   * bytes as a base64 `blob`. The size is set from them.
   * @example decl.addResource('test://static/readme', 'readme').setMimeType('text/plain').setContents('Hello')
   */
  setContents(contents: FixedContents): this {
    if (typeof contents !== 'string' && !(contents instanceof Uint8Array)) {
      throw new TypeError(`Resource "${this.uri}" setContents: expected a string or a Uint8Array, got ${describe(contents)}`);
    }
    this._contents = contents;
    this._size = typeof contents === 'string' ? new TextEncoder().encode(contents).length : contents.length;
    this.changed();
    return this;
  }

  /**
   * Makes this `ui://` resource an MCP Apps view's `_meta.ui` (merged into {@link setMeta}'s
   * object): the origins of its CSP, the browser permissions it asks for, its sandbox domain,
   * its border preference. Written on its list entry and on what a read returns (2025-06-18 on).
   * `decl.addAppResource` declares a view in one call.
   * @throws TypeError for a URI that is not `ui://` or a mistyped member.
   */
  setUi(ui: AppResourceUi): this {
    if (!isUiUri(this.uri)) throw new TypeError(`Resource "${this.uri}" setUi: an MCP Apps view needs a ui:// URI`);
    this.setUiMeta(checkAppResourceUi(`Resource "${this.uri}" setUi`, ui));
    return this;
  }

  /** Leaves the resource out of `resources/list` (it is still read by its URI); a change emits one `listChanged` for `resources`. */
  setListed(listed: boolean): this {
    const next = listed === true;
    if (next === this._listed) return this;
    const wasShown = this.enabled && this._listed;
    this._listed = next;
    this.listingChanged(wasShown);
    return this;
  }

  /** @internal Its URI: what its collection finds it by. */
  get key(): string {
    return this.uri;
  }

  /** @internal This resource's `resources/list` entry with the fields `profile`'s version defines. */
  toListEntry(profile: ProtocolProfile): ResourceListEntry {
    const { name, title, description, mimeType, annotations, icons, _meta } = this.entryFields(profile);
    const entry: ResourceListEntry = { uri: this.uri, name };
    if (title !== undefined) entry.title = title;
    if (description !== undefined) entry.description = description;
    if (mimeType !== undefined) entry.mimeType = mimeType;
    if (this._size !== undefined) entry.size = this._size;
    if (annotations) entry.annotations = annotations;
    if (icons) entry.icons = icons;
    if (_meta) entry._meta = _meta;
    return entry;
  }
}

brand(Resource, 'Resource');
