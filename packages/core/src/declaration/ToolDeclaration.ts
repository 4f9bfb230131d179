/**
 * ToolDeclaration: the declaration a server is served from — a facade over the server's
 * {@link ServerIdentity} (what `initialize`, `server/discover` and the modern results say the
 * server is) and its {@link Catalog} (the tools it serves), plus the protocol versions it
 * accepts. Each payload is built once per (kind, profile, page) in the catalog's one cache and
 * reused until something it is built from changes (`schema/revision.ts`).
 */
import type { OutputOf, ParamSpec, StandardInput, Tool } from './Tool';
import type { InferOutput, StandardSchemaV1 } from '../schema/StandardSchema';
import type { PromptOptions } from './promptArguments';
import type { Type } from '../schema/Type';
import type { Resource, ResourceListEntry } from './Resource';
import type { ResourceTemplate, ResourceTemplateListEntry } from './ResourceTemplate';
import type { ToolListEntry } from './Tool';
import type { Prompt, PromptListEntry } from './Prompt';
import type { Icon } from './metadata';
import type { AppResourceOptions } from './appUi';
import { UI_EXTENSION_ID, UI_MIME_TYPE } from '../protocol/apps';
import { Catalog } from './Catalog';
import type { CatalogChange, CatalogChangeListener } from '../notifications/CatalogChange';
import { ServerIdentity } from './ServerIdentity';
import type { ServerInfo } from './ServerIdentity';
import { describe } from '../schema/Property';
import type { SchemaDialect } from '../schema/Type';
import { brand } from '../brand';
import { LATEST_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSIONS, SUPPORTED_PROTOCOL_VERSIONS, isModernVersion, isVersionString, profileFor } from '../protocol/profile';
import { META } from '../protocol/meta';
import type { ProtocolProfile } from '../protocol/profile';
import { DEFAULT_LOGGING_LEVEL, isLoggingLevel, LOGGING_LEVELS } from '../protocol/logLevels';
import type { LoggingLevel, LoggingOptions } from '../protocol/logLevels';

/** Options of a {@link ToolDeclaration}. */
export interface ToolDeclarationOptions {
  /** A human-readable server title, sent as `serverInfo.title` to clients that know the field (2025-06-18 and later). */
  title?: string;
  /** Instructions for the client's model, sent as `result.instructions` of `initialize`. */
  instructions?: string;
  /** Icons of the server, sent as `serverInfo.icons` to clients that know the field (2025-11-25 on). */
  icons?: readonly Icon[];
  /** The server's website, sent as `serverInfo.websiteUrl` (2025-11-25 on). */
  websiteUrl?: string;
  /**
   * Tools per `tools/list` page (default: all on one page). With it, each page but the last
   * carries an opaque `nextCursor`; cursors stay valid while the tool list is unchanged.
   */
  pageSize?: number;
  /**
   * 2026-07-28: how long (ms, an integer ≥ 0) a client may cache `tools/list` and
   * `server/discover` results (`ttlMs`, default 0: revalidate every time).
   */
  ttlMs?: number;
  /**
   * 2026-07-28: who may share a cached `tools/list`/`server/discover` result (`cacheScope`,
   * default `"private"`): `"public"` only when the list is the same for every caller.
   */
  cacheScope?: 'public' | 'private';
  /** Further protocol versions to accept (`YYYY-MM-DD`); they are added to the supported set. */
  protocolVersions?: readonly string[];
  /**
   * Tools may log (`context.log`): `initialize` declares the `logging` capability and
   * `logging/setLevel` is answered. `true` applies the default level `info` where no level is
   * set (stateless HTTP, a stdio connection before `logging/setLevel`); `{ defaultLevel }`
   * picks another. Without it `context.log` sends nothing.
   * @example
   * new ToolDeclaration('demo', '1.0.0', { logging: true });
   * new ToolDeclaration('demo', '1.0.0', { logging: { defaultLevel: 'warning' } });
   */
  logging?: boolean | LoggingOptions;
  /**
   * How the tools' schemas are written (default `'default'`: nullable primitives as
   * `{"type":[K,"null"]}`, the seed's exact output). `'portable'` writes no `type` array and no
   * `oneOf`: a nullable type is `{"anyOf":[<the type>, {"type":"null"}]}` — for hosts whose
   * models reject type arrays (Gemini). Raw schemas (`setInputSchema`, `setOutputSchema`) are
   * published as given; under `'portable'` those the portable rules reject are named once on
   * stderr when serving starts.
   * @example new ToolDeclaration('demo', '1.0.0', { schemaDialect: 'portable' });
   */
  schemaDialect?: SchemaDialect;
}

/** The schemas of {@link ToolDeclaration.addTool}'s shorthand. */
export interface ToolSchemas<I extends StandardSchemaV1 | undefined = StandardSchemaV1 | undefined, O extends StandardSchemaV1 | Type | undefined = StandardSchemaV1 | Type | undefined> {
  /** The input: a Standard Schema of an object (zod, valibot, arktype …); see `Tool.setInput`. */
  input?: I;
  /** The structured output: a Standard Schema or a Type; see `Tool.setOutput`. */
  output?: O;
}

/** The `tools/list` result (one page of it). */
export interface ToolsListResult {
  tools: ToolListEntry[];
  /** Present on every page but the last: pass it as `params.cursor` for the next page. */
  nextCursor?: string;
  /** 2026-07-28: the cache hints and result fields (see {@link ToolDeclarationOptions.ttlMs}). */
  ttlMs?: number;
  cacheScope?: 'public' | 'private';
  resultType?: 'complete';
  _meta?: Record<string, unknown>;
}

/** The `resources/list` result (one page of it); the 2026-07-28 fields as on {@link ToolsListResult}. */
export interface ResourcesListResult extends Omit<ToolsListResult, 'tools'> {
  resources: ResourceListEntry[];
}

/** The `resources/templates/list` result (one page of it). */
export interface ResourceTemplatesListResult extends Omit<ToolsListResult, 'tools'> {
  resourceTemplates: ResourceTemplateListEntry[];
}

/** The `prompts/list` result (one page of it). */
export interface PromptsListResult extends Omit<ToolsListResult, 'tools'> {
  prompts: PromptListEntry[];
}

/**
 * The capabilities a server declares: tools always, resources when any is declared, prompts when
 * any is declared, completions when a completion function is, logging when
 * enabled, and under `extensions` the MCP Apps key `io.modelcontextprotocol/ui`
 * (`{ mimeTypes: ["text/html;profile=mcp-app"] }`) when a view or a tool with one is declared.
 * `listChanged` and `resources.subscribe` where the transport delivers them (see {@link LiveCapabilities}).
 */
export interface ServerCapabilities {
  tools: { listChanged?: boolean };
  resources?: { listChanged?: boolean; subscribe?: boolean };
  prompts?: { listChanged?: boolean };
  completions?: Record<string, never>;
  logging?: Record<string, never>;
  extensions?: Record<string, Record<string, unknown>>;
  /** 2025-11-25 (experimental tasks): what the server's tasks offer. */
  tasks?: { list: Record<string, never>; cancel: Record<string, never>; requests: { tools: { call: Record<string, never> } } };
}

/**
 * What a transport delivers of live lists, for the capabilities it declares: `listChanged`
 * (the lists' `list_changed`) and `subscribe` (`resources/subscribe`). 2026-07-28 always
 * delivers both (through `subscriptions/listen`); a legacy stdio connection both; legacy
 * stateless HTTP `listChanged` only on a `GET` stream, never `subscribe`.
 */
export interface LiveCapabilities {
  readonly listChanged: boolean;
  readonly subscribe: boolean;
}

const NOT_LIVE: LiveCapabilities = Object.freeze({ listChanged: false, subscribe: false });
const LIVE: LiveCapabilities = Object.freeze({ listChanged: true, subscribe: true });

/** The `initialize` result. */
export interface InitializeResult {
  protocolVersion: string;
  capabilities: ServerCapabilities;
  serverInfo: ServerInfo;
  instructions?: string;
}

const OPTION_NAMES = ['title', 'instructions', 'icons', 'websiteUrl', 'pageSize', 'ttlMs', 'cacheScope', 'protocolVersions', 'logging', 'schemaDialect'];

/** The `server/discover` result (2026-07-28). */
export interface DiscoverResult {
  supportedVersions: string[];
  capabilities: ServerCapabilities;
  instructions?: string;
  ttlMs: number;
  cacheScope: 'public' | 'private';
  resultType: 'complete';
  _meta: { [META.serverInfo]: InitializeResult['serverInfo'] };
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
  private readonly versions: readonly string[];
  /** The profile of each accepted version, looked up once per request. */
  private readonly profiles: ReadonlyMap<string, ProtocolProfile>;
  /** The profile of each modern version served (2026-07-28 era). */
  private readonly modernProfiles: ReadonlyMap<string, ProtocolProfile> = new Map(MODERN_PROTOCOL_VERSIONS.map((v) => [v, profileFor(v)]));
  private readonly ttlMs: number = 0;
  private readonly cacheScope: 'public' | 'private' = 'private';
  private readonly logLevel?: LoggingLevel;
  private readonly dialect: SchemaDialect = 'default';
  private readonly changeListeners = new Set<CatalogChangeListener>();

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
    for (const key of Object.keys(options)) {
      if (!OPTION_NAMES.includes(key)) throw new TypeError(`ToolDeclaration: unknown option "${key}" (known: ${OPTION_NAMES.join(', ')})`);
    }
    const extra = options.protocolVersions ?? [];
    for (const v of extra) {
      if (!isVersionString(v)) throw new TypeError(`ToolDeclaration: expected protocol versions as YYYY-MM-DD, got ${JSON.stringify(v)}`);
      if (isModernVersion(v)) throw new RangeError(`ToolDeclaration: protocolVersions adds legacy versions; ${v} is a modern (2026-07-28 era) version`);
      profileFor(v); // throws for a version older than every known revision
    }
    this.versions = Object.freeze([...new Set([...SUPPORTED_PROTOCOL_VERSIONS, ...extra])].sort().reverse());
    this.profiles = new Map(this.versions.map((v) => [v, profileFor(v)]));
    if (options.pageSize !== undefined && (!Number.isSafeInteger(options.pageSize) || options.pageSize < 1)) {
      throw new RangeError(`ToolDeclaration: expected pageSize to be a positive integer, got ${String(options.pageSize)}`);
    }
    this.catalog = new Catalog(options.pageSize);
    if (options.ttlMs !== undefined) {
      if (!Number.isSafeInteger(options.ttlMs) || options.ttlMs < 0) throw new RangeError(`ToolDeclaration: expected ttlMs to be an integer >= 0, got ${String(options.ttlMs)}`);
      this.ttlMs = options.ttlMs;
    }
    if (options.cacheScope !== undefined) {
      if (options.cacheScope !== 'public' && options.cacheScope !== 'private') throw new TypeError(`ToolDeclaration: expected cacheScope "public" or "private", got ${JSON.stringify(options.cacheScope)}`);
      this.cacheScope = options.cacheScope;
    }
    this.logLevel = loggingOption(options.logging);
    if (options.schemaDialect !== undefined) {
      if (options.schemaDialect !== 'default' && options.schemaDialect !== 'portable') {
        throw new TypeError(`ToolDeclaration: expected schemaDialect "default" or "portable", got ${JSON.stringify(options.schemaDialect)}`);
      }
      this.dialect = options.schemaDialect;
    }
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
    return this.versions;
  }

  /** The newest protocol version this declaration accepts. */
  get latestVersion(): string {
    return this.versions[0];
  }

  /** The tools in insertion order. */
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

  /** The tool with this name, or `undefined`. */
  getTool(name: string): Tool | undefined {
    return this.catalog.getTool(name);
  }

  /** The static resources in insertion order. */
  get resources(): readonly Resource[] {
    return this.catalog.resources;
  }

  /** The resource templates in insertion order. */
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

  /** The static resource with this URI, or `undefined`. */
  getResource(uri: string): Resource | undefined {
    return this.catalog.getResource(uri);
  }

  /** The prompts in insertion order. */
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

  /** The prompt with this name, or `undefined`. */
  getPrompt(name: string): Prompt | undefined {
    return this.catalog.getPrompt(name);
  }

  /**
   * Subscribes to this declaration's changes: a list changed (an item added, removed, enabled or
   * disabled) or a resource was marked updated ({@link ToolDeclaration.resourceUpdated}). The
   * server publishes them on its notification bus; returns the function that unsubscribes.
   */
  onChange(listener: CatalogChangeListener): () => void {
    if (typeof listener !== 'function') throw new TypeError(`onChange: expected a function, got ${describe(listener)}`);
    const entry: CatalogChangeListener = (change) => listener(change);
    this.changeListeners.add(entry);
    return () => {
      this.changeListeners.delete(entry);
    };
  }

  /**
   * Marks the resource at `uri` updated: its subscribers are sent
   * `notifications/resources/updated` (on every instance sharing the server's notification bus).
   * @example decl.resourceUpdated('file:///notes/today.md');
   */
  resourceUpdated(uri: string): void {
    if (typeof uri !== 'string' || uri === '') throw new TypeError(`resourceUpdated: expected a URI string, got ${describe(uri)}`);
    this.emitChange({ type: 'resourceUpdated', uri });
  }

  /** Delivers `change` to every {@link ToolDeclaration.onChange} listener; one that throws does not stop the others. */
  protected emitChange(change: CatalogChange): void {
    for (const listener of [...this.changeListeners]) {
      try {
        listener(change);
      } catch (error) {
        console.error('toolwire: a catalog change listener threw:', error);
      }
    }
  }

  /** The requested version when this declaration supports it, otherwise the latest. */
  preferredVersion(requested?: string | null): string {
    return requested && this.versions.includes(requested) ? requested : this.versions[0];
  }

  /** Whether this declaration accepts `version`. */
  isSupportedVersion(version: unknown): boolean {
    return typeof version === 'string' && this.profiles.has(version);
  }

  /** @internal The profile of legacy `version` when this declaration accepts it, else `undefined`. */
  profileOf(version: string): ProtocolProfile | undefined {
    return this.profiles.get(version);
  }

  /** The modern (2026-07-28 era) protocol versions this declaration serves, newest first. */
  get modernVersions(): readonly string[] {
    return MODERN_PROTOCOL_VERSIONS;
  }

  /** @internal The profile of modern `version` when it is served, else `undefined`. */
  modernProfileOf(version: string): ProtocolProfile | undefined {
    return this.modernProfiles.get(version);
  }

  /** The `server/discover` result for a modern version (computed once; treat it as read-only). */
  toDiscoverResult(version = MODERN_PROTOCOL_VERSIONS[0]): DiscoverResult {
    return this.discoverPayload(version).object;
  }

  /** @internal The JSON text of {@link toDiscoverResult}. */
  discoverJson(version: string): string {
    return this.discoverPayload(version).json;
  }

  /**
   * @internal What the modern era appends to every result object (`tools/call` included):
   * `,"resultType":"complete","_meta":{serverInfo}` — JSON text to put before its closing brace.
   */
  metaTail(version: string): string {
    return this.resultTail(version).slice(',"resultType":"complete"'.length);
  }

  /** @internal {@link metaTail} with `,"resultType":"complete"` before it. */
  resultTail(version: string): string {
    const profile = this.anyProfile(version);
    return this.catalog.cache.get('tail', profile, 0, () => `,"resultType":"complete","_meta":${JSON.stringify(this.serverMeta(profile))}`).json;
  }

  /**
   * The `tools/list` result for `protocolVersion` — its first page, or the page `cursor` names
   * (computed once; treat it as read-only).
   * @throws RangeError for an unknown or stale cursor.
   */
  toToolsList(protocolVersion?: string, cursor?: string): ToolsListResult {
    const version = protocolVersion !== undefined && this.modernProfiles.has(protocolVersion) ? protocolVersion : this.preferredVersion(protocolVersion);
    const page = this.toolsListPage(version, cursor);
    if (page === undefined) throw new RangeError(`toToolsList: unknown or stale cursor ${JSON.stringify(cursor)}`);
    return page.object;
  }

  /** The `initialize` result for the version negotiated from `protocolVersion` (computed once; treat it as read-only). */
  toInitializeResult(protocolVersion?: string | null): InitializeResult {
    return this.initializePayload(this.preferredVersion(protocolVersion)).object;
  }

  /**
   * @internal One `tools/list` page for a supported version: its JSON text and, when it is
   * large, its UTF-8 bytes encoded once (writing it is then a copy, not an encode);
   * `undefined` for an unknown or stale cursor.
   */
  toolsListPage(version: string, cursor?: string): { object: ToolsListResult; json: string; bytes?: Uint8Array } | undefined {
    const start = this.catalog.pageStart('tools', cursor);
    return start === undefined ? undefined : this.catalog.page<ToolsListResult>('tools', this.anyProfile(version), start, (profile) => this.listTail(profile));
  }

  /** @internal One `resources/list` page (as {@link toolsListPage}); `undefined` for an unknown or stale cursor. */
  resourcesListPage(version: string, cursor?: string): { object: ResourcesListResult; json: string; bytes?: Uint8Array } | undefined {
    const start = this.catalog.pageStart('resources', cursor);
    return start === undefined ? undefined : this.catalog.page<ResourcesListResult>('resources', this.anyProfile(version), start, (profile) => this.listTail(profile));
  }

  /** @internal One `prompts/list` page (as {@link toolsListPage}); `undefined` for an unknown or stale cursor. */
  promptsListPage(version: string, cursor?: string): { object: PromptsListResult; json: string; bytes?: Uint8Array } | undefined {
    const start = this.catalog.pageStart('prompts', cursor);
    return start === undefined ? undefined : this.catalog.page<PromptsListResult>('prompts', this.anyProfile(version), start, (profile) => this.listTail(profile));
  }

  /** @internal One `resources/templates/list` page; `undefined` for an unknown or stale cursor. */
  resourceTemplatesListPage(version: string, cursor?: string): { object: ResourceTemplatesListResult; json: string; bytes?: Uint8Array } | undefined {
    const start = this.catalog.pageStart('resourceTemplates', cursor);
    return start === undefined ? undefined : this.catalog.page<ResourceTemplatesListResult>('resourceTemplates', this.anyProfile(version), start, (profile) => this.listTail(profile));
  }

  /**
   * @internal What a `resources/read` result ends with on `version`: nothing on legacy versions;
   * on 2026-07-28 the cache hints, `resultType` and the serverInfo `_meta` (JSON text starting with a comma).
   */
  readTail(version: string): string {
    const profile = this.anyProfile(version);
    if (!profile.resultFields) return '';
    return this.catalog.cache.get('tail', profile, 1, () => `,${JSON.stringify(this.listTail(profile)).slice(1, -1)}`).json;
  }

  /** @internal The JSON text of {@link toInitializeResult} for a supported version, with what the transport delivers of live lists. */
  initializeJson(version: string, live: LiveCapabilities = NOT_LIVE): string {
    return this.initializePayload(version, live).json;
  }

  private initializePayload(version: string, live: LiveCapabilities = NOT_LIVE): { object: InitializeResult; json: string } {
    const profile = this.profiles.get(version) ?? profileFor(version);
    return this.catalog.cache.get('initializeResult', profile, (live.listChanged ? 1 : 0) + (live.subscribe ? 2 : 0), () => {
      const result: InitializeResult = { protocolVersion: version, capabilities: this.capabilities(false, profile.experimentalTasks, live), serverInfo: this.identity.serverInfo(profile) };
      if (this.identity.instructions) result.instructions = this.identity.instructions;
      return result;
    });
  }

  private discoverPayload(version: string): { object: DiscoverResult; json: string } {
    const profile = this.anyProfile(version);
    return this.catalog.cache.get('discover', profile, 0, () => ({
      supportedVersions: [...MODERN_PROTOCOL_VERSIONS],
      capabilities: this.capabilities(true, false, LIVE),
      ...(this.identity.instructions ? { instructions: this.identity.instructions } : {}),
      ttlMs: this.ttlMs,
      cacheScope: this.cacheScope,
      resultType: 'complete' as const,
      _meta: this.serverMeta(profile),
    }));
  }

  /**
   * The capabilities of `initialize` and `server/discover`: what the catalog serves, and logging
   * when enabled; when a tool supports tasks, `server/discover` (`modern`) names the tasks
   * extension and a 2025-11-25 `initialize` (`experimentalTasks`) declares `tasks`.
   */
  private capabilities(modern = false, experimentalTasks = false, live: LiveCapabilities = NOT_LIVE): ServerCapabilities {
    const listed = live.listChanged ? { listChanged: true } : {};
    const capabilities: ServerCapabilities = { tools: { ...listed } };
    if (this.catalog.hasResources) capabilities.resources = live.subscribe ? { subscribe: true, ...listed } : { ...listed };
    if (this.catalog.hasPrompts) capabilities.prompts = { ...listed };
    if (this.catalog.hasCompletions) capabilities.completions = {};
    if (this.logLevel) capabilities.logging = {};
    if (this.catalog.hasApps) capabilities.extensions = { ...capabilities.extensions, [UI_EXTENSION_ID]: { mimeTypes: [UI_MIME_TYPE] } };
    const tasks = (modern || experimentalTasks) && this.catalog.tools.some((tool) => tool.taskSupport !== 'forbidden');
    if (tasks && modern) capabilities.extensions = { ...capabilities.extensions, 'io.modelcontextprotocol/tasks': {} };
    if (tasks && experimentalTasks) capabilities.tasks = { list: {}, cancel: {}, requests: { tools: { call: {} } } };
    return capabilities;
  }

  /** The members a list result ends with on versions that have the 2026 result fields. */
  private listTail(profile: ProtocolProfile): object | undefined {
    if (!profile.resultFields) return undefined;
    return { ttlMs: this.ttlMs, cacheScope: this.cacheScope, resultType: 'complete', _meta: this.serverMeta(profile) };
  }

  private serverMeta(profile: ProtocolProfile): DiscoverResult['_meta'] {
    return { [META.serverInfo]: this.identity.serverInfo(profile) };
  }

  /** The profile of any version a payload may be asked for (accepted legacy, modern, or a known one). */
  private anyProfile(version: string): ProtocolProfile {
    return this.profiles.get(version) ?? this.modernProfiles.get(version) ?? profileFor(version);
  }
}

/** The default level of the `logging` option, `undefined` when logging is off. */
function loggingOption(option: unknown): LoggingLevel | undefined {
  if (option === undefined || option === false) return undefined;
  if (option === true) return DEFAULT_LOGGING_LEVEL;
  if (typeof option !== 'object' || option === null || Array.isArray(option)) {
    throw new TypeError(`ToolDeclaration: expected option logging to be a boolean or { defaultLevel }, got ${describe(option)}`);
  }
  for (const key of Object.keys(option)) if (key !== 'defaultLevel') throw new TypeError(`ToolDeclaration: unknown logging option "${key}" (known: defaultLevel)`);
  const level = (option as LoggingOptions).defaultLevel ?? DEFAULT_LOGGING_LEVEL;
  if (!isLoggingLevel(level)) throw new RangeError(`ToolDeclaration: expected logging.defaultLevel to be one of ${LOGGING_LEVELS.join(', ')}, got ${JSON.stringify(level)}`);
  return level;
}

brand(ToolDeclaration, 'ToolDeclaration');
