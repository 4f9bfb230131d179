/**
 * ToolDeclarationOptions: the options of a {@link ToolDeclaration} and their one-time check —
 * unknown names and mistyped values throw at construction ("expected X, got Y"), and what is left
 * is resolved once into the settings the catalog, the payloads and the version policy are built with.
 */
import type { Icon } from './metadata';
import type { SchemaDialect } from '../schema/Type';
import { describe } from '../schema/Property';
import { VersionPolicy } from './VersionPolicy';
import type { PayloadSettings } from './ServerPayloads';
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

const OPTION_NAMES = ['title', 'instructions', 'icons', 'websiteUrl', 'pageSize', 'ttlMs', 'cacheScope', 'protocolVersions', 'logging', 'schemaDialect'];

/** The options, checked and resolved. */
export interface ResolvedOptions extends PayloadSettings {
  readonly versions: VersionPolicy;
  readonly pageSize?: number;
  readonly dialect: SchemaDialect;
}

/** Checks `options` (an object) in a fixed order and resolves them; throws TypeError/RangeError for the first mistake. */
export function resolveOptions(options: ToolDeclarationOptions): ResolvedOptions {
  for (const key of Object.keys(options)) {
    if (!OPTION_NAMES.includes(key)) throw new TypeError(`ToolDeclaration: unknown option "${key}" (known: ${OPTION_NAMES.join(', ')})`);
  }
  const versions = new VersionPolicy(options.protocolVersions);
  const { pageSize, ttlMs, cacheScope, schemaDialect } = options;
  if (pageSize !== undefined && (!Number.isSafeInteger(pageSize) || pageSize < 1)) throw new RangeError(`ToolDeclaration: expected pageSize to be a positive integer, got ${String(pageSize)}`);
  if (ttlMs !== undefined && (!Number.isSafeInteger(ttlMs) || ttlMs < 0)) throw new RangeError(`ToolDeclaration: expected ttlMs to be an integer >= 0, got ${String(ttlMs)}`);
  if (cacheScope !== undefined && cacheScope !== 'public' && cacheScope !== 'private') throw new TypeError(`ToolDeclaration: expected cacheScope "public" or "private", got ${JSON.stringify(cacheScope)}`);
  const logLevel = loggingOption(options.logging);
  if (schemaDialect !== undefined && schemaDialect !== 'default' && schemaDialect !== 'portable') {
    throw new TypeError(`ToolDeclaration: expected schemaDialect "default" or "portable", got ${JSON.stringify(schemaDialect)}`);
  }
  return { versions, pageSize, ttlMs: ttlMs ?? 0, cacheScope: cacheScope ?? 'private', logLevel, dialect: schemaDialect ?? 'default' };
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
