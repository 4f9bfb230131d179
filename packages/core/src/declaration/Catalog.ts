/**
 * Catalog: what a server serves — its tools, resources, resource templates and prompts — with the list
 * payloads cut into pages when `pageSize` is set, cached by (kind, profile, page) in one
 * {@link PayloadCache}. Each item is published into the one invalidation mechanism when it is
 * added, so any later change of it (or of a type it refers to) makes the cached pages stale.
 */
import { Tool } from './Tool';
import { Resource } from './Resource';
import { ResourceTemplate } from './ResourceTemplate';
import { Prompt } from './Prompt';
import { schemaArguments } from './promptArguments';
import type { PromptOptions } from './promptArguments';
import { decodeCursor, encodeCursor, fingerprint } from './cursor';
import { PayloadCache } from './PayloadCache';
import type { CachedPayload, PayloadKind } from './PayloadCache';
import { describe } from '../schema/Property';
import type { SchemaDialect } from '../schema/Type';
import type { ProtocolProfile } from '../protocol/profile';
import { UI_MIME_TYPE } from '../protocol/apps';
import { APP_RESOURCE_UI_KEYS, checkAppResourceUi, isUiUri } from './appUi';
import type { AppResourceOptions } from './appUi';

/** The kinds of list a catalog serves. */
export type ListKind = Extract<PayloadKind, 'tools' | 'resources' | 'resourceTemplates' | 'prompts'>;

const TOOL_NAME = /^[A-Za-z0-9_.\-/]{1,64}$/;

/** A URI (or template) has a scheme and no whitespace. */
function checkUri(what: string, uri: unknown): void {
  if (typeof uri !== 'string') throw new TypeError(`${what}: expected a string URI, got ${describe(uri)}`);
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\S*$/.test(uri) || uri.length > 2048) throw new RangeError(`${what}: expected an absolute URI (scheme:…, no spaces, at most 2048 characters), got ${JSON.stringify(uri)}`);
}

/** A catalog of tools, listed in pages. */
export class Catalog {
  /** The payloads built from this catalog (and from what a declaration adds to them). */
  readonly cache = new PayloadCache();
  private readonly _tools: Tool[] = [];
  private readonly byName = new Map<string, Tool>();
  private readonly _resources: Resource[] = [];
  private readonly byUri = new Map<string, Resource>();
  private readonly _templates: ResourceTemplate[] = [];
  private readonly _prompts: Prompt[] = [];
  private readonly promptsByName = new Map<string, Prompt>();

  /** @param pageSize - items per list page; `undefined`: one page holds all. */
  constructor(readonly pageSize?: number) {}

  /** The tools in insertion order. */
  get tools(): readonly Tool[] {
    return this._tools;
  }

  /** Adds a tool (see `ToolDeclaration.addTool`), after `configure` has set it up (a throw adds nothing). */
  addTool(name: string, description: string, dialect: SchemaDialect = 'default', configure?: (tool: Tool<[]>) => void): Tool<[]> {
    if (typeof name !== 'string') throw new TypeError(`addTool: expected a string tool name, got ${describe(name)}`);
    if (!TOOL_NAME.test(name)) {
      throw new RangeError(`addTool: expected a tool name of 1-64 characters A-Z a-z 0-9 _ - . /, got ${JSON.stringify(name)}`);
    }
    if (this.byName.has(name)) throw new RangeError(`addTool: duplicate tool name "${name}"`);
    if (typeof description !== 'string') throw new TypeError(`addTool "${name}": expected a string description, got ${describe(description)}`);
    const tool = new Tool<[]>(name, description, dialect);
    configure?.(tool);
    this._tools.push(tool);
    this.byName.set(name, tool);
    tool.publish();
    return tool;
  }

  /** The tool with this name, or `undefined`. */
  getTool(name: string): Tool | undefined {
    return this.byName.get(name);
  }

  /** The prompts in insertion order. */
  get prompts(): readonly Prompt[] {
    return this._prompts;
  }

  /** Adds a prompt (see `ToolDeclaration.addPrompt`). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  addPrompt(name: string, description: string, options?: PromptOptions): Prompt<{}> {
    if (typeof name !== 'string') throw new TypeError(`addPrompt: expected a string prompt name, got ${describe(name)}`);
    if (!TOOL_NAME.test(name)) throw new RangeError(`addPrompt: expected a prompt name of 1-64 characters A-Z a-z 0-9 _ - . /, got ${JSON.stringify(name)}`);
    if (this.promptsByName.has(name)) throw new RangeError(`addPrompt: duplicate prompt name "${name}"`);
    if (typeof description !== 'string') throw new TypeError(`addPrompt "${name}": expected a string description, got ${describe(description)}`);
    const prompt = new Prompt(name, description, schemaArguments(`addPrompt "${name}"`, options));
    this._prompts.push(prompt);
    this.promptsByName.set(name, prompt);
    prompt.publish();
    return prompt;
  }

  /** The prompt with this name, or `undefined`. */
  getPrompt(name: string): Prompt | undefined {
    return this.promptsByName.get(name);
  }

  /** Whether any prompt is declared (then `prompts` is advertised). */
  get hasPrompts(): boolean {
    return this._prompts.length > 0;
  }

  /** Whether a prompt argument or a template variable has a completion function (then `completions` is advertised). */
  get hasCompletions(): boolean {
    return this._prompts.some((p) => p.hasCompletions) || this._templates.some((t) => t.hasCompletions);
  }

  /** The template whose text is `uriTemplate`, or `undefined`. */
  getTemplate(uriTemplate: string): ResourceTemplate | undefined {
    return this._templates.find((t) => t.uriTemplate === uriTemplate);
  }

  /** The static resources in insertion order. */
  get resources(): readonly Resource[] {
    return this._resources;
  }

  /** The resource templates in insertion order. */
  get resourceTemplates(): readonly ResourceTemplate[] {
    return this._templates;
  }

  /** Adds a static resource (see `ToolDeclaration.addResource`). */
  addResource(uri: string, name: string): Resource {
    checkUri('addResource', uri);
    if (this.byUri.has(uri)) throw new RangeError(`addResource: duplicate resource URI "${uri}"`);
    if (typeof name !== 'string' || !name) throw new TypeError(`addResource "${uri}": expected a non-empty name, got ${describe(name)}`);
    const resource = new Resource(uri, name);
    this._resources.push(resource);
    this.byUri.set(uri, resource);
    resource.publish();
    return resource;
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
    if (this._templates.some((t) => t.uriTemplate === uriTemplate)) throw new RangeError(`addResourceTemplate: duplicate template "${uriTemplate}"`);
    if (typeof name !== 'string' || !name) throw new TypeError(`addResourceTemplate "${uriTemplate}": expected a non-empty name, got ${describe(name)}`);
    const template = new ResourceTemplate(uriTemplate, name);
    this._templates.push(template);
    template.publish();
    return template;
  }

  /** The static resource with this URI, or `undefined`. */
  getResource(uri: string): Resource | undefined {
    return this.byUri.get(uri);
  }

  /** The first template `uri` matches (in declaration order) and its bound variables, or `undefined`. */
  findTemplate(uri: string): { template: ResourceTemplate; args: unknown[] | string } | undefined {
    for (const template of this._templates) {
      const args = template.bind(uri);
      if (args !== undefined) return { template, args };
    }
    return undefined;
  }

  /** Whether anything but tools is declared (then `resources` is advertised). */
  get hasResources(): boolean {
    return this._resources.length > 0 || this._templates.length > 0;
  }

  /** Whether an MCP Apps view or a tool with one is declared (then the extension is advertised). */
  get hasApps(): boolean {
    return this._tools.some((tool) => tool.ui !== undefined) || this._resources.some((resource) => resource.ui !== undefined || resource.mimeType === UI_MIME_TYPE);
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

  private itemsOf(kind: ListKind): readonly (Tool | Resource | ResourceTemplate | Prompt)[] {
    switch (kind) {
      case 'tools':
        return this._tools;
      case 'resources':
        return this.cache.derived('listed:resources', () => this._resources.filter((r) => r.listed));
      case 'resourceTemplates':
        return this._templates;
      case 'prompts':
        return this._prompts;
    }
  }

  private keysOf(kind: ListKind): readonly string[] {
    return this.itemsOf(kind).map((item) => (item instanceof Tool || item instanceof Prompt ? item.name : item instanceof Resource ? item.uri : item.uriTemplate));
  }

  /** The fingerprint of list `kind` (its keys in order and the page size), valid for this revision. */
  private fingerprintOf(kind: ListKind): string {
    return this.cache.derived(`fingerprint:${kind}`, () => fingerprint(this.keysOf(kind), this.pageSize ?? 0));
  }
}
