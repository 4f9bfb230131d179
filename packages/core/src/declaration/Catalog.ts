/**
 * Catalog: what a server serves — one {@link Collection} per kind of item (its tools, resources,
 * resource templates and prompts), each listed in pages and cached on its own, so a change to
 * one kind rebuilds that list and nothing else. Items are added, removed, enabled and disabled at
 * any time, serving included, and their scopes may change; each change to what a list shows is
 * reported once through `onListChanged` (templates count as `resources`, as
 * `notifications/resources/list_changed` does).
 */
import { Tool } from './Tool';
import { Resource } from './Resource';
import { ResourceTemplate } from './ResourceTemplate';
import { Prompt } from './Prompt';
import { schemaArguments } from './promptArguments';
import type { PromptOptions } from './promptArguments';
import { Collection } from './Collection';
import type { CatalogEntry } from './CatalogEntry';
import type { ListingChange } from './Collection';
import { describe } from '../schema/Property';
import type { SchemaDialect } from '../schema/Type';
import type { ListKind as ChangedList } from '../notifications/CatalogChange';
import { UI_MIME_TYPE } from '../protocol/apps';
import { APP_RESOURCE_UI_KEYS, checkAppResourceUi, isUiUri } from './appUi';
import type { AppResourceOptions } from './appUi';

const TOOL_NAME = /^[A-Za-z0-9_.\-/]{1,64}$/;


/** A URI (or template) has a scheme and no whitespace. */
function checkUri(what: string, uri: unknown): void {
  if (typeof uri !== 'string') throw new TypeError(`${what}: expected a string URI, got ${describe(uri)}`);
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\S*$/.test(uri) || uri.length > 2048) throw new RangeError(`${what}: expected an absolute URI (scheme:…, no spaces, at most 2048 characters), got ${JSON.stringify(uri)}`);
}

/** A name is 1-64 characters of `A-Z a-z 0-9 _ - . /`. */
function checkName(what: string, noun: string, name: unknown): void {
  if (typeof name !== 'string') throw new TypeError(`${what}: expected a string ${noun} name, got ${describe(name)}`);
  if (!TOOL_NAME.test(name)) throw new RangeError(`${what}: expected a ${noun} name of 1-64 characters A-Z a-z 0-9 _ - . /, got ${JSON.stringify(name)}`);
}

/** The collections of a catalog, one per kind of item, each named after the member of its list result. */
export interface CatalogLists {
  readonly tools: Collection<Tool>;
  readonly resources: Collection<Resource>;
  readonly resourceTemplates: Collection<ResourceTemplate>;
  readonly prompts: Collection<Prompt>;
}

/** The kinds of list a catalog serves. */
export type ListKind = keyof CatalogLists;

/** A catalog of tools, resources, resource templates and prompts, each listed in pages. */
export class Catalog {
  /** One collection per kind of item. */
  readonly lists: CatalogLists;
  /** The same collections, in list order. */
  private readonly ordered: readonly Collection<CatalogEntry>[];

  /**
   * @param pageSize - items per list page; `undefined`: one page holds all.
   * @param onListChanged - called once per change to what a list shows (an item added, removed, enabled or disabled, or its scopes changed), with who it concerns.
   */
  constructor(
    readonly pageSize?: number,
    onListChanged: (list: ChangedList, change: ListingChange) => void = () => undefined,
  ) {
    // each list: its result member, the capability it declares, the list its changes are reported under (templates count as resources)
    const list = <T extends CatalogEntry>(kind: ListKind, capability: ChangedList): Collection<T> => new Collection<T>(kind, capability, pageSize, (change) => onListChanged(capability, change));
    this.lists = {
      tools: list('tools', 'tools'),
      resources: list('resources', 'resources'),
      resourceTemplates: list('resourceTemplates', 'resources'),
      prompts: list('prompts', 'prompts'),
    };
    this.ordered = [this.lists.tools, this.lists.resources, this.lists.resourceTemplates, this.lists.prompts];
  }

  /** The capabilities the catalog declares, in list order: each collection's, once it held an item (tools are always declared). */
  get capabilities(): readonly ChangedList[] {
    const held = this.ordered.filter((list) => list.everHeld || list === this.lists.tools);
    return [...new Set(held.map((list) => list.capability))];
  }

  /** The collection of list `kind`. */
  list(kind: ListKind): Collection<CatalogEntry> {
    return this.lists[kind];
  }

  /** A revision of the whole catalog: it moves whenever any collection's does (what `initialize` and `server/discover` are built from). */
  get revision(): number {
    let sum = 0;
    for (const list of this.ordered) sum += list.revision.value;
    return sum;
  }

  /** The tools in insertion order, enabled or not. */
  get tools(): readonly Tool[] {
    return this.lists.tools.all;
  }

  /** Adds a tool (see `ToolDeclaration.addTool`), after `configure` has set it up (a throw adds nothing). */
  addTool(name: string, description: string, dialect: SchemaDialect = 'default', configure?: (tool: Tool<[]>) => void): Tool<[]> {
    checkName('addTool', 'tool', name);
    if (this.lists.tools.has(name)) throw new RangeError(`addTool: duplicate tool name "${name}"`);
    if (typeof description !== 'string') throw new TypeError(`addTool "${name}": expected a string description, got ${describe(description)}`);
    const tool = new Tool<[]>(name, description, dialect);
    configure?.(tool);
    return this.lists.tools.add(tool) as Tool<[]>;
  }

  /** The enabled tool with this name, or `undefined` (the look-up of a `tools/call`). */
  getTool(name: string): Tool | undefined {
    return this.lists.tools.find(name);
  }

  /** The prompts in insertion order, enabled or not. */
  get prompts(): readonly Prompt[] {
    return this.lists.prompts.all;
  }

  /** Adds a prompt (see `ToolDeclaration.addPrompt`). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  addPrompt(name: string, description: string, options?: PromptOptions): Prompt<{}> {
    checkName('addPrompt', 'prompt', name);
    if (this.lists.prompts.has(name)) throw new RangeError(`addPrompt: duplicate prompt name "${name}"`);
    if (typeof description !== 'string') throw new TypeError(`addPrompt "${name}": expected a string description, got ${describe(description)}`);
    return this.lists.prompts.add(new Prompt(name, description, schemaArguments(`addPrompt "${name}"`, options)));
  }

  /** The enabled prompt with this name, or `undefined` (the look-up of a `prompts/get`). */
  getPrompt(name: string): Prompt | undefined {
    return this.lists.prompts.find(name);
  }

  /** Whether a prompt was ever declared (then `prompts` is advertised, and stays advertised when they are removed). */
  get hasPrompts(): boolean {
    // read per prompts/get (is the method offered?): the flag itself, not the capability list built anew
    return this.lists.prompts.everHeld;
  }

  /** Whether a prompt argument or a template variable has a completion function (then `completions` is advertised). */
  get hasCompletions(): boolean {
    return this.lists.prompts.all.some((p) => p.hasCompletions) || this.lists.resourceTemplates.all.some((t) => t.hasCompletions);
  }

  /** The enabled template whose text is `uriTemplate`, or `undefined`. */
  getTemplate(uriTemplate: string): ResourceTemplate | undefined {
    return this.lists.resourceTemplates.find(uriTemplate);
  }

  /** The static resources in insertion order, enabled or not. */
  get resources(): readonly Resource[] {
    return this.lists.resources.all;
  }

  /** The resource templates in insertion order, enabled or not. */
  get resourceTemplates(): readonly ResourceTemplate[] {
    return this.lists.resourceTemplates.all;
  }

  /** Adds a static resource (see `ToolDeclaration.addResource`). */
  addResource(uri: string, name: string): Resource {
    checkUri('addResource', uri);
    if (this.lists.resources.has(uri)) throw new RangeError(`addResource: duplicate resource URI "${uri}"`);
    if (typeof name !== 'string' || !name) throw new TypeError(`addResource "${uri}": expected a non-empty name, got ${describe(name)}`);
    return this.lists.resources.add(new Resource(uri, name));
  }

  /** Adds an MCP Apps view (see `ToolDeclaration.addAppResource`). */
  addAppResource(uri: string, name: string, options: AppResourceOptions = {}): Resource {
    if (!isUiUri(uri)) throw new TypeError(`addAppResource: expected a ui:// URI, got ${typeof uri === 'string' ? JSON.stringify(uri) : describe(uri)}`);
    if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new TypeError(`addAppResource "${uri}": expected an options object, got ${describe(options)}`);
    const { html, ...ui } = options;
    if (html !== undefined && typeof html !== 'string') throw new TypeError(`addAppResource "${uri}": expected html to be a string, got ${describe(html)}`);
    const unknown = Object.keys(ui).find((key) => !APP_RESOURCE_UI_KEYS.includes(key));
    if (unknown !== undefined) throw new TypeError(`addAppResource "${uri}": unknown option "${unknown}" (known: html, ${APP_RESOURCE_UI_KEYS.join(', ')})`);
    const hasUi = Object.keys(checkAppResourceUi(`addAppResource "${uri}"`, ui)).length > 0; // checked before anything is added
    const resource = this.addResource(uri, name).setMimeType(UI_MIME_TYPE);
    if (hasUi) resource.setUi(ui);
    if (html !== undefined) resource.setContents(html);
    return resource;
  }

  /** Adds a resource template (see `ToolDeclaration.addResourceTemplate`). */
  addResourceTemplate(uriTemplate: string, name: string): ResourceTemplate {
    checkUri('addResourceTemplate', uriTemplate);
    if (this.lists.resourceTemplates.has(uriTemplate)) throw new RangeError(`addResourceTemplate: duplicate template "${uriTemplate}"`);
    if (typeof name !== 'string' || !name) throw new TypeError(`addResourceTemplate "${uriTemplate}": expected a non-empty name, got ${describe(name)}`);
    return this.lists.resourceTemplates.add(new ResourceTemplate(uriTemplate, name));
  }

  /** The enabled static resource with this URI (listed or not), or `undefined` (the look-up of a `resources/read`). */
  getResource(uri: string): Resource | undefined {
    return this.lists.resources.find(uri);
  }

  /** The first enabled template `uri` matches (in declaration order) and its bound variables, or `undefined`. */
  findTemplate(uri: string): { template: ResourceTemplate; args: unknown[] | string } | undefined {
    for (const template of this.lists.resourceTemplates.served) {
      const args = template.bind(uri);
      if (args !== undefined) return { template, args };
    }
    return undefined;
  }

  /** Whether a resource or template was ever declared (then `resources` is advertised, and stays advertised when they are removed). */
  get hasResources(): boolean {
    // read per resources/read: the flags themselves, not the capability list built anew
    return this.lists.resources.everHeld || this.lists.resourceTemplates.everHeld;
  }

  /** Whether an MCP Apps view or a tool with one is declared (then the extension is advertised). */
  get hasApps(): boolean {
    return this.tools.some((tool) => tool.ui !== undefined) || this.resources.some((resource) => resource.ui !== undefined || resource.mimeType === UI_MIME_TYPE);
  }
}
