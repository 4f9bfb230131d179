/**
 * conventions: the names and values the OpenTelemetry semantic conventions for MCP
 * (`semantic-conventions-genai`, `model/mcp/*.yaml`, status: development) give server spans and
 * the server duration metric — attribute keys, the histogram's name, unit and bucket boundaries,
 * and the JSON-RPC codes that are the caller's fault — and the bounds on what a client chooses:
 * a method the dispatcher's descriptors do not name, or a protocol version this server does not
 * speak, is `_OTHER` (so a client cannot grow span names or metric series without bound), and the
 * request id, the resource URI and captured content are cut to a fixed length on spans.
 */
import { ErrorCodes } from '../faults/ErrorCodes';
import { MODERN_PROTOCOL_VERSIONS, SUPPORTED_PROTOCOL_VERSIONS } from '../protocol/profile';

/** Attribute keys, as the conventions spell them. */
export const ATTR = Object.freeze({
  methodName: 'mcp.method.name',
  protocolVersion: 'mcp.protocol.version',
  resourceUri: 'mcp.resource.uri',
  toolName: 'gen_ai.tool.name',
  promptName: 'gen_ai.prompt.name',
  operationName: 'gen_ai.operation.name',
  toolArguments: 'gen_ai.tool.call.arguments',
  toolResult: 'gen_ai.tool.call.result',
  requestId: 'jsonrpc.request.id',
  statusCode: 'rpc.response.status_code',
  errorType: 'error.type',
  networkTransport: 'network.transport',
  networkProtocolName: 'network.protocol.name',
  networkProtocolVersion: 'network.protocol.version',
  clientAddress: 'client.address',
  clientPort: 'client.port',
});

/** The server duration histogram: name, unit and the conventions' bucket boundaries (seconds). */
export const DURATION_METRIC = Object.freeze({
  name: 'mcp.server.operation.duration',
  unit: 's',
  description: 'MCP request or notification duration as observed on the receiver from the time it was received until the result or ack is sent.',
  buckets: Object.freeze([0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300]),
});

/** `gen_ai.operation.name` of a tools/call span. */
export const EXECUTE_TOOL = 'execute_tool';

/** `error.type` of a tools/call answered with `isError: true`. */
export const TOOL_ERROR = 'tool_error';

/** `error.type` of a request the client cancelled before it was answered (no response is sent). */
export const CANCELLED = 'cancelled';

/** `mcp.method.name` (and span name) of a message whose method is missing or not an MCP method. */
export const OTHER_METHOD = '_OTHER';

/** `mcp.protocol.version` of a message that claims a version this server does not speak. */
export const OTHER_VERSION = '_OTHER';

/** The versions recorded as they are (every other one is {@link OTHER_VERSION}). */
const KNOWN_VERSIONS: ReadonlySet<string> = new Set([...SUPPORTED_PROTOCOL_VERSIONS, ...MODERN_PROTOCOL_VERSIONS]);

/** `version` as `mcp.protocol.version` records it: a supported version, else `_OTHER`. */
export function recordedVersion(version: string): string {
  return KNOWN_VERSIONS.has(version) ? version : OTHER_VERSION;
}

/**
 * The longest text a span records of what a client chose, in UTF-16 code units: a request id,
 * a resource URI, captured arguments and results (longer ones are cut and end with `…`).
 */
export const MAX_ATTRIBUTE_LENGTH = Object.freeze({ requestId: 128, resourceUri: 512, content: 16 * 1024 });

/** `text` cut to `max` code units (the last one `…`) when it is longer. */
export function truncated(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * JSON-RPC codes that say the caller sent what the server could not serve: recorded, but they do
 * not make the span an error (-32700 parse, -32600 invalid request, -32601 method not found,
 * -32602 invalid params — an unknown tool included — and -32002 resource not found).
 */
export const CALLER_CODES: ReadonlySet<number> = new Set([ErrorCodes.ParseError, ErrorCodes.InvalidRequest, ErrorCodes.MethodNotFound, ErrorCodes.InvalidParams, ErrorCodes.ResourceNotFound]);

/** `SpanKind.SERVER` and `SpanStatusCode.ERROR` of `@opentelemetry/api` (stable values). */
export const SPAN_KIND_SERVER = 1;
export const STATUS_ERROR = 2;
