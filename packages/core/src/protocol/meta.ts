/**
 * meta: the per-request `_meta` of the modern era (2026-07-28). A request *claims* the modern
 * era when `params._meta` holds the protocol-version key, whatever its value; a claimed request
 * is always validated as modern, a request without a claim is legacy traffic.
 */
import { isObject } from '../guards';
import { LOGGING_LEVELS, isLoggingLevel } from './logLevels';
import type { LoggingLevel } from './logLevels';

/** The `_meta` keys the modern era reserves. */
export const META = Object.freeze({
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  /** 2026-07-28: on every frame of a `subscriptions/listen` stream, the listen request's id. */
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
});


/** What a valid modern `_meta` says about its request. */
export interface RequestMeta {
  readonly protocolVersion: string;
  readonly clientCapabilities: Readonly<Record<string, unknown>>;
  readonly logLevel?: LoggingLevel;
  readonly progressToken?: string | number;
}

/** The modern claim of `params` (the `_meta` protocol-version value), or `undefined` for legacy traffic. */
export function claimOf(params: unknown): { value: unknown } | undefined {
  if (!isObject(params)) return undefined;
  const meta = params._meta;
  if (!isObject(meta) || !Object.prototype.hasOwnProperty.call(meta, META.protocolVersion)) return undefined;
  return { value: meta[META.protocolVersion] };
}

/**
 * Reads a claimed request's `_meta`; a string is the problem (answered -32602). `clientInfo` is
 * for display only: a malformed one is ignored.
 */
export function readMeta(params: Record<string, unknown>): RequestMeta | string {
  const meta = params._meta as Record<string, unknown>;
  const version = meta[META.protocolVersion];
  if (typeof version !== 'string') return `_meta["${META.protocolVersion}"] must be a string`;
  const capabilities = meta[META.clientCapabilities];
  if (!isObject(capabilities)) {
    return `_meta["${META.clientCapabilities}"] is required (an object; {} when the client declares none)`;
  }
  const level = meta[META.logLevel];
  if (level !== undefined && !isLoggingLevel(level)) return `_meta["${META.logLevel}"] must be one of ${LOGGING_LEVELS.join(', ')}`;
  const token = meta.progressToken;
  if (token !== undefined && typeof token !== 'string' && !Number.isInteger(token)) return '_meta.progressToken must be a string or an integer';
  return { protocolVersion: version, clientCapabilities: capabilities, logLevel: level, progressToken: token as string | number | undefined };
}
