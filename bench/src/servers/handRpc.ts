/**
 * The hand-written JSON-RPC answerer behind both ceilings (raw node:http and hand-written Express):
 * what a careful developer would write for exactly these tools without any MCP library —
 * a switch on `method`, typeof checks for the arguments, the tools/list and initialize payloads
 * serialized once at startup (and, with `RESOURCES=1`, the read of the static resource: a check
 * of the URI and its contents serialized once). A tools/call that claims MCP 2026-07-28 in its
 * `_meta` is served as that revision asks of any server: its `MCP-Protocol-Version`, `Mcp-Method`
 * and `Mcp-Name` headers checked against the body, its result stamped with `resultType` and the
 * serverInfo `_meta` — the floor of what the newer era's extra bytes cost.
 */
import { STRUCTURED_OUTPUT_SCHEMA, STRUCTURED_TOOL, inputSchemaOf, structuredFromEnv, toolSpecs } from '../fixture/toolSpecs';
import { STATIC_RESOURCE, resourcesFromEnv, staticResourceContents } from '../fixture/resourceSpec';

type Json = Record<string, unknown>;
type Id = string | number;

/** The request headers a 2026-07-28 call is checked against (lower-case names, as Node gives them). */
export type HandHeaders = Readonly<Record<string, string | string[] | undefined>>;

const MODERN_VERSION = '2026-07-28';
const PROTOCOL_VERSION_META = 'io.modelcontextprotocol/protocolVersion';
/** The 2026-07-28 error for a standard header that disagrees with the body (HTTP 400 in the spec; in-band here). */
const HEADER_MISMATCH = -32020;
/** The members a 2026-07-28 result adds to its own. */
const MODERN_FIELDS = { resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'hand-written', version: '1.0.0' } } } as const;

/** The era of a result: `undefined` legacy, or the 2026-07-28 members it adds to its own. */
type Era = typeof MODERN_FIELDS | undefined;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function error(id: Id | null, code: number, message: string): string {
  return JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } });
}

function text(id: Id, value: string, era?: Era): string {
  const result = { content: [{ type: 'text', text: value }], isError: false };
  return JSON.stringify({ jsonrpc: '2.0', id, result: era === undefined ? result : { ...result, ...era } });
}

/**
 * Returns a function that answers one parsed JSON-RPC message with the response text, or
 * `undefined` for a notification.
 */
export function createHandRpc(toolCount: number): (message: unknown, headers?: HandHeaders) => string | undefined {
  const structured = structuredFromEnv();
  const specs = toolSpecs(toolCount);
  const listed: Json[] = specs.map((s) => ({ name: s.name, description: s.description, inputSchema: inputSchemaOf(s) }));
  if (structured) listed.push({ name: STRUCTURED_TOOL.name, description: STRUCTURED_TOOL.description, inputSchema: inputSchemaOf(STRUCTURED_TOOL), outputSchema: STRUCTURED_OUTPUT_SCHEMA });
  const toolsList = JSON.stringify({ tools: listed });
  const resources = resourcesFromEnv();
  const readResult = JSON.stringify({ contents: [staticResourceContents()] });
  const capabilities = resources ? { tools: {}, resources: {} } : { tools: {} };
  const initialize = (version: string): string =>
    JSON.stringify({ protocolVersion: version, capabilities, serverInfo: { name: 'hand-written', version: '1.0.0' } });
  const initialized = new Map([['2025-11-25', initialize('2025-11-25')], ['2025-03-26', initialize('2025-03-26')]]);
  const known = new Set(specs.map((s) => s.name));

  const call = (id: Id, params: unknown, era?: Era): string => {
    if (!isObject(params) || typeof params.name !== 'string') return error(id, -32602, 'Invalid params');
    const args = isObject(params.arguments) ? params.arguments : {};
    switch (params.name) {
      case 'add':
        if (!Number.isInteger(args.a) || !Number.isInteger(args.b)) return error(id, -32602, 'add expects integers a and b');
        return text(id, String((args.a as number) + (args.b as number)), era);
      case 'sum': {
        if (!structured) return error(id, -32602, 'Unknown tool: sum');
        if (!Number.isInteger(args.a) || !Number.isInteger(args.b)) return error(id, -32602, 'sum expects integers a and b');
        const output = { sum: (args.a as number) + (args.b as number) };
        const result = { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output, isError: false };
        return JSON.stringify({ jsonrpc: '2.0', id, result: era === undefined ? result : { ...result, ...era } });
      }
      case 'echo':
        if (typeof args.message !== 'string') return error(id, -32602, 'echo expects a string message');
        return text(id, args.message, era);
      default:
        if (!known.has(params.name)) return error(id, -32602, `Unknown tool: ${params.name}`);
        if (!Number.isInteger(args.x)) return error(id, -32602, 'expected an integer x');
        return text(id, String(args.x), era);
    }
  };

  /** A 2026-07-28 tools/call: its headers checked against its body, its result stamped. */
  const modernCall = (id: Id, params: Json, headers: HandHeaders | undefined): string => {
    const header = (name: string): string | undefined => {
      const value = headers?.[name];
      return typeof value === 'string' ? value.trim() : undefined;
    };
    if (header('mcp-protocol-version') !== MODERN_VERSION) return error(id, HEADER_MISMATCH, 'MCP-Protocol-Version does not match the request');
    if (header('mcp-method') !== 'tools/call') return error(id, HEADER_MISMATCH, 'Mcp-Method does not match the request');
    if (header('mcp-name') !== params.name) return error(id, HEADER_MISMATCH, 'Mcp-Name does not match the request');
    return call(id, params, MODERN_FIELDS);
  };

  return (message, headers) => {
    if (!isObject(message) || message.jsonrpc !== '2.0' || typeof message.method !== 'string') return error(null, -32600, 'Invalid Request');
    const id = message.id;
    if (id === undefined) return undefined;
    if (typeof id !== 'string' && typeof id !== 'number') return error(null, -32600, 'Invalid Request');
    switch (message.method) {
      case 'tools/call': {
        const params = message.params;
        if (isObject(params) && isObject(params._meta) && params._meta[PROTOCOL_VERSION_META] === MODERN_VERSION) return modernCall(id, params, headers);
        return call(id, params);
      }
      case 'tools/list':
        return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${toolsList}}`;
      case 'initialize': {
        const requested = isObject(message.params) ? message.params.protocolVersion : undefined;
        const result = initialized.get(typeof requested === 'string' ? requested : '') ?? (initialized.get('2025-11-25') as string);
        return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${result}}`;
      }
      case 'resources/read': {
        if (!resources) return error(id, -32601, 'Method not found');
        const uri = isObject(message.params) ? message.params.uri : undefined;
        if (typeof uri !== 'string') return error(id, -32602, 'resources/read expects a string uri');
        if (uri !== STATIC_RESOURCE.uri) return JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32002, message: 'Resource not found', data: { uri } } });
        return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${readResult}}`;
      }
      case 'ping':
        return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{}}`;
      default:
        return error(id, -32601, 'Method not found');
    }
  };
}
