/**
 * The matrix's transports: the dispatcher itself, mcpRouter (a real Express app on a loopback
 * port), mcpHandler (a node:http server), mcpFetchHandler (Web Request → Response), mcpPlugin (a
 * listening Fastify app) and serveStdio
 * (over in-memory streams, one connection per negotiated version and client capabilities). Each
 * serves a fresh copy of the fixture and turns one request spec into what a client would see —
 * the HTTP status and headers where the transport has them, and the JSON-RPC reply — cancels a
 * request as its client would (`RequestSpec.signal`), and holds a notification stream open for a
 * row (`listen`, see ./listening).
 */
import { createServer, request as httpRequest } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import express from 'express';
import { Access } from '@toolwire/core/transport';
import type { DispatchResult } from '@toolwire/core/transport';
import { Dispatcher, META, isModernVersion } from '@toolwire/core';
import { resourceMetadataUrl } from '@toolwire/core/http';
import type { DispatchContext } from '@toolwire/core';
import { mcpHandler, mcpRouter } from '@toolwire/express';
import { mcpFetchHandler } from '@toolwire/fetch';
import Fastify from 'fastify';
import { mcpPlugin } from '@toolwire/fastify';
import { serveStdio } from '@toolwire/stdio';
import type { ToolDeclaration } from '@toolwire/core';
import { TOKENS, RESOURCE, SERVER_CARD, matrixAuth, matrixOptions, matrixService } from './fixture';
import type { Recorder } from './fixture';
import { EventReader, Frames, flatHeaders, listenOverFetch, listenOverHttp, refusedListen, serverSockets } from './listening';
import type { Frame, Listening } from './listening';

/** One request of a row: a JSON-RPC request under `version`, as a client of that version sends it. */
export interface RequestSpec {
  readonly version: string;
  readonly method: string;
  readonly params?: Record<string, unknown>;
  readonly id?: number;
  /** The bearer token (protected transports; default `reader`); over stdio each token is its own connection (its own principal). */
  readonly token?: string;
  /** The client's capabilities (legacy: in `initialize`; modern: in `_meta`); default none. */
  readonly capabilities?: Record<string, unknown>;
  /** Extra HTTP headers (ignored by transports without headers). */
  readonly headers?: Record<string, string>;
  /** Headers sent more than once, each value on its own header line (node:http transports only). */
  readonly headerLists?: Record<string, string[]>;
  /** Send this text as the body instead of the request built from the fields above. */
  readonly raw?: string;
  /**
   * Answers a request the server sends while this one is open (an ask of a task, on the request's
   * stream): the response's `result` or `error`, sent back as a client of the transport does —
   * over HTTP a POST of its own (same token and version), over stdio a line.
   */
  readonly answer?: (request: ServerRequest) => { result: unknown } | { error: unknown };
  /**
   * Cancels the request when it aborts, as a client of the transport does: over HTTP the request
   * is closed (the client sees nothing more of it); on the dispatcher it is the context's
   * `signal`; over stdio `notifications/cancelled` with the abort's reason, after which `send`
   * resolves once a request sent behind the cancel is answered — with the request's reply if one
   * came before it (none should).
   */
  readonly signal?: AbortSignal;
}

/** A request the server sent the client. */
export interface ServerRequest {
  readonly id: string | number;
  readonly method: string;
  readonly params?: Record<string, unknown>;
}

/** Whether a message is a request of the server's (a method and an id). */
function isServerRequest(message: unknown): message is ServerRequest {
  return typeof message === 'object' && message !== null && 'method' in message && 'id' in message;
}

/** The JSON-RPC response a spec's `answer` makes to a server request, or `undefined` without one. */
function responseTo(spec: RequestSpec, message: unknown): string | undefined {
  if (!spec.answer || !isServerRequest(message)) return undefined;
  return JSON.stringify({ jsonrpc: '2.0', id: message.id, ...spec.answer(message) });
}

/** What the client sees. */
export interface Seen {
  /** The HTTP status (the dispatcher's DispatchResult.status); `undefined` on stdio. */
  readonly status?: number;
  /** Response headers by lower-case name (empty on stdio). */
  readonly headers: Readonly<Record<string, string>>;
  /** The parsed JSON-RPC reply; `undefined` when nothing was sent. */
  readonly reply?: { id?: unknown; result?: Record<string, unknown> & { content?: Array<{ text?: string }>; isError?: boolean }; error?: { code: number; message: string; data?: unknown } };
}

/** The transports of the matrix. */
export type TransportName = 'dispatcher' | 'mcpRouter' | 'mcpHandler' | 'mcpFetchHandler' | 'mcpPlugin' | 'serveStdio';

/** What a transport is, known before it is opened (what decides whether a rule applies to it). */
export interface Traits {
  readonly name: TransportName;
  /** Speaks HTTP (headers, statuses, bodies with a byte cap). */
  readonly http: boolean;
  /** Authenticates its requests (the HTTP transports and the dispatcher given an Access). */
  readonly protected: boolean;
}

/** The traits of each transport. */
export const TRAITS: Readonly<Record<TransportName, Traits>> = Object.freeze({
  dispatcher: { name: 'dispatcher', http: false, protected: true },
  mcpRouter: { name: 'mcpRouter', http: true, protected: true },
  mcpHandler: { name: 'mcpHandler', http: true, protected: true },
  mcpFetchHandler: { name: 'mcpFetchHandler', http: true, protected: true },
  mcpPlugin: { name: 'mcpPlugin', http: true, protected: true },
  serveStdio: { name: 'serveStdio', http: false, protected: false },
});

/** One served copy of the fixture. */
export interface Transport extends Traits {
  readonly recorder: Recorder;
  /** The declaration served (a row changes it: a tool disabled, a resource updated). */
  readonly decl: ToolDeclaration;
  send(spec: RequestSpec): Promise<Seen>;
  /**
   * Opens a notification stream and holds it until the row closes it: on 2026-07-28 the
   * `subscriptions/listen` of `spec` (open once acknowledged); on legacy versions the `GET`
   * stream over HTTP (`notificationStream`) or the stdio connection's own notifications.
   * Absent on the dispatcher's legacy column, which has no stream.
   */
  listen(spec: RequestSpec): Promise<Listening>;
  /** HTTP transports: a request without a token to `<endpoint><path>` (GET unless `init` says otherwise). */
  fetch?(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export const TRANSPORTS = Object.keys(TRAITS) as readonly TransportName[];

let nextId = 1000;

/** The body and headers a client of `spec.version` sends. */
export function build(spec: RequestSpec): { body: string; headers: Record<string, string>; id: number } {
  const id = spec.id ?? nextId++;
  const modern = isModernVersion(spec.version);
  const params = modern
    ? { ...spec.params, _meta: { [META.protocolVersion]: spec.version, [META.clientCapabilities]: spec.capabilities ?? {} } }
    : spec.params;
  const body = spec.raw ?? JSON.stringify({ jsonrpc: '2.0', id, method: spec.method, ...(params === undefined ? {} : { params }) });
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': spec.version };
  if (modern) {
    headers['mcp-method'] = spec.method;
    if ((spec.method === 'tools/call' || spec.method === 'prompts/get') && typeof spec.params?.name === 'string') headers['mcp-name'] = spec.params.name;
    if (spec.method === 'resources/read' && typeof spec.params?.uri === 'string') headers['mcp-name'] = spec.params.uri;
  }
  return { body, headers: { ...headers, ...lower(spec.headers ?? {}) }, id };
}

function lower(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

/** Parses a JSON body or the last `data:` event of an SSE body. */
function parseBody(text: string, contentType: string | null): Seen['reply'] {
  if (!text) return undefined;
  if (contentType?.startsWith('text/event-stream')) {
    const events = text.split('\n').filter((line) => line.startsWith('data: ')).map((line) => JSON.parse(line.slice(6)));
    return events.filter((event) => 'id' in event).pop();
  }
  return JSON.parse(text);
}

/** A POST through node:http (which, unlike fetch, can send one header on several lines). */
function overHttp(url: string, spec: RequestSpec): Promise<Seen> {
  const { body, headers } = build(spec);
  const all: Record<string, string | string[]> = { ...headers, ...lowerLists(spec.headerLists ?? {}), authorization: `Bearer ${spec.token ?? 'reader'}` };
  return new Promise((resolve, reject) => {
    // a request the client closed (its signal) is one it sees nothing more of
    const failed = (error: Error) => (spec.signal?.aborted ? resolve({ headers: {} }) : reject(error));
    const req = httpRequest(url, { method: 'POST', headers: all, signal: spec.signal }, (res) => {
      const chunks: Buffer[] = [];
      const events = spec.answer && new EventReader((message) => {
        const response = responseTo(spec, message);
        if (response) void overHttp(url, { version: spec.version, method: '', token: spec.token, raw: response });
      });
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        events?.push(chunk.toString('utf8'));
      });
      res.on('end', () => resolve({ status: res.statusCode, headers: flatHeaders(res.headers), reply: parseBody(Buffer.concat(chunks).toString('utf8'), res.headers['content-type'] ?? null) }));
      res.on('error', failed);
    });
    req.on('error', failed);
    req.end(body);
  });
}

function lowerLists(headers: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

async function fromResponse(res: Response): Promise<Seen> {
  const headers: Record<string, string> = {};
  res.headers.forEach((value, key) => (headers[key] = value));
  return { status: res.status, headers, reply: parseBody(await res.text(), res.headers.get('content-type')) };
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`)));
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** The options every HTTP transport adds: a body cap, the server card, the legacy `GET` stream. */
const HTTP_OPTIONS = Object.freeze({ maxBodyBytes: 4096, serverCard: SERVER_CARD, notificationStream: true });

/** What the client of the dispatcher sees of its result. */
function seenOf(result: DispatchResult): Seen {
  return { status: result.status, headers: lower({ ...result.headers }), reply: result.body ? JSON.parse(result.body) : undefined };
}

/** A node:http server (Express, plain, Fastify's) on a loopback port, as a transport. */
async function overNodeHttp(name: TransportName, server: Server, decl: ToolDeclaration, recorder: Recorder, closing: () => Promise<void> | undefined): Promise<Transport> {
  const closed = serverSockets(server);
  const url = await listen(server);
  return {
    ...TRAITS[name],
    recorder,
    decl,
    send: (spec) => overHttp(url, spec),
    listen: (spec) => listenOverHttp(url, spec, build(spec), closed),
    fetch: (path, init) => fetch(url + path, init),
    close: () => closing() ?? closeServer(server),
  };
}

/** Serves a fresh fixture over `name`. */
export async function open(name: TransportName): Promise<Transport> {
  const { decl, defs, recorder } = matrixService();
  const options = matrixOptions(recorder);
  switch (name) {
    case 'dispatcher': {
      const dispatcher = new Dispatcher(defs, decl, options);
      const auth = matrixAuth();
      const policy = { resourceMetadataUrl: resourceMetadataUrl(RESOURCE), requiredScopes: [], listOnlyPermittedTools: auth.listOnlyPermittedTools === true };
      const contextOf = (spec: RequestSpec, headers: Record<string, string>, notify: (json: string) => void, signal?: AbortSignal): DispatchContext => {
        const info = TOKENS[spec.token ?? 'reader'];
        return { protocolVersion: headers['mcp-protocol-version'], header: (n) => headers[n], access: info && new Access(info, policy), notify, signal };
      };
      return {
        ...TRAITS[name],
        recorder,
        decl,
        async send(spec) {
          const { body, headers } = build(spec);
          const context = contextOf(
            spec,
            headers,
            (json) => {
              const response = responseTo(spec, JSON.parse(json));
              if (response) void dispatcher.dispatch(response, context);
            },
            spec.signal,
          );
          const result = await dispatcher.dispatch(body, context);
          return seenOf(result);
        },
        async listen(spec) {
          if (!isModernVersion(spec.version)) throw new Error('the dispatcher holds no legacy stream');
          const { body, headers } = build(spec);
          const frames = new Frames();
          const controller = new AbortController();
          const done = dispatcher.dispatch(body, contextOf(spec, headers, (json) => frames.push(JSON.parse(json) as Frame), controller.signal));
          const refused = await Promise.race([frames.first().then(() => undefined), done]);
          if (refused) return refusedListen(seenOf(refused));
          return frames.listening(async () => {
            controller.abort(new Error('the client closed the stream'));
            await done;
          });
        },
        close: async () => undefined,
      };
    }
    case 'mcpRouter': {
      const app = express();
      app.use('/mcp', mcpRouter(decl, defs, { ...options, ...HTTP_OPTIONS, auth: matrixAuth() }));
      return overNodeHttp(name, createServer(app), decl, recorder, () => undefined);
    }
    case 'mcpHandler':
      return overNodeHttp(name, createServer(mcpHandler(decl, defs, { ...options, ...HTTP_OPTIONS, auth: matrixAuth() })), decl, recorder, () => undefined);
    case 'mcpFetchHandler': {
      const handler = mcpFetchHandler(decl, defs, { ...options, ...HTTP_OPTIONS, auth: matrixAuth() });
      return {
        ...TRAITS[name],
        recorder,
        decl,
        listen: (spec) => listenOverFetch((init) => handler(new Request('http://localhost/mcp', init)), spec, build(spec)),
        async send(spec) {
          const { body, headers } = build(spec);
          const post = (text: string, signal?: AbortSignal) => handler(new Request('http://localhost/mcp', { method: 'POST', headers: { ...headers, authorization: `Bearer ${spec.token ?? 'reader'}` }, body: text, signal }));
          const res = await post(body, spec.signal);
          if (spec.signal?.aborted) return { headers: {} }; // the client closed the request: it reads nothing of it
          if (!spec.answer || !res.body) return fromResponse(res);
          // read the stream as it comes, answering the server's requests on it
          let text = '';
          const events = new EventReader((message) => {
            const response = responseTo(spec, message);
            if (response) void post(response);
          });
          const decoder = new TextDecoder();
          for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
            const part = decoder.decode(chunk, { stream: true });
            text += part;
            events.push(part);
          }
          const seen: Record<string, string> = {};
          res.headers.forEach((value, key) => (seen[key] = value));
          return { status: res.status, headers: seen, reply: parseBody(text, res.headers.get('content-type')) };
        },
        fetch: (path, init) => handler(new Request(`http://localhost/mcp${path}`, init)),
        close: async () => undefined,
      };
    }
    case 'mcpPlugin': {
      const app = Fastify();
      await app.register(mcpPlugin, { decl, defs, path: '/mcp', ...options, ...HTTP_OPTIONS, auth: matrixAuth() });
      await app.ready();
      return overNodeHttp(name, app.server, decl, recorder, () => {
        app.server.closeAllConnections(); // a stream a failed row left open would hold app.close() forever
        return app.close();
      });
    }
    case 'serveStdio':
      return stdioTransport(decl, defs, recorder, options);
  }
}

/** serveStdio over in-memory streams: one connection per (version, capabilities), initialized as a client of that version would. */
function stdioTransport(decl: ToolDeclaration, defs: Parameters<typeof serveStdio>[0], recorder: Recorder, options: ReturnType<typeof matrixOptions>): Transport {
  const connections = new Map<string, StdioConnection>();
  const connection = async (spec: RequestSpec): Promise<StdioConnection> => {
    const modern = isModernVersion(spec.version);
    // over stdio a caller is a connection: another token stands for another client, on its own connection
    const caller = spec.token ?? 'reader';
    const key = modern ? `modern ${caller}` : `${spec.version} ${JSON.stringify(spec.capabilities ?? {})} ${caller}`;
    let open = connections.get(key);
    if (!open) {
      open = new StdioConnection(defs, decl, options);
      connections.set(key, open);
      if (!modern) {
        const init = await open.request(JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: spec.version, capabilities: spec.capabilities ?? {}, clientInfo: { name: 'matrix', version: '1' } } }), 0);
        if (init?.result?.protocolVersion !== spec.version) throw new Error(`stdio initialize negotiated ${JSON.stringify(init?.result?.protocolVersion)}, not ${spec.version}`);
        open.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
      }
    }
    return open;
  };
  return {
    ...TRAITS.serveStdio,
    recorder,
    decl,
    async listen(spec) {
      const open = await connection(spec);
      return isModernVersion(spec.version) ? open.listen(spec) : open.notifications(spec.version);
    },
    async send(spec) {
      const { body, id } = build(spec);
      const open = await connection(spec);
      open.answer = spec.answer && ((message) => responseTo(spec, message));
      const replied = open.request(body, spec.raw ? undefined : id);
      const signal = spec.signal;
      const cancelled = signal && new Promise<undefined>((resolve) => signal.addEventListener('abort', () => void open.cancel(spec.version, id, String(signal.reason)).then(() => resolve(undefined)), { once: true }));
      // the request's own reply, had one come before the cancel was read, wins
      const reply = await (cancelled ? Promise.race([replied, cancelled]) : replied);
      return { headers: {}, reply };
    },
    async close() {
      await Promise.all([...connections.values()].map((c) => c.close()));
    },
  };
}

/** One stdio connection: writes lines, and hands each reply to whoever waits for its id. */
class StdioConnection {
  private readonly input = new PassThrough();
  private readonly output = new PassThrough();
  private readonly done: Promise<void>;
  private buffered = '';
  private readonly waiting = new Map<unknown, (reply: Seen['reply']) => void>();
  private readonly unclaimed: NonNullable<Seen['reply']>[] = [];
  /** Answers the server's requests (the spec of the request in flight). */
  answer: ((message: unknown) => string | undefined) | undefined;
  /** Who hears the connection's notifications (the streams rows hold on it). */
  private readonly heard = new Set<(frame: Frame) => void>();

  constructor(defs: Parameters<typeof serveStdio>[0], decl: Parameters<typeof serveStdio>[1], options: ReturnType<typeof matrixOptions>) {
    this.output.setEncoding('utf8');
    this.output.on('data', (chunk: string) => this.take(chunk));
    this.done = serveStdio(defs, decl, { ...options, input: this.input, output: this.output });
  }

  write(line: string): void {
    this.input.write(line + '\n');
  }

  /** Sends a line and resolves with the reply of `id` (with no id: the next reply without a known waiter, e.g. an id-less error). */
  request(line: string, id: unknown): Promise<Seen['reply']> {
    return new Promise((resolve) => {
      if (id === undefined && this.unclaimed.length) return resolve(this.unclaimed.shift());
      this.waiting.set(id ?? 'any', resolve);
      this.write(line);
    });
  }

  private take(chunk: string): void {
    this.buffered += chunk;
    let end: number;
    while ((end = this.buffered.indexOf('\n')) >= 0) {
      const message = JSON.parse(this.buffered.slice(0, end));
      this.buffered = this.buffered.slice(end + 1);
      if (!Array.isArray(message) && (!('id' in message) || 'method' in message)) {
        // notifications go to the streams held on the connection (or nowhere); a server request is answered when the request in flight says how
        if (!('id' in message)) for (const hear of this.heard) hear(message as Frame);
        const response = this.answer?.(message);
        if (response) this.write(response);
        continue;
      }
      // a batch's replies and an id-less error answer the oldest request still waiting (the one that sent them)
      const oldest = Array.isArray(message) || message.id === null || this.waiting.has('any');
      const key = !Array.isArray(message) && this.waiting.has(message.id) ? message.id : oldest ? this.waiting.keys().next().value : undefined;
      const wake = key === undefined ? undefined : this.waiting.get(key);
      this.waiting.delete(key);
      if (wake) wake(message);
      else this.unclaimed.push(message);
    }
  }

  /**
   * A 2026-07-28 listen on this connection: its frames are the notifications tagged with its id;
   * closing cancels it ({@link cancel}).
   */
  async listen(spec: RequestSpec): Promise<Listening> {
    const { body, id } = build(spec);
    const frames = new Frames();
    const hear = (frame: Frame): void => {
      if (frame.params?._meta?.[META.subscriptionId] === id) frames.push(frame);
    };
    this.heard.add(hear);
    const replied = this.request(body, id);
    const refused = await Promise.race([frames.first().then(() => undefined), replied]);
    if (refused) {
      this.heard.delete(hear);
      return refusedListen({ headers: {}, reply: refused });
    }
    return frames.listening(async () => {
      this.heard.delete(hear);
      await this.cancel(spec.version, id); // a cancelled listen is not answered
    });
  }

  /**
   * Sends `notifications/cancelled` for request `id` (with `reason`, when given), then a request
   * behind it; resolves once that is answered — the connection reads in order, so the cancel was
   * read — and `id` is awaited no more.
   */
  async cancel(version: string, id: number, reason?: string): Promise<void> {
    const meta = isModernVersion(version) ? { _meta: { [META.protocolVersion]: version, [META.clientCapabilities]: {} } } : {};
    this.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, ...(reason === undefined ? {} : { reason }), ...meta } }));
    const after = build({ version, method: isModernVersion(version) ? 'server/discover' : 'ping' });
    await this.request(after.body, after.id);
    this.waiting.delete(id);
  }

  /** The legacy era's stream of this connection: its notifications from now on, once a `ping` says the handshake was read. */
  async notifications(version: string): Promise<Listening> {
    const ping = build({ version, method: 'ping' });
    await this.request(ping.body, ping.id);
    const frames = new Frames();
    const hear = (frame: Frame): void => frames.push(frame);
    this.heard.add(hear);
    return frames.listening(async () => void this.heard.delete(hear));
  }

  async close(): Promise<void> {
    this.input.end();
    await this.done;
  }
}
