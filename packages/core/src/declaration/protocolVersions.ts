/**
 * The MCP protocol versions toolwire speaks, and the few behaviours that differ between them.
 * Version strings are dates, so they compare in order as strings.
 */

/** The newest protocol version toolwire supports out of the box. */
export const LATEST_PROTOCOL_VERSION = '2025-11-25';

/** The protocol versions supported by default, newest first. */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = Object.freeze(['2025-11-25', '2025-03-26']);

/**
 * The version assumed for a request that names none: over HTTP a missing `MCP-Protocol-Version`
 * header, over stdio a connection that has not completed `initialize`.
 */
export const DEFAULT_NEGOTIATED_VERSION = '2025-03-26';

/** JSON-RPC batches exist up to 2025-03-26; 2025-06-18 removed them. */
export function allowsBatches(version: string): boolean {
  return version <= '2025-03-26';
}

/** From 2025-11-25 on, argument validation failures are tool execution errors (`isError: true`). */
export function validationIsToolError(version: string): boolean {
  return version >= '2025-11-25';
}

/** `title` fields and `resource_link` content blocks exist from 2025-06-18 on. */
export function hasTitlesAndLinks(version: string): boolean {
  return version >= '2025-06-18';
}

/** A protocol version string looks like `YYYY-MM-DD`. */
export function isVersionString(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
}
