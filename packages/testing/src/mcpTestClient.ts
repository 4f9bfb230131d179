/**
 * mcpTestClient: call a tool and read its result in one line, for testing endpoints — an Express
 * app, a `node:http` listener or server, a supertest agent, a Web fetch handler, a URL, a stdio
 * server or, without HTTP, a core Dispatcher. It speaks the protocol as a client does, in either
 * era: legacy (2025-11-25 … 2024-11-05: the `MCP-Protocol-Version` header) or 2026-07-28 (the
 * `_meta` envelope on every request and the `Mcp-Method`, `Mcp-Name` and `Mcp-Param-*` headers).
 * It reads JSON and `text/event-stream` answers alike, returning the progress and log
 * notifications that came before the response; it answers `input_required` results with its
 * `onElicit`/`onSample`/`onListRoots` handlers and calls again (a bounded number of rounds), and
 * drives tasks (`callToolAsTask`, `getTask`, `getTaskResult`, …) in both eras. Refusals and
 * JSON-RPC errors throw {@link McpTestClientError}. Every method is `request(method, params)`
 * plus unwrapping. Over stdio the same handlers answer the legacy asks, which come as requests
 * on the pipe while the call is open; a legacy stdio connection is initialized once, before its
 * first other request, and `close()` ends it.
 */
import { LATEST_MODERN_VERSION, META, isModernVersion } from '@toolwire/core';
import type { LoggingLevel } from '@toolwire/core';
import { describeArgument } from '@toolwire/core/transport';
import { exchangeFor, VERSION_HEADER } from './exchanges';
import type { Exchange as Deliver } from './Exchange';
import type { McpTestTarget } from './McpTestTarget';
import type { StdioConnection } from './stdioConnection';
import { readAnswer } from './eventStream';
import { encodeHeaderValue, nameOf, paramHeaderValues, paramHeadersOf } from './modernHeaders';
import type { ParamHeader } from './modernHeaders';
import { answerAll, answerOne } from './askHandlers';
import type { AskHandlers } from './askHandlers';
import { McpTestClientError } from './McpTestClientError';
import { taskOf, TASKS_EXTENSION } from './taskResults';
import type { CallToolAsTaskOptions, CancelTaskResult, GetTaskResultOptions, TaskReport, TasksListResult } from './taskResults';
import { awaitLegacyTask, checkPollOptions, pollTask } from './pollTask';
import { toolCallResult } from './toolCallResult';
import { resolveOptions } from './McpTestClientOptions';
import type { McpTestClientOptions } from './McpTestClientOptions';
import { collectNotification } from './collectNotification';
import type {
  AnsweredAsk,
  DiscoverResult,
  CallReport,
  InitializeResult,
  ReadResourceResult,
  RequestResult,
  ResourceContents,
  ResourceTemplatesListResult,
  ResourcesListResult,
  ToolCallResult,
  ToolsListResult,
  PromptsListResult,
  GetPromptResult,
  McpPromptMessage,
  CompleteResult,
} from './results';
import { isRecord } from './isRecord';
import { listenOnLegacyStdio, listenOnStdio, listenOverStream } from './listen';
import type { ListenFilter } from './listen';
import type { McpSubscription } from './McpSubscription';
import type { StreamOpener } from './streams';

interface JsonRpcAnswer {
  result?: unknown;
  error?: { code?: unknown; message?: unknown; data?: unknown };
}

/** The most `tools/list` pages read to learn the tools' `x-mcp-header` annotations. */
const MAX_TOOL_PAGES = 100;

/** A client for one endpoint; see {@link mcpTestClient}. Stateless, like the HTTP transport. */
export class McpTestClient {
  /** The protocol version this client speaks. */
  readonly protocolVersion: string;
  /** The era of {@link protocolVersion}: `'modern'` for 2026-07-28 on. */
  readonly era: 'legacy' | 'modern';
  /** The client capabilities it declares (its handlers' and the `capabilities` option's). */
  readonly capabilities: Readonly<Record<string, unknown>>;
  private readonly deliver: Deliver;
  private readonly stdio: StdioConnection | undefined;
  private readonly open: StreamOpener | undefined;
  private readonly headers: Readonly<Record<string, string>>;
  private readonly clientInfo: { name: string; version: string };
  private readonly handlers: AskHandlers;
  private readonly logLevel: LoggingLevel | undefined;
  private readonly maxInputRounds: number;
  private paramHeaders: Promise<Map<string, ParamHeader[]>> | undefined;
  private nextId = 1;

  /** Prefer {@link mcpTestClient}. */
  constructor(target: McpTestTarget, options: McpTestClientOptions = {}) {
    const resolved = resolveOptions(options);
    ({ protocolVersion: this.protocolVersion, era: this.era, headers: this.headers, clientInfo: this.clientInfo } = resolved);
    ({ handlers: this.handlers, capabilities: this.capabilities, logLevel: this.logLevel, maxInputRounds: this.maxInputRounds } = resolved);
    const handlers = this.handlers;
    const delivery = exchangeFor(target, resolved.path, {
      answer: async (method, params) => answerOne(handlers, method, params, `the server's ${method} request`),
      initializeParams: (version) => ({ protocolVersion: version, capabilities: this.capabilities, clientInfo: this.clientInfo }),
    });
    this.deliver = delivery.exchange;
    this.stdio = delivery.stdio;
    this.open = delivery.open;
  }

  /**
   * Calls a tool; its progress reports and log messages (an SSE answer) come in the result, and
   * on 2026-07-28 what it asks is answered by the client's handlers.
   * @throws McpTestClientError for a refusal or a JSON-RPC error (unknown tool, invalid params, …);
   *   a tool that reports a failure is a result with `isError: true`, not a throw.
   * @example
   * const { text, isError, logs, progress } = await mcpTestClient(app).callTool('add', { a: 2, b: 3 }); // '5', false, [], []
   */
  async callTool(name: string, args: Record<string, unknown> = {}): Promise<ToolCallResult> {
    const { result, ...exchange } = await this.request('tools/call', { name, arguments: args, _meta: { progressToken: `toolwire-test-${this.nextId}` } });
    return toolCallResult(result, exchange);
  }

  /**
   * Calls a tool as a task and returns the task at once (its status `working`, or already ended).
   * 2026-07-28: the request declares the `io.modelcontextprotocol/tasks` extension (MRTR rounds
   * before the task, `begins: 'onBeginTask'`, are answered by the handlers); 2025-11-25: it sends
   * `params.task` (`{ ttl }` when asked).
   * @throws McpTestClientError for a refusal or a JSON-RPC error (-32021 on 2026-07-28 when the
   *   tool cannot run as a task, -32601 on older versions for a task-only tool); Error when the
   *   tool answered an ordinary result instead of a task.
   * @example
   * const { task } = await client.callToolAsTask('build_report', { year: 2026 }); // task.status 'working'
   * const { text } = await client.getTaskResult(task.taskId);
   */
  async callToolAsTask(name: string, args: Record<string, unknown> = {}, options: CallToolAsTaskOptions = {}): Promise<TaskReport> {
    const { ttl } = options;
    if (ttl !== undefined && (!Number.isInteger(ttl) || ttl <= 0)) throw new TypeError(`callToolAsTask: expected ttl to be a positive integer (ms), got ${describeArgument(ttl)}`);
    const asked = this.era === 'legacy' ? { task: ttl === undefined ? {} : { ttl } } : {};
    const { result, ...report } = await this.request('tools/call', this.withTasks({ name, arguments: args, ...asked }));
    const task = taskOf(result, this.era === 'legacy');
    if (!task) throw new Error(`tools/call ${name}: answered a result, not a task (does the tool support tasks? setTaskSupport('optional' | 'required'))`);
    return { task, ...report };
  }

  /**
   * Reads a task: its status, and on 2026-07-28 its `inputRequests`, `result` or `error` as the status calls for.
   * @throws McpTestClientError for an unknown, expired or foreign id (-32602), or a result that is not a task.
   */
  async getTask(taskId: string): Promise<TaskReport> {
    const { result, ...report } = await this.request('tasks/get', this.withTasks({ taskId }));
    const task = taskOf(result, false);
    if (!task) throw new McpTestClientError(`tasks/get ${taskId}: the result is not a task (no taskId): ${JSON.stringify(result)?.slice(0, 200)}`, report.status, undefined, undefined, result);
    return { task, ...report };
  }

  /**
   * Waits for a task to end and returns the tool's result, as `callTool` would have.
   * 2026-07-28 has no `tasks/result`: the client polls `tasks/get` and answers an
   * `input_required` task's questions with its handlers through `tasks/update`. 2025-11-25 over
   * stdio: `tasks/result`, which waits while the task's asks come on the pipe and the handlers
   * answer them; over HTTP or a Dispatcher the client polls `tasks/get` until the task ends, then
   * reads `tasks/result` (a task that asks there throws instead: its ask needs a POST of the
   * client's own, which this client does not make).
   * @throws McpTestClientError for a task that failed (its JSON-RPC error), was cancelled, or is
   *   unknown; Error for a task that does not end within `timeoutMs`, or asks where it cannot be answered.
   */
  async getTaskResult(taskId: string, options: GetTaskResultOptions = {}): Promise<ToolCallResult> {
    checkPollOptions(options);
    const requests = { get: (id: string) => this.getTask(id), update: async (id: string, responses: Record<string, unknown>) => void (await this.updateTask(id, responses)) };
    if (this.era === 'modern') return pollTask(taskId, options, this.handlers, requests);
    if (!this.stdio) await awaitLegacyTask(taskId, options, requests); // without a pipe an ask could not be answered: never wait on one
    const { result, ...report } = await this.request('tasks/result', { taskId });
    return toolCallResult(result, report);
  }

  /** Lists the caller's tasks (2025-11-25; one page, pass `nextCursor` back for the next). */
  async listTasks(cursor?: string): Promise<TasksListResult> {
    const { result, status } = await this.request('tasks/list', cursor === undefined ? undefined : { cursor });
    const { tasks, nextCursor } = (result ?? {}) as { tasks?: unknown[]; nextCursor?: string };
    return { tasks: (Array.isArray(tasks) ? tasks : []).map((task) => taskOf(task, false)).filter((task) => task !== undefined), ...(nextCursor !== undefined && { nextCursor }), status };
  }

  /**
   * Asks a task to stop (cooperative and idempotent: a task that already ended stays as it is).
   * 2025-11-25 answers the task as it is after the request; 2026-07-28 an empty acknowledgement.
   * @throws McpTestClientError for an unknown, expired or foreign id (-32602).
   */
  async cancelTask(taskId: string): Promise<CancelTaskResult> {
    const { result, status } = await this.request('tasks/cancel', this.withTasks({ taskId }));
    const task = this.era === 'legacy' ? taskOf(result, false) : undefined;
    return task ? { task, status } : { status };
  }

  /**
   * Answers an `input_required` task's questions (2026-07-28 `tasks/update`): `inputResponses`
   * by the keys of its `inputRequests`; partial and repeated answers are fine.
   * @throws McpTestClientError for an unknown, expired or foreign id (-32602).
   */
  async updateTask(taskId: string, inputResponses: Record<string, unknown>): Promise<{ status: number }> {
    const { status } = await this.request('tasks/update', this.withTasks({ taskId, inputResponses }));
    return { status };
  }

  /** Lists the tools (one page; pass `nextCursor` back for the next). */
  async listTools(cursor?: string): Promise<ToolsListResult> {
    return this.page<ToolsListResult>('tools/list', cursor);
  }

  /** Lists the resources (one page; pass `nextCursor` back for the next). */
  async listResources(cursor?: string): Promise<ResourcesListResult> {
    return this.page<ResourcesListResult>('resources/list', cursor);
  }

  /** Lists the resource templates (one page; pass `nextCursor` back for the next). */
  async listResourceTemplates(cursor?: string): Promise<ResourceTemplatesListResult> {
    return this.page<ResourceTemplatesListResult>('resources/templates/list', cursor);
  }

  /**
   * Reads a resource.
   * @throws McpTestClientError for a refusal or a JSON-RPC error (an unknown URI, …).
   */
  async readResource(uri: string): Promise<ReadResourceResult> {
    const { result, ...exchange } = await this.request('resources/read', { uri });
    const contents = ((result as { contents?: ResourceContents[] } | undefined)?.contents ?? []).filter((c) => typeof c === 'object' && c !== null);
    const text = contents.filter((c) => typeof c.text === 'string').map((c) => c.text).join('\n');
    return { contents, text, ...exchange };
  }

  /** Lists the prompts (one page; pass `nextCursor` back for the next). */
  async listPrompts(cursor?: string): Promise<PromptsListResult> {
    return this.page<PromptsListResult>('prompts/list', cursor);
  }

  /**
   * Gets a prompt with its arguments; on 2026-07-28 what its procedure asks is answered by the
   * client's handlers, as for a tool.
   * @throws McpTestClientError for a refusal or a JSON-RPC error (an unknown prompt, a missing argument: -32602).
   * @example
   * const { messages, text } = await mcpTestClient(app).getPrompt('review', { code: 'x = 1' });
   */
  async getPrompt(name: string, args: Record<string, string> = {}): Promise<GetPromptResult> {
    const { result, ...exchange } = await this.request('prompts/get', { name, arguments: args });
    const { description, messages } = (result ?? {}) as { description?: string; messages?: McpPromptMessage[] };
    const list = Array.isArray(messages) ? messages : [];
    const text = list.filter((m) => typeof m?.content?.text === 'string').map((m) => m.content.text).join('\n');
    return { ...(description !== undefined && { description }), messages: list, text, ...exchange };
  }

  /**
   * Asks for completions of a prompt's argument (`{ prompt: name }`) or a resource template's
   * variable (`{ resourceTemplate: uriTemplate }`), with the other arguments already filled in.
   * @throws McpTestClientError for a refusal or a JSON-RPC error (an unknown ref: -32602; a server without completions: -32601).
   * @example
   * const { values } = await client.complete({ prompt: 'review' }, 'language', 'py'); // ['python']
   */
  async complete(ref: { prompt: string } | { resourceTemplate: string }, argument: string, value: string, context: Record<string, string> = {}): Promise<CompleteResult> {
    const wire = 'prompt' in ref ? { type: 'ref/prompt', name: ref.prompt } : { type: 'ref/resource', uri: ref.resourceTemplate };
    const params = { ref: wire, argument: { name: argument, value }, ...(Object.keys(context).length > 0 && { context: { arguments: context } }) };
    const { result, status } = await this.request('completion/complete', params);
    const completion = ((result ?? {}) as { completion?: Omit<CompleteResult, 'status'> }).completion ?? { values: [] };
    return { ...completion, status };
  }

  /** Sends `initialize` asking for {@link protocolVersion}, as a legacy client's first message does (without the version header). */
  async initialize(): Promise<InitializeResult> {
    const params = { protocolVersion: this.protocolVersion, capabilities: this.capabilities, clientInfo: this.clientInfo };
    const { result, status } = await this.send('initialize', params, true, false);
    return { ...(result as Omit<InitializeResult, 'status'>), status };
  }

  /** Sends `server/discover` (2026-07-28; a legacy client asks with core's latest modern version). */
  async discover(): Promise<DiscoverResult> {
    const version = this.era === 'modern' ? this.protocolVersion : LATEST_MODERN_VERSION;
    const { result, status } = await this.send('server/discover', this.envelope(undefined, version), true, true, version);
    return { ...(result as Omit<DiscoverResult, 'status'>), status } as DiscoverResult;
  }

  /**
   * Sends any request and returns its `result` with what came before it. On 2026-07-28 the
   * params get the `_meta` envelope (what you pass in `params._meta` is kept), and an
   * `input_required` result is answered by the handlers and the request sent again.
   * @throws McpTestClientError for a refusal or a JSON-RPC error; Error when the endpoint asks
   *   something the client has no handler for, or asks more than `maxInputRounds` times.
   */
  async request(method: string, params?: Record<string, unknown>): Promise<RequestResult> {
    const collected: CallReport = { status: 0, notifications: [], progress: [], logs: [], asks: [] };
    let retry: Record<string, unknown> = {};
    for (let round = 0; ; round++) {
      const sent = this.era === 'modern' ? this.envelope({ ...params, ...retry }) : params === undefined ? undefined : { ...params };
      const { result, status, notifications, asks } = await this.send(method, sent, true, true);
      collected.status = status;
      collected.asks.push(...asks); // legacy stdio: asked on the pipe while the request was open
      for (const notification of notifications) collectNotification(collected, notification);
      const interim = result as { resultType?: unknown; inputRequests?: unknown; requestState?: unknown } | undefined;
      if (this.era !== 'modern' || interim?.resultType !== 'input_required') return { result, ...collected };
      const what = describeCall(method, params);
      if (round >= this.maxInputRounds) throw new Error(`${what}: still input_required after ${this.maxInputRounds} answered rounds (maxInputRounds)`);
      const answered = await answerAll(this.handlers, interim.inputRequests, what);
      collected.asks.push(...answered);
      retry = { inputResponses: Object.fromEntries(answered.map((ask) => [ask.key, ask.answer])) };
      if (interim.requestState !== undefined) retry.requestState = interim.requestState;
    }
  }

  /**
   * Opens a subscription: an async iterator of the notifications the server pushes. 2026-07-28:
   * a `subscriptions/listen` for `filter`, resolved once acknowledged (`acknowledged` is what the
   * server honours), every frame tagged with its id, `ended` its final result. Legacy: over HTTP
   * the `GET` stream (broadcast `list_changed`; the endpoint needs `notificationStream: true`), on
   * stdio the connection's own notifications, after `resources/subscribe` for each URI in
   * `filter.resourceSubscriptions`. `close()` (or `break`) cancels it.
   * @throws McpTestClientError when the server refuses it (a JSON-RPC error, an HTTP status);
   *   TypeError for a supertest agent (it buffers whole answers) or legacy resource subscriptions over HTTP.
   * @example
   * const sub = await mcpTestClient(app, { era: 'modern' }).listen({ toolsListChanged: true });
   * for await (const { method } of sub) if (method === 'notifications/tools/list_changed') break;
   */
  async listen(filter: ListenFilter = {}): Promise<McpSubscription> {
    const version = this.protocolVersion;
    if (this.era === 'modern') {
      const id = `toolwire-listen-${this.nextId++}`;
      const params = this.envelope({ notifications: filter });
      const json = JSON.stringify({ jsonrpc: '2.0', id, method: 'subscriptions/listen', params });
      if (this.stdio) return listenOnStdio(this.stdio, json, id);
      const headers = await this.headersFor('subscriptions/listen', params, true, version);
      return listenOverStream(this.streamOpener(), { method: 'POST', json, headers: { ...headers, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' } }, id);
    }
    if (this.stdio) {
      await this.stdio.ready(version);
      const subscription = listenOnLegacyStdio(this.stdio);
      for (const uri of filter.resourceSubscriptions ?? []) await this.request('resources/subscribe', { uri });
      subscription.acknowledged = { ...filter };
      return subscription;
    }
    if (filter.resourceSubscriptions?.length) throw new TypeError('listen: legacy resource subscriptions need a connection (stdio); a stateless HTTP endpoint holds none');
    const headers: Record<string, string> = { ...this.headers, [VERSION_HEADER]: version, Accept: 'text/event-stream' };
    delete headers['Content-Type'];
    return listenOverStream(this.streamOpener(), { method: 'GET', headers }, undefined);
  }

  private streamOpener(): StreamOpener {
    if (!this.open) throw new TypeError('listen: a supertest agent reads whole answers and cannot hold a subscription open; pass the app, a server, a fetch handler or a URL');
    return this.open;
  }

  /** Ends a stdio server's input (it exits); nothing for the other targets, which hold no connection. */
  close(): void {
    this.stdio?.close();
  }

  /** Sends a notification; resolves with the status (202 when accepted). */
  async notify(method: string, params?: Record<string, unknown>): Promise<{ status: number }> {
    const { status } = await this.send(method, params, false, true);
    return { status };
  }

  private async page<T>(method: string, cursor: string | undefined): Promise<T> {
    const { result, status } = await this.request(method, cursor === undefined ? undefined : { cursor });
    return { ...(result as Omit<T, 'status'>), status } as T;
  }

  /** 2026-07-28: the params with the client capabilities plus the tasks extension in `_meta` (task requests declare it); legacy: as they are. */
  private withTasks(params: Record<string, unknown>): Record<string, unknown> {
    if (this.era === 'legacy') return params;
    const extensions = { ...(isRecord(this.capabilities.extensions) ? this.capabilities.extensions : {}), [TASKS_EXTENSION]: {} };
    return { ...params, _meta: { [META.clientCapabilities]: { ...this.capabilities, extensions } } };
  }

  /** The 2026-07-28 params of a request: `_meta` with the version, the capabilities, clientInfo and the log level, over what the caller put there. */
  private envelope(params: Record<string, unknown> | undefined, version = this.protocolVersion): Record<string, unknown> {
    const meta: Record<string, unknown> = {
      [META.protocolVersion]: version,
      [META.clientCapabilities]: this.capabilities,
      [META.clientInfo]: this.clientInfo,
    };
    if (this.logLevel !== undefined) meta[META.logLevel] = this.logLevel;
    return { ...params, _meta: { ...meta, ...(isRecord(params?._meta) ? params._meta : {}) } };
  }

  /** The headers of one message: the version header, and on 2026-07-28 the `Mcp-*` headers. */
  private async headersFor(method: string, params: Record<string, unknown> | undefined, versionHeader: boolean, version: string): Promise<Record<string, string>> {
    if (!versionHeader) return { ...this.headers };
    const headers: Record<string, string> = { ...this.headers, [VERSION_HEADER]: version };
    if (!isModernVersion(version)) return headers;
    headers['Mcp-Method'] = method;
    const name = nameOf(method, params);
    if (name !== undefined) headers['Mcp-Name'] = encodeHeaderValue(name);
    if (method === 'tools/call' && name !== undefined && isRecord(params?.arguments)) {
      const annotated = (await this.toolParamHeaders()).get(name);
      if (annotated) Object.assign(headers, paramHeaderValues(annotated, params.arguments));
    }
    return headers;
  }

  /** The tools' `x-mcp-header` annotations, read from `tools/list` once (every page). */
  private toolParamHeaders(): Promise<Map<string, ParamHeader[]>> {
    this.paramHeaders ??= (async () => {
      const found = new Map<string, ParamHeader[]>();
      let cursor: string | undefined;
      for (let page = 0; page < MAX_TOOL_PAGES; page++) {
        const { result } = await this.send('tools/list', this.envelope(cursor === undefined ? undefined : { cursor }), true, true);
        const { tools, nextCursor } = (result ?? {}) as { tools?: { name?: unknown; inputSchema?: unknown }[]; nextCursor?: unknown };
        for (const tool of Array.isArray(tools) ? tools : []) {
          const headers = paramHeadersOf(tool?.inputSchema);
          if (typeof tool?.name === 'string' && headers.length) found.set(tool.name, headers);
        }
        if (typeof nextCursor !== 'string') break;
        cursor = nextCursor;
      }
      return found;
    })();
    this.paramHeaders.catch(() => (this.paramHeaders = undefined)); // try again on the next call
    return this.paramHeaders;
  }

  private async send(
    method: string,
    params: Record<string, unknown> | undefined,
    expectReply: boolean,
    versionHeader: boolean,
    version = this.protocolVersion,
  ): Promise<{ result: unknown; status: number; notifications: readonly string[]; asks: readonly AnsweredAsk[] }> {
    const message: Record<string, unknown> = { jsonrpc: '2.0' };
    if (expectReply) message.id = this.nextId++;
    message.method = method;
    if (params !== undefined) message.params = params;
    const headers = await this.headersFor(method, params, versionHeader, version);
    const exchanged = await this.deliver(JSON.stringify(message), headers);
    const { status } = exchanged;
    const { text, notifications } = readAnswer(exchanged);
    const body = parse(text);
    const answer = (typeof body === 'object' && body !== null ? body : {}) as JsonRpcAnswer;
    const what = describeCall(method, params);
    if (answer.error) {
      const code = typeof answer.error.code === 'number' ? answer.error.code : undefined;
      throw new McpTestClientError(`${what}: JSON-RPC error ${code}: ${String(answer.error.message)} (HTTP ${status})`, status, code, answer.error.data, body);
    }
    if (status < 200 || status > 299 || (expectReply && !('result' in answer))) {
      throw new McpTestClientError(`${what}: HTTP ${status} without a result: ${exchanged.text.slice(0, 200)}`, status, undefined, undefined, body);
    }
    return { result: answer.result, status, notifications, asks: exchanged.asks ?? [] };
  }
}

function describeCall(method: string, params: Record<string, unknown> | undefined): string {
  const name = nameOf(method, params);
  return name === undefined ? method : `${method} ${name}`;
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
 * A test client for an MCP endpoint: an Express app or any `node:http` request listener (each
 * call serves it on 127.0.0.1, port 0, for that request only, as supertest does), a `node:http`
 * server (its address when it listens), a supertest agent (`request(app)`), a fetch handler
 * (`(request) => Promise<Response>`, e.g. `mcpFetchHandler(decl, defs)`) or an object with
 * `fetch(request)` (a Hono app), an endpoint URL (Node's `fetch`), a stdio server (`{ stdin,
 * stdout }`: a spawned `ChildProcess`, or `serveStdio`'s streams), or a core `Dispatcher` for
 * unit tests without HTTP. Speaks core's latest legacy protocol version unless told otherwise
 * (`era: 'modern'` for 2026-07-28). A function target of two parameters or more is a
 * `node:http` listener, one of fewer a fetch handler (wrap an unusual one: `{ fetch: handler }`).
 * @throws TypeError for a target of none of these kinds, or for malformed options.
 * @example
 * import { mcpTestClient } from '@toolwire/testing';
 * const { text, isError } = await mcpTestClient(app).callTool('add', { a: 2, b: 3 }); // '5', false
 * const { logs } = await mcpTestClient(mcpFetchHandler(decl, defs), { era: 'modern' }).callTool('import', { file: 'a.csv' });
 * const asked = mcpTestClient(app, { era: 'modern', onElicit: () => ({ action: 'accept', content: { confirm: true } }) });
 * const unit = mcpTestClient(new Dispatcher(defs, decl), { protocolVersion: '2025-03-26' });
 */
export function mcpTestClient(target: McpTestTarget, options?: McpTestClientOptions): McpTestClient {
  return new McpTestClient(target, options);
}
