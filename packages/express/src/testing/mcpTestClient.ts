/**
 * mcpTestClient: call a tool and read its result in one line, for testing endpoints — against an
 * Express app, a supertest agent, a Web `fetch` target or, without HTTP, a core Dispatcher. It
 * speaks the protocol as a client does (protocol version header, JSON-RPC ids) and unwraps the
 * answers; refusals and JSON-RPC errors throw {@link McpTestClientError}.
 */
import { LATEST_PROTOCOL_VERSION } from '@toolwire/core';
import { describeArgument } from '@toolwire/core/transport';
import { exchangeFor, VERSION_HEADER } from './exchanges';
import type { Exchange, McpTestTarget } from './exchanges';
import { McpTestClientError } from './McpTestClientError';

/** Options of {@link mcpTestClient}. */
export interface McpTestClientOptions {
  /** The protocol version to speak (sent as `MCP-Protocol-Version`, and asked for by `initialize`). Default: core's latest. */
  protocolVersion?: string;
  /** Where the endpoint is mounted (default `/mcp`); not used for a Dispatcher. */
  path?: string;
  /** Extra request headers, e.g. `{ Authorization: 'Bearer …', Origin: … }`; not used for a Dispatcher. */
  headers?: Record<string, string>;
  /** The `clientInfo` that `initialize` sends (default `{ name: 'toolwire-test-client', version: '1.0.0' }`). */
  clientInfo?: { name: string; version: string };
}

/** One MCP content block as it came over the wire. */
export interface McpContentBlock {
  type: string;
  text?: string;
  data?: string;
  mimeType?: string;
  [field: string]: unknown;
}

/** What {@link McpTestClient.callTool} returns. */
export interface ToolCallResult {
  /** The text blocks' texts joined by newlines (`''` when there are none). */
  text: string;
  isError: boolean;
  /** The structured result, for tools with an output schema (versions that have it); else `undefined`. */
  structuredContent: unknown;
  content: McpContentBlock[];
  /** The HTTP status (for a Dispatcher: the status core chose). */
  status: number;
}

/** One tool of a `tools/list` result. */
export interface ListedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  [field: string]: unknown;
}

/** What {@link McpTestClient.listTools} returns (one page). */
export interface ToolsListResult {
  tools: ListedTool[];
  nextCursor?: string;
  status: number;
}

/** What {@link McpTestClient.initialize} returns. */
export interface InitializeResult {
  protocolVersion: string;
  capabilities: Record<string, unknown>;
  serverInfo: { name: string; version: string; [field: string]: unknown };
  instructions?: string;
  status: number;
}

interface JsonRpcAnswer {
  result?: unknown;
  error?: { code?: unknown; message?: unknown; data?: unknown };
}

/** A client for one endpoint; see {@link mcpTestClient}. Stateless, like the HTTP transport. */
export class McpTestClient {
  /** The protocol version this client speaks. */
  readonly protocolVersion: string;
  private readonly exchange: Exchange;
  private readonly headers: Readonly<Record<string, string>>;
  private readonly clientInfo: { name: string; version: string };
  private nextId = 1;

  /** Prefer {@link mcpTestClient}. */
  constructor(target: McpTestTarget, options: McpTestClientOptions = {}) {
    if (typeof options !== 'object' || options === null) throw new TypeError(`mcpTestClient: expected an options object, got ${describeArgument(options)}`);
    this.protocolVersion = options.protocolVersion ?? LATEST_PROTOCOL_VERSION;
    this.exchange = exchangeFor(target, options.path ?? '/mcp');
    this.headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...options.headers };
    this.clientInfo = options.clientInfo ?? { name: 'toolwire-test-client', version: '1.0.0' };
  }

  /**
   * Calls a tool.
   * @throws McpTestClientError for a refusal or a JSON-RPC error (unknown tool, invalid params, …);
   *   a tool that reports a failure is a result with `isError: true`, not a throw.
   * @example
   * const { text, isError } = await mcpTestClient(app).callTool('add', { a: 2, b: 3 }); // '5', false
   */
  async callTool(name: string, args: Record<string, unknown> = {}): Promise<ToolCallResult> {
    const { result, status } = await this.request('tools/call', { name, arguments: args });
    const r = (result ?? {}) as { content?: McpContentBlock[]; isError?: boolean; structuredContent?: unknown };
    const content = Array.isArray(r.content) ? r.content : [];
    const text = content.filter((block) => block.type === 'text').map((block) => block.text ?? '').join('\n');
    return { text, isError: r.isError === true, structuredContent: r.structuredContent, content, status };
  }

  /** Lists the tools (one page; pass `nextCursor` back for the next). */
  async listTools(cursor?: string): Promise<ToolsListResult> {
    const { result, status } = await this.request('tools/list', cursor === undefined ? undefined : { cursor });
    return { ...(result as Omit<ToolsListResult, 'status'>), status };
  }

  /** Sends `initialize` asking for {@link protocolVersion}, as a client's first message does (without the version header). */
  async initialize(): Promise<InitializeResult> {
    const params = { protocolVersion: this.protocolVersion, capabilities: {}, clientInfo: this.clientInfo };
    const { result, status } = await this.send('initialize', params, true, false);
    return { ...(result as Omit<InitializeResult, 'status'>), status };
  }

  /**
   * Sends any request and returns its `result`.
   * @throws McpTestClientError for a refusal or a JSON-RPC error.
   */
  request(method: string, params?: Record<string, unknown>): Promise<{ result: unknown; status: number }> {
    return this.send(method, params, true, true);
  }

  /** Sends a notification; resolves with the status (202 when accepted). */
  async notify(method: string, params?: Record<string, unknown>): Promise<{ status: number }> {
    const { status } = await this.send(method, params, false, true);
    return { status };
  }

  private async send(method: string, params: Record<string, unknown> | undefined, expectReply: boolean, versionHeader: boolean): Promise<{ result: unknown; status: number }> {
    const message: Record<string, unknown> = { jsonrpc: '2.0' };
    if (expectReply) message.id = this.nextId++;
    message.method = method;
    if (params !== undefined) message.params = params;
    const headers = versionHeader ? { ...this.headers, [VERSION_HEADER]: this.protocolVersion } : this.headers;
    const { status, text } = await this.exchange(JSON.stringify(message), headers);
    const body = parse(text);
    const answer = (typeof body === 'object' && body !== null ? body : {}) as JsonRpcAnswer;
    const what = method === 'tools/call' && params ? `${method} ${String(params.name)}` : method;
    if (answer.error) {
      const code = typeof answer.error.code === 'number' ? answer.error.code : undefined;
      throw new McpTestClientError(`${what}: JSON-RPC error ${code}: ${String(answer.error.message)} (HTTP ${status})`, status, code, answer.error.data, body);
    }
    if (status < 200 || status > 299 || (expectReply && !('result' in answer))) {
      throw new McpTestClientError(`${what}: HTTP ${status} without a result: ${text.slice(0, 200)}`, status, undefined, undefined, body);
    }
    return { result: answer.result, status };
  }
}

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A test client for an MCP endpoint: an Express app (or any `node:http` request listener; each
 * call serves it on 127.0.0.1, port 0, for that request only, as supertest does), a supertest
 * agent (`request(app)`, `request.agent(app)`), an object with `fetch(request)` (a Hono app), or a
 * core `Dispatcher` for unit tests without HTTP. Speaks core's latest protocol version unless told otherwise.
 * @example
 * import { mcpTestClient } from '@toolwire/express/testing';
 * const { text, isError } = await mcpTestClient(app).callTool('add', { a: 2, b: 3 }); // '5', false
 * const { tools } = await mcpTestClient(request(app), { path: '/api/mcp' }).listTools();
 * const unit = mcpTestClient(new Dispatcher(defs, decl), { protocolVersion: '2025-03-26' });
 */
export function mcpTestClient(target: McpTestTarget, options?: McpTestClientOptions): McpTestClient {
  return new McpTestClient(target, options);
}
