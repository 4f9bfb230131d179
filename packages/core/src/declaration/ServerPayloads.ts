/**
 * ServerPayloads: builds the payloads a declaration serves from its identity, its catalog and its
 * version policy — `initialize`, `server/discover`, the capabilities they declare, each list's
 * pages and the 2026-07-28 result fields — once per (kind, profile, page). The list pages live in
 * each collection's own cache; `initialize` and `server/discover` are rebuilt after a change to
 * any collection (capabilities follow the catalog); the result fields name only the server and
 * are built once.
 */
import { PayloadCache } from './PayloadCache';
import type { CachedPayload } from './PayloadCache';
import type { Catalog, ListKind } from './Catalog';
import type { ServerIdentity } from './ServerIdentity';
import type { VersionPolicy } from './VersionPolicy';
import type { DiscoverResult, InitializeResult, LiveCapabilities, ServerCapabilities } from './results';
import { UI_EXTENSION_ID, UI_MIME_TYPE } from '../protocol/apps';
import { META } from '../protocol/meta';
import { MODERN_PROTOCOL_VERSIONS } from '../protocol/profile';
import type { ProtocolProfile } from '../protocol/profile';
import type { LoggingLevel } from '../protocol/logLevels';


const NOT_LIVE: LiveCapabilities = Object.freeze({ listChanged: false, subscribe: false });
const LIVE: LiveCapabilities = Object.freeze({ listChanged: true, subscribe: true });

/** What the payloads say beyond identity and catalog. */
export interface PayloadSettings {
  /** 2026-07-28 `ttlMs` of list and discover results. */
  readonly ttlMs: number;
  /** 2026-07-28 `cacheScope` of list and discover results. */
  readonly cacheScope: 'public' | 'private';
  /** The default log level when logging is enabled (then `logging` is declared). */
  readonly logLevel?: LoggingLevel;
}

/** The payload builders of one declaration. */
export class ServerPayloads {
  /** `initialize` and `server/discover`: valid while no collection changed. */
  private readonly catalogCache: PayloadCache;
  /** The result fields: they name only the server, which never changes. */
  private readonly identityCache = new PayloadCache(() => 0);
  /** {@link cacheHintMembers}, built on first use. */
  private hints: string | undefined;

  constructor(
    private readonly identity: ServerIdentity,
    private readonly catalog: Catalog,
    private readonly versions: VersionPolicy,
    private readonly settings: PayloadSettings,
  ) {
    this.catalogCache = new PayloadCache(() => catalog.revision);
  }

  /** The `initialize` result for accepted legacy `version`, with what the transport delivers of live lists. */
  initialize(version: string, live: LiveCapabilities = NOT_LIVE): CachedPayload<InitializeResult> {
    const profile = this.versions.anyProfile(version);
    return this.catalogCache.get('initializeResult', profile, (live.listChanged ? 1 : 0) + (live.subscribe ? 2 : 0), () => {
      const result: InitializeResult = { protocolVersion: version, capabilities: this.capabilities(false, profile.experimentalTasks, live), serverInfo: this.identity.serverInfo(profile) };
      if (this.identity.instructions) result.instructions = this.identity.instructions;
      return result;
    });
  }

  /** The `server/discover` result for modern `version`. */
  discover(version: string): CachedPayload<DiscoverResult> {
    const profile = this.versions.anyProfile(version);
    return this.catalogCache.get('discover', profile, 0, () => ({
      supportedVersions: [...MODERN_PROTOCOL_VERSIONS],
      capabilities: this.capabilities(true, false, LIVE),
      ...(this.identity.instructions ? { instructions: this.identity.instructions } : {}),
      ttlMs: this.settings.ttlMs,
      cacheScope: this.settings.cacheScope,
      resultType: 'complete' as const,
      _meta: this.serverMeta(profile),
    }));
  }

  /**
   * One page of list `kind` for `version` — the first, or the one `cursor` names — with its JSON
   * text and, when large, its UTF-8 bytes; `undefined` for an unknown or stale cursor.
   */
  listPage<R extends object>(kind: ListKind, version: string, cursor?: string): CachedPayload<R> | undefined {
    const list = this.catalog.list(kind);
    const start = list.pageStart(cursor);
    return start === undefined ? undefined : list.page<R>(this.versions.anyProfile(version), start, (profile) => this.listTail(profile));
  }

  /**
   * The serverInfo member of the modern `_meta` (`"io.modelcontextprotocol/serverInfo":{…}`, JSON
   * text without braces), from which the 2026-07-28 era's writer (`dispatch/eras.ts`) writes every
   * result's `_meta`.
   */
  serverMetaMembers(version: string): string {
    const profile = this.versions.anyProfile(version);
    return this.identityCache.get('serverMetaMembers', profile, 0, () => `${JSON.stringify(META.serverInfo)}:${JSON.stringify(this.identity.serverInfo(profile))}`).json;
  }

  /** The cache hints of a result a client may cache (`"ttlMs":…,"cacheScope":…`, JSON text without braces), as the list results carry them. */
  cacheHintMembers(): string {
    return (this.hints ??= `"ttlMs":${JSON.stringify(this.settings.ttlMs)},"cacheScope":${JSON.stringify(this.settings.cacheScope)}`);
  }

  /** The `_meta` object of the server card and `server/discover`: the serverInfo of `version`'s profile. */
  serverMetaOf(version: string): DiscoverResult['_meta'] {
    return this.serverMeta(this.versions.anyProfile(version));
  }

  /**
   * The capabilities of `initialize` and `server/discover`: what the catalog serves, and logging
   * when enabled; when a tool supports tasks, `server/discover` (`modern`) names the tasks
   * extension and a 2025-11-25 `initialize` (`experimentalTasks`) declares `tasks`.
   */
  private capabilities(modern = false, experimentalTasks = false, live: LiveCapabilities = NOT_LIVE): ServerCapabilities {
    const listed = live.listChanged ? { listChanged: true } : {};
    const capabilities: ServerCapabilities = { tools: { ...listed } };
    for (const key of this.catalog.capabilities) capabilities[key] = key === 'resources' && live.subscribe ? { subscribe: true, ...listed } : { ...listed };
    if (this.catalog.hasCompletions) capabilities.completions = {};
    if (this.settings.logLevel) capabilities.logging = {};
    if (this.catalog.hasApps) capabilities.extensions = { ...capabilities.extensions, [UI_EXTENSION_ID]: { mimeTypes: [UI_MIME_TYPE] } };
    const tasks = (modern || experimentalTasks) && this.catalog.tools.some((tool) => tool.taskSupport !== 'forbidden');
    if (tasks && modern) capabilities.extensions = { ...capabilities.extensions, 'io.modelcontextprotocol/tasks': {} };
    if (tasks && experimentalTasks) capabilities.tasks = { list: {}, cancel: {}, requests: { tools: { call: {} } } };
    return capabilities;
  }

  /** The members a list result ends with on versions that have the 2026 result fields. */
  private listTail(profile: ProtocolProfile): object | undefined {
    if (!profile.resultFields) return undefined;
    return { ttlMs: this.settings.ttlMs, cacheScope: this.settings.cacheScope, resultType: 'complete', _meta: this.serverMeta(profile) };
  }

  private serverMeta(profile: ProtocolProfile): DiscoverResult['_meta'] {
    return { [META.serverInfo]: this.identity.serverInfo(profile) };
  }
}
