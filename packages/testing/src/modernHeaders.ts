/**
 * modernHeaders: the standard headers a 2026-07-28 client sends over HTTP — `MCP-Protocol-Version`,
 * `Mcp-Method`, `Mcp-Name` (tools/call, prompts/get: the name; resources/read: the URI; tasks/get,
 * tasks/update, tasks/cancel: the task id) and one `Mcp-Param-{Name}` for each argument its
 * tool's `inputSchema` marks `x-mcp-header: "{Name}"` — with the value encoding the specification gives: plain visible ASCII as it is, anything else
 * as `=?base64?{Base64 of its UTF-8}?=`.
 */
import { isRecord } from './isRecord';

const PLAIN = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/** A header value as a client sends it: plain visible ASCII as is, else (or when it looks like the sentinel) base64-encoded. */
export function encodeHeaderValue(value: string): string {
  if (PLAIN.test(value) && !value.startsWith('=?base64?')) return value;
  return `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** The param each method's `Mcp-Name` states: the tool's or prompt's name, the resource's URI, the task's id. */
const NAMED_BY: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

/** The value of `Mcp-Name` for `method`'s params, when the method has one. */
export function nameOf(method: string, params: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const key = Object.prototype.hasOwnProperty.call(NAMED_BY, method) ? NAMED_BY[method] : undefined;
  const value = key === undefined ? undefined : params?.[key];
  return typeof value === 'string' ? value : undefined;
}

/** Where an `x-mcp-header` sits: the header's name and the path of `properties` keys down to it. */
export interface ParamHeader {
  readonly name: string;
  readonly path: readonly string[];
}

/** The `x-mcp-header` annotations of an `inputSchema` (reached from the root through `properties` only, as the specification allows). */
export function paramHeadersOf(schema: unknown, path: readonly string[] = [], depth = 0): ParamHeader[] {
  if (!isRecord(schema) || !isRecord(schema.properties) || depth > 32) return [];
  const found: ParamHeader[] = [];
  for (const [key, property] of Object.entries(schema.properties)) {
    if (!isRecord(property)) continue;
    if (typeof property['x-mcp-header'] === 'string') found.push({ name: property['x-mcp-header'], path: [...path, key] });
    found.push(...paramHeadersOf(property, [...path, key], depth + 1));
  }
  return found;
}

/** The `Mcp-Param-*` headers of a call: one per annotated argument that is present and not null. */
export function paramHeaderValues(headers: readonly ParamHeader[], args: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { name, path } of headers) {
    let value: unknown = args;
    for (const key of path) value = isRecord(value) && Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
    if (typeof value === 'string') out[`Mcp-Param-${name}`] = encodeHeaderValue(value);
    else if (typeof value === 'number' || typeof value === 'boolean') out[`Mcp-Param-${name}`] = String(value);
  }
  return out;
}
