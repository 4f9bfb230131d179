/**
 * ToolDeclaration: the server-facing catalog — the server name and version `initialize`
 * returns and the tools `tools/list` returns (in pages when `pageSize` is set). Each payload is
 * computed once per protocol version (and page) and reused until something it is built from
 * changes.
 */
import { Tool } from './Tool';
import type { ToolListEntry } from './Tool';
import { checkIcons, checkText } from './metadata';
import type { Icon } from './metadata';
import { decodeCursor, encodeCursor, fingerprint } from './cursor';
import { describe } from '../schema/Property';
import type { SchemaDialect } from '../schema/Type';
import { schemaRevision, touchSchema } from '../schema/revision';
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

/** The `initialize` result. */
export interface InitializeResult {
  protocolVersion: string;
  capabilities: { tools: Record<string, never>; logging?: Record<string, never> };
  serverInfo: { name: string; version: string; title?: string; icons?: Icon[]; websiteUrl?: string };
  instructions?: string;
}

const OPTION_NAMES = ['title', 'instructions', 'icons', 'websiteUrl', 'pageSize', 'ttlMs', 'cacheScope', 'protocolVersions', 'logging', 'schemaDialect'];

/** The `server/discover` result (2026-07-28). */
export interface DiscoverResult {
  supportedVersions: string[];
  capabilities: { tools: Record<string, never>; logging?: Record<string, never> };
  instructions?: string;
  ttlMs: number;
  cacheScope: 'public' | 'private';
  resultType: 'complete';
  _meta: { [META.serverInfo]: InitializeResult['serverInfo'] };
}

const TOOL_NAME = /^[A-Za-z0-9_.\-/]{1,64}$/;

/** From this many characters on, a tools/list payload is also kept encoded (writing it is then a copy, not an encode). */
const LARGE_PAYLOAD = 16 * 1024;

/**
 * The catalog of tools a server publishes.
 * @example
 * const decl = new ToolDeclaration('demo-server', '1.0.0');
 * decl.addTool('add', 'Add two integers')
 *     .addParam('a', integerType(), 'First operand')
 *     .addParam('b', integerType(), 'Second operand');
 */
export class ToolDeclaration {
  private readonly _tools: Tool[] = [];
  private readonly byName = new Map<string, Tool>();
  private readonly versions: readonly string[];
  /** The profile of each accepted version, looked up once per request. */
  private readonly profiles: ReadonlyMap<string, ProtocolProfile>;
  /** The profile of each modern version served (2026-07-28 era). */
  private readonly modernProfiles: ReadonlyMap<string, ProtocolProfile> = new Map(MODERN_PROTOCOL_VERSIONS.map((v) => [v, profileFor(v)]));
  private readonly ttlMs: number = 0;
  private readonly cacheScope: 'public' | 'private' = 'private';
  private readonly title?: string;
  private readonly instructions?: string;
  private readonly icons?: readonly Icon[];
  private readonly websiteUrl?: string;
  private readonly pageSize?: number;
  private readonly logLevel?: LoggingLevel;
  private readonly dialect: SchemaDialect = 'default';
  private cache = newCache(-1);

  /**
   * @param name - the server name `initialize` returns.
   * @param version - the server version `initialize` returns.
   */
  constructor(
    readonly name: string,
    readonly version: string,
    options: ToolDeclarationOptions = {},
  ) {
    if (typeof name !== 'string' || !name) throw new TypeError(`ToolDeclaration: expected a non-empty server name, got ${describe(name)}`);
    if (typeof version !== 'string' || !version) throw new TypeError(`ToolDeclaration: expected a non-empty server version, got ${describe(version)}`);
    if (typeof options !== 'object' || options === null) throw new TypeError(`ToolDeclaration: expected an options object, got ${describe(options)}`);
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
    if (options.title !== undefined) this.title = checkText('ToolDeclaration option title', options.title);
    if (options.instructions !== undefined) this.instructions = checkText('ToolDeclaration option instructions', options.instructions);
    if (options.icons !== undefined) this.icons = checkIcons('ToolDeclaration option icons', options.icons);
    if (options.websiteUrl !== undefined) this.websiteUrl = checkText('ToolDeclaration option websiteUrl', options.websiteUrl);
    if (options.pageSize !== undefined) {
      if (!Number.isSafeInteger(options.pageSize) || options.pageSize < 1) {
        throw new RangeError(`ToolDeclaration: expected pageSize to be a positive integer, got ${String(options.pageSize)}`);
      }
      this.pageSize = options.pageSize;
    }
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
    return this._tools;
  }

  /**
   * Creates a tool owned by this declaration and returns it for chaining. The name must be
   * 1–64 characters of `A-Z a-z 0-9 _ - . /` and unique; it must match a procedure registered
   * on the ServiceDefinition the transport uses.
   */
  addTool(name: string, description = ''): Tool<[]> {
    if (typeof name !== 'string') throw new TypeError(`addTool: expected a string tool name, got ${describe(name)}`);
    if (!TOOL_NAME.test(name)) {
      throw new RangeError(`addTool: expected a tool name of 1-64 characters A-Z a-z 0-9 _ - . /, got ${JSON.stringify(name)}`);
    }
    if (this.byName.has(name)) throw new RangeError(`addTool: duplicate tool name "${name}"`);
    if (typeof description !== 'string') throw new TypeError(`addTool "${name}": expected a string description, got ${describe(description)}`);
    const tool = new Tool<[]>(name, description, this.dialect);
    this._tools.push(tool);
    this.byName.set(name, tool);
    touchSchema();
    return tool;
  }

  /** The tool with this name, or `undefined`. */
  getTool(name: string): Tool | undefined {
    return this.byName.get(name);
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
    this.discoverJson(version);
    return (this.cache.discover.get(version) as CachedPayload<DiscoverResult>).object;
  }

  /** @internal The JSON text of {@link toDiscoverResult}. */
  discoverJson(version: string): string {
    const cache = this.fresh();
    let payload = cache.discover.get(version);
    if (!payload) {
      const profile = this.modernProfiles.get(version) ?? profileFor(version);
      const result: DiscoverResult = {
        supportedVersions: [...MODERN_PROTOCOL_VERSIONS],
        capabilities: this.logLevel ? { tools: {}, logging: {} } : { tools: {} },
        ...(this.instructions ? { instructions: this.instructions } : {}),
        ttlMs: this.ttlMs,
        cacheScope: this.cacheScope,
        resultType: 'complete',
        _meta: { [META.serverInfo]: this.serverInfo(profile) },
      };
      const object = deepFreeze(result);
      cache.discover.set(version, (payload = { object, json: JSON.stringify(object) }));
    }
    return payload.json;
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
    const cache = this.fresh();
    let tail = cache.tails.get(version);
    if (tail === undefined) {
      const profile = this.modernProfiles.get(version) ?? profileFor(version);
      tail = `,"resultType":"complete","_meta":${JSON.stringify({ [META.serverInfo]: this.serverInfo(profile) })}`;
      cache.tails.set(version, tail);
    }
    return tail;
  }

  /**
   * The `tools/list` result for `protocolVersion` — its first page, or the page `cursor` names
   * (computed once; treat it as read-only).
   * @throws RangeError for an unknown or stale cursor.
   */
  toToolsList(protocolVersion?: string, cursor?: string): ToolsListResult {
    const version = protocolVersion !== undefined && this.modernProfiles.has(protocolVersion) ? protocolVersion : this.preferredVersion(protocolVersion);
    const page = this.pageOf(cursor);
    if (page === undefined) throw new RangeError(`toToolsList: unknown or stale cursor ${JSON.stringify(cursor)}`);
    return this.toolsPage(version, page).object;
  }

  /** The `initialize` result for the version negotiated from `protocolVersion` (computed once; treat it as read-only). */
  toInitializeResult(protocolVersion?: string | null): InitializeResult {
    const version = this.preferredVersion(protocolVersion);
    this.initializeJson(version);
    return (this.cache.init.get(version) as CachedPayload<InitializeResult>).object;
  }

  /**
   * @internal One `tools/list` page for a supported version: its JSON text and, when it is
   * large, its UTF-8 bytes encoded once (writing it is then a copy, not an encode);
   * `undefined` for an unknown or stale cursor.
   */
  toolsListPage(version: string, cursor?: string): { json: string; bytes?: Uint8Array } | undefined {
    const page = this.pageOf(cursor);
    return page === undefined ? undefined : this.toolsPage(version, page);
  }

  /** @internal The JSON text of {@link toInitializeResult} for a supported version. */
  initializeJson(version: string): string {
    const cache = this.fresh();
    let payload = cache.init.get(version);
    if (!payload) {
      const object = deepFreeze(this.buildInitialize(version));
      cache.init.set(version, (payload = { object, json: JSON.stringify(object) }));
    }
    return payload.json;
  }

  /** The payload caches of the current schema revision (a new, empty set after any change). */
  private fresh(): Cache {
    const revision = schemaRevision();
    if (this.cache.revision !== revision) this.cache = newCache(revision);
    return this.cache;
  }

  /** The first tool index of the page `cursor` names (0 without one), or `undefined` for a cursor this list never issued. */
  private pageOf(cursor: string | undefined): number | undefined {
    if (cursor === undefined) return 0;
    const cache = this.fresh();
    if (!this.pageSize) return undefined;
    cache.fingerprint ??= fingerprint(this._tools.map((t) => t.name), this.pageSize);
    const start = decodeCursor(cursor, cache.fingerprint);
    return start !== undefined && start > 0 && start < this._tools.length && start % this.pageSize === 0 ? start : undefined;
  }

  private toolsPage(version: string, start: number): CachedPayload<ToolsListResult> {
    const cache = this.fresh();
    const key = pageKey(version, start);
    let page = cache.pages.get(key);
    if (!page) {
      const profile = this.profiles.get(version) ?? this.modernProfiles.get(version) ?? profileFor(version);
      const end = this.pageSize ? start + this.pageSize : this._tools.length;
      const result: ToolsListResult = { tools: this._tools.slice(start, end).map((t) => t.toListEntry(profile)) };
      if (end < this._tools.length) {
        cache.fingerprint ??= fingerprint(this._tools.map((t) => t.name), this.pageSize as number);
        result.nextCursor = encodeCursor(end, cache.fingerprint);
      }
      if (profile.resultFields) {
        Object.assign(result, { ttlMs: this.ttlMs, cacheScope: this.cacheScope, resultType: 'complete', _meta: { [META.serverInfo]: this.serverInfo(profile) } });
      }
      const json = JSON.stringify(deepFreeze(result));
      page = json.length < LARGE_PAYLOAD ? { object: result, json } : { object: result, json, bytes: new TextEncoder().encode(json) };
      cache.pages.set(key, page);
    }
    return page;
  }

  /** The server's `Implementation` with the fields `profile`'s version defines. */
  private serverInfo(profile: ProtocolProfile): InitializeResult['serverInfo'] {
    const serverInfo: InitializeResult['serverInfo'] = { name: this.name, version: this.version };
    if (this.title && profile.titles) serverInfo.title = this.title;
    if (this.icons && profile.icons) serverInfo.icons = this.icons.map((icon) => ({ ...icon }));
    if (this.websiteUrl && profile.icons) serverInfo.websiteUrl = this.websiteUrl;
    return serverInfo;
  }

  private buildInitialize(version: string): InitializeResult {
    const profile = this.profiles.get(version) ?? profileFor(version);
    const serverInfo = this.serverInfo(profile);
    const capabilities: InitializeResult['capabilities'] = this.logLevel ? { tools: {}, logging: {} } : { tools: {} };
    const result: InitializeResult = { protocolVersion: version, capabilities, serverInfo };
    if (this.instructions) result.instructions = this.instructions;
    return result;
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

/** A payload as a frozen object, its JSON text and, when large, that text's UTF-8 bytes. */
interface CachedPayload<T> {
  readonly object: T;
  readonly json: string;
  readonly bytes?: Uint8Array;
}

/** The payloads of one schema revision: initialize by version, tools/list pages by version and start. */
interface Cache {
  readonly revision: number;
  readonly init: Map<string, CachedPayload<InitializeResult>>;
  readonly pages: Map<string, CachedPayload<ToolsListResult>>;
  readonly discover: Map<string, CachedPayload<DiscoverResult>>;
  readonly tails: Map<string, string>;
  fingerprint?: string;
}

function newCache(revision: number): Cache {
  return { revision, init: new Map(), pages: new Map(), discover: new Map(), tails: new Map() };
}

function pageKey(version: string, start: number): string {
  return start === 0 ? version : `${version}@${start}`;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

brand(ToolDeclaration, 'ToolDeclaration');
