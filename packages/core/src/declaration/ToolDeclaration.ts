/**
 * ToolDeclaration: the declaration a server is served from, as its author writes it — a facade
 * over the server's {@link ServerIdentity} (who the server is), its {@link Catalog} (the tools,
 * resources, templates and prompts it serves, changeable at runtime) and its
 * {@link VersionPolicy} (the protocol versions it accepts). The payloads served from them are
 * built by {@link ServerPayloads}; each catalog change is reported to `onChange` listeners once
 * the code that made it has run ({@link ChangeQueue}).
 */
import type { OutputOf, ParamSpec, StandardInput, Tool } from './Tool';
import type { InferOutput, StandardSchemaV1 } from '../schema/StandardSchema';
import type { PromptOptions } from './promptArguments';
import type { Type } from '../schema/Type';
import type { Resource } from './Resource';
import type { ResourceTemplate } from './ResourceTemplate';
import type { Prompt } from './Prompt';
import type { AppResourceOptions } from './appUi';
import { Catalog } from './Catalog';
import { ChangeQueue } from './ChangeQueue';
import type { CatalogChangeListener } from '../notifications/CatalogChange';
import { ServerIdentity } from './ServerIdentity';
import type { VersionPolicy } from './VersionPolicy';
import { ServerPayloads } from './ServerPayloads';
import type { DiscoverResult, InitializeResult, ToolsListResult } from './results';
import { describe } from '../schema/Property';
import type { SchemaDialect } from '../schema/Type';
import { brand } from '../brand';
import { LATEST_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSIONS, SUPPORTED_PROTOCOL_VERSIONS } from '../protocol/profile';
import type { ProtocolProfile } from '../protocol/profile';
import type { LoggingLevel } from '../protocol/logLevels';
import { resolveOptions } from './ToolDeclarationOptions';
import type { ToolDeclarationOptions } from './ToolDeclarationOptions';

/** The schemas of {@link ToolDeclaration.addTool}'s shorthand. */
export interface ToolSchemas<I extends StandardSchemaV1 | undefined = StandardSchemaV1 | undefined, O extends StandardSchemaV1 | Type | undefined = StandardSchemaV1 | Type | undefined> {
  /** The input: a Standard Schema of an object (zod, valibot, arktype …); see `Tool.setInput`. */
  input?: I;
  /** The structured output: a Standard Schema or a Type; see `Tool.setOutput`. */
  output?: O;
}

/**
 * The catalog of tools a server publishes.
 * @example
 * const decl = new ToolDeclaration('demo-server', '1.0.0');
 * decl.addTool('add', 'Add two integers')
 *     .addParam('a', integerType(), 'First operand')
 *     .addParam('b', integerType(), 'Second operand');
 */
export class ToolDeclaration {
  /** Who the server is: what serverInfo, `server/discover` and the modern result `_meta` say. */
  readonly identity: ServerIdentity;
  /** What the server serves, and the cache of every payload built from it. */
  readonly catalog: Catalog;
  /** The protocol versions this declaration accepts. */
  readonly versionPolicy: VersionPolicy;
  /** @internal The payloads served from the identity, the catalog and the versions. */
  readonly payloads: ServerPayloads;
  private readonly logLevel?: LoggingLevel;
  private readonly dialect: SchemaDialect;
  private readonly changes = new ChangeQueue();

  /**
   * @param name - the server name `initialize` returns.
   * @param version - the server version `initialize` returns.
   */
  constructor(
    readonly name: string,
    readonly version: string,
    options: ToolDeclarationOptions = {},
  ) {
    if (typeof options !== 'object' || options === null) throw new TypeError(`ToolDeclaration: expected an options object, got ${describe(options)}`);
    this.identity = new ServerIdentity(name, version, options);
    const settings = resolveOptions(options);
    this.versionPolicy = settings.versions;
    this.catalog = new Catalog(settings.pageSize, (list, change) => this.changes.listChanged(list, change));
    this.logLevel = settings.logLevel;
    this.dialect = settings.dialect;
    this.payloads = new ServerPayloads(this.identity, this.catalog, this.versionPolicy, settings);
  }

  /** How the tools' schemas are written (see {@link ToolDeclarationOptions.schemaDialect}). */
  get schemaDialect(): SchemaDialect {
    return this.dialect;
  }

  /**
   * The level `context.log` sends at where no `logging/setLevel` is in force, when the
   * declaration enables logging; `undefined` when it does not (then nothing is logged).
   */
  get loggingLevel(): LoggingLevel | undefined {
    return this.logLevel;
  }

  /** `requested` when it is a default supported version, otherwise {@link LATEST_PROTOCOL_VERSION}. */
  static preferredVersion(requested?: string | null): string {
    return requested && SUPPORTED_PROTOCOL_VERSIONS.includes(requested) ? requested : LATEST_PROTOCOL_VERSION;
  }

  /** Whether `version` is one of the default supported protocol versions. */
  static isSupportedVersion(version: unknown): boolean {
    return typeof version === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(version);
  }

  /** The protocol versions this declaration accepts, newest first. */
  get supportedVersions(): readonly string[] {
    return this.versionPolicy.versions;
  }

  /** The newest protocol version this declaration accepts. */
  get latestVersion(): string {
    return this.versionPolicy.versions[0];
  }

  /** The declared tools in insertion order, enabled or not (removed ones are gone). */
  get tools(): readonly Tool[] {
    return this.catalog.tools;
  }

  /**
   * Creates a tool owned by this declaration and returns it for chaining. The name must be
   * 1–64 characters of `A-Z a-z 0-9 _ - . /` and unique; it must match a procedure registered
   * on the ServiceDefinition the transport uses.
   *
   * With `schemas`, its input and output in the same call: `input` a Standard Schema (as
   * {@link Tool.setInput}), `output` a Standard Schema or a Type (as {@link Tool.setOutput}).
   * @example
   * const add = decl.addTool('add', 'Add two numbers', { input: z.object({ a: z.number(), b: z.number() }), output: z.object({ sum: z.number() }) });
   * defs.registerTool(add, ({ a, b }) => ({ sum: a + b }));
   */
  addTool(name: string, description?: string): Tool<[]>;
  addTool<I extends StandardSchemaV1 | undefined = undefined, Out extends StandardSchemaV1 | Type | undefined = undefined>(
    name: string,
    description: string,
    schemas: ToolSchemas<I, Out>,
  ): Tool<I extends StandardSchemaV1 ? StandardInput<I> : [], OutputOf<Out>>;
  addTool(name: string, description = '', schemas?: ToolSchemas<StandardSchemaV1 | undefined, StandardSchemaV1 | Type | undefined>): Tool<readonly ParamSpec[]> {
    if (schemas !== undefined && (typeof schemas !== 'object' || schemas === null)) throw new TypeError(`addTool "${name}": expected { input?, output? }, got ${describe(schemas)}`);
    const unknown = schemas && Object.keys(schemas).find((key) => key !== 'input' && key !== 'output');
    if (unknown) throw new TypeError(`addTool "${name}": unknown schema "${unknown}" (known: input, output)`);
    return this.catalog.addTool(name, description, this.dialect, (tool: Tool<readonly ParamSpec[]>) => {
      if (schemas?.input !== undefined) tool.setInput(schemas.input);
      if (schemas?.output !== undefined) tool.setOutput(schemas.output as StandardSchemaV1);
    });
  }

  /**
   * The tool served under this name, or `undefined` — also for a disabled one (as a `tools/call`
   * finds it; `decl.catalog.lists.tools.get(name)` finds a disabled tool too).
   */
  getTool(name: string): Tool | undefined {
    return this.catalog.getTool(name);
  }

  /**
   * Removes the tool with this name, at any time (serving included): `tools/list` no longer lists
   * it, a `tools/call` for it is answered as for an unknown tool (a call in flight finishes), and
   * `onChange` listeners get one `{ type: 'listChanged', list: 'tools' }` when it was listed. Its
   * procedure stays registered: declaring the name again serves it again. Same as `tool.remove()`.
   * @returns `false` (and nothing happens) when no tool has this name.
   * @example decl.removeTool('beta_search');
   */
  removeTool(name: string): boolean {
    return this.catalog.lists.tools.remove(name);
  }

  /** The declared static resources in insertion order, enabled or not. */
  get resources(): readonly Resource[] {
    return this.catalog.resources;
  }

  /** The declared resource templates in insertion order, enabled or not. */
  get resourceTemplates(): readonly ResourceTemplate[] {
    return this.catalog.resourceTemplates;
  }

  /**
   * Declares a static resource served by `resources/read` under `uri` (unique) and listed by
   * `resources/list`. Its contents come from `defs.registerResource(uri, fn)` or
   * `resource.setContents(…)`. Declaring any resource advertises the `resources` capability.
   * @example decl.addResource('test://static/readme', 'readme').setMimeType('text/plain').setContents('Hello')
   */
  addResource(uri: string, name: string): Resource {
    return this.catalog.addResource(uri, name);
  }

  /**
   * Declares an MCP Apps view in one call: a static resource under a `ui://` URI with MIME type
   * `text/html;profile=mcp-app`, the `_meta.ui` the options give (`csp`, `permissions`, `domain`,
   * `prefersBorder`; on its list entry and on what a read returns) and, with `html`, its
   * document as fixed contents (else register a read procedure for the URI). Point a tool at it
   * with `tool.setUi({ resourceUri })`. Declaring one advertises the `io.modelcontextprotocol/ui`
   * extension. It is listed in `resources/list`; `setListed(false)` leaves it out.
   * @throws TypeError for a URI that is not `ui://` or a mistyped option.
   * @example decl.addAppResource('ui://notes/board', 'notes-board', { html, prefersBorder: true, csp: { connectDomains: [] } })
   */
  addAppResource(uri: string, name: string, options?: AppResourceOptions): Resource {
    return this.catalog.addAppResource(uri, name, options);
  }

  /**
   * Declares a resource template (RFC 6570 level 1, `{var}`), listed by
   * `resources/templates/list`; a read of a matching URI calls the procedure registered with
   * `defs.registerResource(uriTemplate, fn)` with the variables in order, percent-decoded.
   * A decoded value holding `/`, `\`, `..` or NUL is refused (-32602) unless
   * `allowAnyValue(name)` lets its variable take one. Matching is linear in the URI's length:
   * each variable ends where the next literal first appears.
   * @example decl.addResourceTemplate('test://notes/{id}', 'note').setMimeType('text/plain')
   */
  addResourceTemplate(uriTemplate: string, name: string): ResourceTemplate {
    return this.catalog.addResourceTemplate(uriTemplate, name);
  }

  /** The static resource served under this URI (listed or not), or `undefined` — also for a disabled one. */
  getResource(uri: string): Resource | undefined {
    return this.catalog.getResource(uri);
  }

  /**
   * Removes the static resource at `uri`, at any time: it is no longer listed, a `resources/read`
   * of it is answered as for an unknown resource (unless a template matches the URI), and
   * `onChange` listeners get one `{ type: 'listChanged', list: 'resources' }` when it was listed.
   * Same as `resource.remove()`.
   * @returns `false` when no static resource has this URI.
   */
  removeResource(uri: string): boolean {
    return this.catalog.lists.resources.remove(uri);
  }

  /**
   * Removes the resource template whose text is `uriTemplate`, at any time: it is no longer listed
   * by `resources/templates/list`, reads of URIs only it matched are answered as for an unknown
   * resource, and `onChange` listeners get one `{ type: 'listChanged', list: 'resources' }`.
   * Same as `template.remove()`.
   * @returns `false` when no template has this text.
   */
  removeResourceTemplate(uriTemplate: string): boolean {
    return this.catalog.lists.resourceTemplates.remove(uriTemplate);
  }

  /** The declared prompts in insertion order, enabled or not. */
  get prompts(): readonly Prompt[] {
    return this.catalog.prompts;
  }

  /**
   * Declares a prompt, listed by `prompts/list` and served by `prompts/get` with the procedure
   * registered by `defs.registerPrompt(prompt, fn)`. The name must be 1–64 characters of
   * `A-Z a-z 0-9 _ - . /` and unique among prompts. Declaring any prompt advertises the
   * `prompts` capability.
   *
   * The arguments are declared with `addArgument`, or all at once with a Standard Schema of an
   * object of strings (zod 4, valibot 1, arktype 2 …) as `{ arguments: schema }`: the listed
   * arguments come from its JSON Schema (each property's `description`; required when the
   * schema requires it), `prompts/get` validates the arguments with the schema's own
   * `~standard.validate` (sync or async; a failure is -32602 naming each failing argument with
   * the library's message), and the procedure receives the schema's output.
   * @throws TypeError for `{ arguments }` that is not a Standard Schema, has no JSON Schema, is
   * not an object schema or has a property that is not a string (and `addArgument` on such a prompt).
   * @example
   * const review = decl.addPrompt('review', 'Review code').addArgument('code', 'The code to review');
   * defs.registerPrompt(review, ({ code }) => `Please review:\n${code}`);
   * @example
   * const brief = decl.addPrompt('brief', 'Write a brief', { arguments: z.object({ topic: z.string().describe('The topic'), tone: z.string().optional() }) });
   * defs.registerPrompt(brief, ({ topic, tone }) => `Write a ${tone ?? 'neutral'} brief on ${topic}`);
   */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  addPrompt(name: string, description?: string): Prompt<{}>;
  addPrompt<S extends StandardSchemaV1>(name: string, description: string, options: PromptOptions<S>): Prompt<InferOutput<S> & object>;
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  addPrompt(name: string, description = '', options?: PromptOptions): Prompt<{}> {
    return this.catalog.addPrompt(name, description, options);
  }

  /** The prompt served under this name, or `undefined` — also for a disabled one. */
  getPrompt(name: string): Prompt | undefined {
    return this.catalog.getPrompt(name);
  }

  /**
   * Removes the prompt with this name, at any time: it is no longer listed, a `prompts/get` for it
   * is answered as for an unknown prompt, and `onChange` listeners get one
   * `{ type: 'listChanged', list: 'prompts' }` when it was listed. Same as `prompt.remove()`.
   * @returns `false` when no prompt has this name.
   */
  removePrompt(name: string): boolean {
    return this.catalog.lists.prompts.remove(name);
  }

  /**
   * Subscribes to this declaration's changes: a list changed (an item added, removed, enabled or
   * disabled, or a listed tool's or prompt's scopes changed — exactly one change each, none for a
   * no-op; templates count as `resources`) or a resource was marked updated
   * ({@link ToolDeclaration.resourceUpdated}). Editing an item's metadata (a description, a
   * parameter) rebuilds its list but emits nothing. Changes are delivered in order once the code
   * making them has run (a microtask later), so a change carries the item's scopes as they are
   * then: `addTool(…).setScopes(['admin'])` is one change with `scopes: ['admin']`. The server
   * publishes the changes on its notification bus; returns the function that unsubscribes.
   * @example decl.onChange((change) => console.log(change)); // { type: 'listChanged', list: 'tools' }
   */
  onChange(listener: CatalogChangeListener): () => void {
    if (typeof listener !== 'function') throw new TypeError(`onChange: expected a function, got ${describe(listener)}`);
    return this.changes.subscribe(listener);
  }

  /**
   * Marks the resource at `uri` updated: its subscribers are sent
   * `notifications/resources/updated` (on every instance sharing the server's notification bus).
   * @example decl.resourceUpdated('file:///notes/today.md');
   */
  resourceUpdated(uri: string): void {
    if (typeof uri !== 'string' || uri === '') throw new TypeError(`resourceUpdated: expected a URI string, got ${describe(uri)}`);
    this.changes.resourceUpdated(uri);
  }

  /** The requested version when this declaration supports it, otherwise the latest. */
  preferredVersion(requested?: string | null): string {
    return this.versionPolicy.preferred(requested);
  }

  /** Whether this declaration accepts `version`. */
  isSupportedVersion(version: unknown): boolean {
    return this.versionPolicy.accepts(version);
  }

  /** @internal The profile of legacy `version` when this declaration accepts it, else `undefined`. */
  profileOf(version: string): ProtocolProfile | undefined {
    return this.versionPolicy.profileOf(version);
  }

  /** The modern (2026-07-28 era) protocol versions this declaration serves, newest first. */
  get modernVersions(): readonly string[] {
    return MODERN_PROTOCOL_VERSIONS;
  }

  /** @internal The profile of modern `version` when it is served, else `undefined`. */
  modernProfileOf(version: string): ProtocolProfile | undefined {
    return this.versionPolicy.modernProfileOf(version);
  }

  /** The `server/discover` result for a modern version (computed once per catalog change; treat it as read-only). */
  toDiscoverResult(version = MODERN_PROTOCOL_VERSIONS[0]): DiscoverResult {
    return this.payloads.discover(version).object;
  }

  /**
   * The `tools/list` result for `protocolVersion` — its first page, or the page `cursor` names
   * (computed once per change of the tools; treat it as read-only).
   * @throws RangeError for an unknown or stale cursor.
   */
  toToolsList(protocolVersion?: string, cursor?: string): ToolsListResult {
    const version = protocolVersion !== undefined && this.versionPolicy.isModern(protocolVersion) ? protocolVersion : this.preferredVersion(protocolVersion);
    const page = this.payloads.listPage<ToolsListResult>('tools', version, cursor);
    if (page === undefined) throw new RangeError(`toToolsList: unknown or stale cursor ${JSON.stringify(cursor)}`);
    return page.object;
  }

  /** The `initialize` result for the version negotiated from `protocolVersion` (computed once per catalog change; treat it as read-only). */
  toInitializeResult(protocolVersion?: string | null): InitializeResult {
    return this.payloads.initialize(this.preferredVersion(protocolVersion)).object;
  }
}

brand(ToolDeclaration, 'ToolDeclaration');
