/**
 * ResourceEntry: what a static resource and a resource template share — a name, the metadata
 * hosts read (title, description, mimeType, annotations, icons, `_meta`), and the OAuth scopes a
 * read needs — each written in `resources/list` and `resources/templates/list` only for the
 * versions that define it.
 */
import { CatalogEntry } from './CatalogEntry';
import { describe } from '../schema/Property';
import { scopeList } from '../auth/scopes';
import type { ProtocolProfile } from '../protocol/profile';
import { checkIcons, checkText, copyJsonObject } from './metadata';
import type { Icon, JsonObject } from './metadata';
import { withUi } from './appUi';

/** The annotations of a resource (hints for the client; `lastModified` from 2025-06-18 on). */
export interface ResourceAnnotations {
  /** Who the resource is for. */
  audience?: ('user' | 'assistant')[];
  /** How important it is, 0 (optional) to 1 (effectively required). */
  priority?: number;
  /** When it last changed (ISO 8601). */
  lastModified?: string;
}

/** The metadata members of a list entry, in the schema's order after its key. */
export interface ResourceEntryFields {
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  annotations?: ResourceAnnotations;
  icons?: Icon[];
  _meta?: JsonObject;
}

/** A resource or resource template of a declaration. */
export abstract class ResourceEntry extends CatalogEntry {
  private _title?: string;
  private _description?: string;
  private _mimeType?: string;
  private _annotations?: Readonly<ResourceAnnotations>;
  private _icons?: readonly Icon[];
  private _meta?: JsonObject;
  /** The MCP Apps `_meta.ui` members (a view resource), merged into `_meta` on the wire. */
  private _ui?: JsonObject;
  /** `_meta` with `_ui` merged in, as published. */
  private _published?: JsonObject;
  private _scopes: readonly string[] = [];

  protected constructor(
    /** The name (programmatic; a client may show it). */
    readonly name: string,
    private readonly what: string,
  ) {
    super();
  }

  /** The human-readable title, if set. */
  get title(): string | undefined {
    return this._title;
  }

  /** The description, if set. */
  get description(): string | undefined {
    return this._description;
  }

  /** The MIME type of the contents, if set. */
  get mimeType(): string | undefined {
    return this._mimeType;
  }

  /** The `_meta` object as published: the one {@link setMeta} set, with a view's `ui` members merged into its `ui`; `undefined` when neither is set. */
  get meta(): Readonly<JsonObject> | undefined {
    return this._published;
  }

  /** The MCP Apps `_meta.ui` members of a view resource, if set. */
  get ui(): Readonly<JsonObject> | undefined {
    return this._ui;
  }

  /** The OAuth scopes a read needs; empty when none. */
  override get scopes(): readonly string[] {
    return this._scopes;
  }

  /** Sets the human-readable title (`title`, 2025-06-18 on). */
  setTitle(title: string): this {
    this._title = checkText(`${this.what} setTitle`, title);
    this.changed();
    return this;
  }

  /** Sets the description. */
  setDescription(description: string): this {
    this._description = checkText(`${this.what} setDescription`, description);
    this.changed();
    return this;
  }

  /** Sets the MIME type of the contents (also the default `mimeType` of what a read returns). */
  setMimeType(mimeType: string): this {
    this._mimeType = checkText(`${this.what} setMimeType`, mimeType);
    this.changed();
    return this;
  }

  /** Sets the annotations. @example resource.setAnnotations({ audience: ['user'], priority: 0.5 }) */
  setAnnotations(annotations: ResourceAnnotations): this {
    this._annotations = checkResourceAnnotations(`${this.what} setAnnotations`, annotations);
    this.changed();
    return this;
  }

  /** Sets the icons (`icons`, 2025-11-25 on). */
  setIcons(icons: readonly Icon[]): this {
    this._icons = checkIcons(`${this.what} setIcons`, icons);
    this.changed();
    return this;
  }

  /** Sets `_meta` (2025-06-18 on), copied; it is written on the list entry and on each content a read returns. */
  setMeta(meta: JsonObject): this {
    this._meta = copyJsonObject(`${this.what} setMeta`, meta);
    this.publishMeta();
    return this;
  }

  /** Sets the MCP Apps `_meta.ui` members (checked by the caller). */
  protected setUiMeta(ui: JsonObject): void {
    this._ui = ui;
    this.publishMeta();
  }

  private publishMeta(): void {
    this._published = this._ui ? withUi(this._meta, this._ui) : this._meta;
    this.changed();
  }

  /**
   * Sets the OAuth scopes a read needs, all of them: on an endpoint with the `auth` option a
   * token without them is answered 403 `insufficient_scope` before the read procedure runs, and
   * its updates are no longer announced to listeners whose token lacks them. Resources are
   * listed to every token, so this changes no list. Not published. Stdio and open endpoints do
   * not check scopes.
   */
  setScopes(scopes: readonly string[]): this {
    if (!Array.isArray(scopes)) throw new TypeError(`${this.what} setScopes: expected an array of scope strings, got ${describe(scopes)}`);
    const list = scopeList(scopes);
    if (typeof list === 'number') throw new TypeError(`${this.what} setScopes: expected scopes[${list}] to be a scope, got ${describe(scopes[list])}`);
    this._scopes = list;
    return this;
  }

  /** The metadata members of this entry's list entry for `profile`'s version. */
  protected entryFields(profile: ProtocolProfile): ResourceEntryFields {
    const fields: ResourceEntryFields = { name: this.name };
    if (this._title !== undefined && profile.titles) fields.title = this._title;
    if (this._description !== undefined) fields.description = this._description;
    if (this._mimeType !== undefined) fields.mimeType = this._mimeType;
    if (this._annotations) {
      const { lastModified, ...rest } = this._annotations;
      const annotations: ResourceAnnotations = profile.resourceLinks && lastModified !== undefined ? { ...rest, lastModified } : { ...rest };
      if (Object.keys(annotations).length) fields.annotations = annotations;
    }
    if (this._icons && profile.icons) fields.icons = this._icons.map((icon) => ({ ...icon }));
    if (this._published && profile.resourceLinks) fields._meta = this._published;
    return fields;
  }
}

function checkResourceAnnotations(what: string, value: unknown): Readonly<ResourceAnnotations> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError(`${what}: expected an object, got ${describe(value)}`);
  const copy: ResourceAnnotations = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === undefined) continue;
    if (key === 'audience') {
      if (!Array.isArray(v) || !v.every((a) => a === 'user' || a === 'assistant')) throw new TypeError(`${what}: expected audience to be an array of "user" | "assistant"`);
      copy.audience = [...(v as ('user' | 'assistant')[])];
    } else if (key === 'priority') {
      if (typeof v !== 'number' || !(v >= 0 && v <= 1)) throw new RangeError(`${what}: expected priority to be a number from 0 to 1, got ${String(v)}`);
      copy.priority = v;
    } else if (key === 'lastModified') {
      copy.lastModified = checkText(`${what} lastModified`, v);
    } else {
      throw new TypeError(`${what}: unknown annotation "${key}" (known: audience, priority, lastModified)`);
    }
  }
  return Object.freeze(copy);
}
