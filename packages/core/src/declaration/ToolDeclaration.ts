/**
 * ToolDeclaration: the server-facing catalog — the server name and version `initialize`
 * returns and the tools `tools/list` returns. Both payloads are computed once and reused until
 * something they are built from changes.
 */
import { Tool } from './Tool';
import { describe } from '../schema/Property';
import { schemaRevision, touchSchema } from '../schema/revision';
import { brand } from '../brand';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS, isModernVersion, isVersionString, profileFor } from '../protocol/profile';
import type { ProtocolProfile } from '../protocol/profile';

/** Options of a {@link ToolDeclaration}. */
export interface ToolDeclarationOptions {
  /** A human-readable server title, sent as `serverInfo.title` to clients that know the field (2025-06-18 and later). */
  title?: string;
  /** Instructions for the client's model, sent as `result.instructions` of `initialize`. */
  instructions?: string;
  /** Further protocol versions to accept (`YYYY-MM-DD`); they are added to the supported set. */
  protocolVersions?: readonly string[];
}

/** The `tools/list` result. */
export interface ToolsListResult {
  tools: { name: string; description: string; inputSchema: Record<string, unknown> }[];
}

/** The `initialize` result. */
export interface InitializeResult {
  protocolVersion: string;
  capabilities: { tools: Record<string, never> };
  serverInfo: { name: string; version: string; title?: string };
  instructions?: string;
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
  private readonly title?: string;
  private readonly instructions?: string;
  private cache = { revision: -1, json: new Map<string, string>(), objects: new Map<string, unknown>(), bytes: new Map<string, Uint8Array>() };

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
    const extra = options.protocolVersions ?? [];
    for (const v of extra) {
      if (!isVersionString(v)) throw new TypeError(`ToolDeclaration: expected protocol versions as YYYY-MM-DD, got ${JSON.stringify(v)}`);
      if (isModernVersion(v)) throw new RangeError(`ToolDeclaration: protocolVersions adds legacy versions; ${v} is a modern (2026-07-28 era) version`);
      profileFor(v); // throws for a version older than every known revision
    }
    this.versions = Object.freeze([...new Set([...SUPPORTED_PROTOCOL_VERSIONS, ...extra])].sort().reverse());
    this.profiles = new Map(this.versions.map((v) => [v, profileFor(v)]));
    this.title = options.title;
    this.instructions = options.instructions;
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
  addTool(name: string, description = ''): Tool {
    if (typeof name !== 'string') throw new TypeError(`addTool: expected a string tool name, got ${describe(name)}`);
    if (!TOOL_NAME.test(name)) {
      throw new RangeError(`addTool: expected a tool name of 1-64 characters A-Z a-z 0-9 _ - . /, got ${JSON.stringify(name)}`);
    }
    if (this.byName.has(name)) throw new RangeError(`addTool: duplicate tool name "${name}"`);
    if (typeof description !== 'string') throw new TypeError(`addTool "${name}": expected a string description, got ${describe(description)}`);
    const tool = new Tool(name, description);
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

  /** @internal The profile of `version` when this declaration accepts it, else `undefined`. */
  profileOf(version: string): ProtocolProfile | undefined {
    return this.profiles.get(version);
  }

  /** The `tools/list` result (computed once; treat it as read-only). */
  toToolsList(protocolVersion?: string): ToolsListResult {
    return this.payload('tools', this.preferredVersion(protocolVersion)) as ToolsListResult;
  }

  /** The `initialize` result for the version negotiated from `protocolVersion` (computed once; treat it as read-only). */
  toInitializeResult(protocolVersion?: string | null): InitializeResult {
    return this.payload('init', this.preferredVersion(protocolVersion)) as InitializeResult;
  }

  /** @internal The JSON text of {@link toToolsList} for a supported version. */
  toolsListJson(version: string): string {
    return this.payloadJson('tools', version);
  }

  /**
   * @internal The UTF-8 bytes of {@link toToolsList}'s JSON for a supported version, encoded once;
   * `undefined` while the payload is small enough that encoding it per response costs nothing.
   */
  toolsListBytes(version: string): Uint8Array | undefined {
    const json = this.payloadJson('tools', version);
    if (json.length < LARGE_PAYLOAD) return undefined;
    const key = cacheKey('tools', version);
    let bytes = this.cache.bytes.get(key);
    if (!bytes) this.cache.bytes.set(key, (bytes = new TextEncoder().encode(json)));
    return bytes;
  }

  /** @internal The JSON text of {@link toInitializeResult} for a supported version. */
  initializeJson(version: string): string {
    return this.payloadJson('init', version);
  }

  private payload(kind: 'tools' | 'init', version: string): unknown {
    this.payloadJson(kind, version);
    return this.cache.objects.get(cacheKey(kind, version));
  }

  private payloadJson(kind: 'tools' | 'init', version: string): string {
    const revision = schemaRevision();
    if (this.cache.revision !== revision) this.cache = { revision, json: new Map(), objects: new Map(), bytes: new Map() };
    const key = cacheKey(kind, version);
    let json = this.cache.json.get(key);
    if (json === undefined) {
      const object = deepFreeze(kind === 'tools' ? this.buildToolsList() : this.buildInitialize(version));
      json = JSON.stringify(object);
      this.cache.json.set(key, json);
      this.cache.objects.set(key, object);
    }
    return json;
  }

  private buildToolsList(): ToolsListResult {
    return {
      tools: this._tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.toInputSchema() })),
    };
  }

  private buildInitialize(version: string): InitializeResult {
    const serverInfo: InitializeResult['serverInfo'] = { name: this.name, version: this.version };
    if (this.title && this.profiles.get(version)?.titles) serverInfo.title = this.title;
    const result: InitializeResult = { protocolVersion: version, capabilities: { tools: {} }, serverInfo };
    if (this.instructions) result.instructions = this.instructions;
    return result;
  }
}

/** The cache slot of a payload: initialize differs per version; the tools list is the same for every version today. */
function cacheKey(kind: 'tools' | 'init', version: string): string {
  return kind === 'tools' ? kind : kind + version;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

brand(ToolDeclaration, 'ToolDeclaration');
