/**
 * profile: one frozen profile per MCP protocol version, holding everything that differs between
 * versions. Every other module asks a profile ("does this version have batches? titles?") and
 * none compares version strings; this file is the only place that knows which revision brought
 * what.
 */
import { ErrorCodes } from '../faults/ErrorCodes';

/** Which protocol generation a version belongs to. */
export type Era = 'legacy' | 'modern';

/** What one protocol version has. Profiles are frozen and shared; compare them by identity. */
export interface ProtocolProfile {
  /** The version string, `YYYY-MM-DD`. */
  readonly version: string;
  /** `legacy` (negotiated by `initialize`) or `modern` (named in every request's `_meta`, 2026-07-28). */
  readonly era: Era;
  /** JSON-RPC batches are accepted (2025-03-26 and earlier). */
  readonly batches: boolean;
  /** Argument validation failures are tool execution errors, `isError: true` (2025-11-25 on); before, JSON-RPC -32602. */
  readonly validationIsToolError: boolean;
  /** `title` on tools and serverInfo (2025-06-18 on). */
  readonly titles: boolean;
  /** `resource_link` content blocks and `_meta` on content and resources (2025-06-18 on). */
  readonly resourceLinks: boolean;
  /** `audio` content blocks (2025-03-26 on); older versions get a text block naming the audio. */
  readonly audio: boolean;
  /** Tool `annotations` (readOnlyHint, …) (2025-03-26 on). */
  readonly annotations: boolean;
  /** `icons` on tools and serverInfo, `websiteUrl` on serverInfo (2025-11-25 on). */
  readonly icons: boolean;
  /** `outputSchema` and `structuredContent` (2025-06-18 on). */
  readonly structuredOutput: boolean;
  /** Tool `_meta` (2025-06-18 on). */
  readonly toolMeta: boolean;
  /** The 2026 result fields: `resultType`, serverInfo in `_meta`, cache hints (2026-07-28 on). */
  readonly resultFields: boolean;
  /** An output schema may have any root (2026-07-28 on); before, a non-object root is wrapped as `{ "result": … }`. */
  readonly anyOutputRoot: boolean;
  /** The `Mcp-Method`/`Mcp-Name`/`Mcp-Param-*` HTTP headers and `x-mcp-header` in input schemas (2026-07-28 on). */
  readonly mcpHeaders: boolean;
  /** The code of a `resources/read` for a URI the server does not serve: -32002 (legacy); 2026-07-28 forbids it, so -32602. */
  readonly resourceNotFound: typeof ErrorCodes.ResourceNotFound | typeof ErrorCodes.InvalidParams;
  /**
   * The experimental tasks of 2025-11-25: `capabilities.tasks`, `execution.taskSupport` on tools,
   * `params.task` on tools/call, `tasks/get|result|list|cancel`. 2026-07-28 replaced them with the
   * `io.modelcontextprotocol/tasks` extension; earlier versions have no tasks.
   */
  readonly experimentalTasks: boolean;
}

/** The known revisions, oldest first; each entry lists only what it changed. */
const REVISIONS: readonly [string, Partial<ProtocolProfile>][] = [
  ['2024-11-05', { era: 'legacy', batches: true, validationIsToolError: false, titles: false, resourceLinks: false, audio: false, annotations: false, icons: false, structuredOutput: false, toolMeta: false, resultFields: false, anyOutputRoot: false, mcpHeaders: false, resourceNotFound: ErrorCodes.ResourceNotFound, experimentalTasks: false }],
  ['2025-03-26', { audio: true, annotations: true }],
  ['2025-06-18', { batches: false, titles: true, resourceLinks: true, structuredOutput: true, toolMeta: true }],
  ['2025-11-25', { validationIsToolError: true, icons: true, experimentalTasks: true }],
  ['2026-07-28', { era: 'modern', batches: false, resultFields: true, anyOutputRoot: true, mcpHeaders: true, resourceNotFound: ErrorCodes.InvalidParams, experimentalTasks: false }],
];

const PROFILES: ReadonlyMap<string, ProtocolProfile> = (() => {
  const map = new Map<string, ProtocolProfile>();
  let previous = {} as ProtocolProfile;
  for (const [version, changes] of REVISIONS) {
    previous = Object.freeze({ ...previous, ...changes, version });
    map.set(version, previous);
  }
  return map;
})();

/** The newest legacy version: what `initialize` answers when the requested one is not supported. */
export const LATEST_PROTOCOL_VERSION = '2025-11-25';

/** The newest modern version. */
export const LATEST_MODERN_VERSION = '2026-07-28';

/** The legacy protocol versions supported by default, newest first. */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = Object.freeze(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']);

/** The modern protocol versions supported by default, newest first (what `server/discover` lists). */
export const MODERN_PROTOCOL_VERSIONS: readonly string[] = Object.freeze(['2026-07-28']);

/**
 * The version assumed for a request that names none: over HTTP a missing `MCP-Protocol-Version`
 * header, over stdio a connection that has not completed `initialize`.
 */
export const DEFAULT_NEGOTIATED_VERSION = '2025-03-26';

/** A protocol version string looks like `YYYY-MM-DD`. */
export function isVersionString(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
}

/** Whether a version string names the modern era (2026-07-28 or later, compared as strings as the spec does). */
export function isModernVersion(version: string): boolean {
  return version >= LATEST_MODERN_VERSION;
}

const derived = new Map<string, ProtocolProfile>();

/**
 * The profile of `version`. A known revision has its own; a later date that a declaration adds
 * (`protocolVersions` option) behaves as the newest known revision of its era before it.
 * @throws RangeError for a string that is not a version, or one older than every known revision.
 */
export function profileFor(version: string): ProtocolProfile {
  const known = PROFILES.get(version) ?? derived.get(version);
  if (known) return known;
  if (!isVersionString(version)) throw new RangeError(`expected a protocol version like "2025-11-25", got ${JSON.stringify(version)}`);
  let base: ProtocolProfile | undefined;
  for (const [v, p] of PROFILES) if (v <= version && p.era === (isModernVersion(version) ? 'modern' : 'legacy')) base = p;
  if (!base) throw new RangeError(`protocol version ${version} is older than every revision toolwire knows (2024-11-05)`);
  const profile = Object.freeze({ ...base, version });
  derived.set(version, profile);
  return profile;
}
