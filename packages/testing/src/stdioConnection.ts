/**
 * stdioConnection: the test client over a stdio server — a spawned process (`spawn('node',
 * ['server.js'])`) or `serveStdio` on in-process streams. Messages go out as lines on its stdin
 * and come back as lines on its stdout; what the server sends before a response (progress, log
 * messages) goes with that response; what it asks of the client on the pipe (legacy
 * `elicitation/create`, `sampling/createMessage`, `roots/list`, and `ping`) is answered by the
 * client's handlers. A legacy connection is initialized once, before its first other request.
 * Stdio has no HTTP status: answers report 200, notifications 202.
 */
import { isModernVersion } from '@toolwire/core';
import { internalErrorResponse } from '@toolwire/core/transport';
import type { Exchanged } from './Exchange';
import type { AnsweredAsk } from './results';

/** The slice of a writable stream the connection uses (a child's `stdin`). */
export interface StdioWritable {
  write(chunk: string): boolean;
  end(): unknown;
}

/** The slice of a readable stream the connection uses (a child's `stdout`). */
export interface StdioReadable {
  on(event: 'data', listener: (chunk: string | Uint8Array) => void): unknown;
}

/** A stdio server: a `ChildProcess` spawned with piped stdio, or `{ stdin, stdout }` streams of an in-process `serveStdio`. */
export interface StdioTarget {
  readonly stdin: StdioWritable | null;
  readonly stdout: StdioReadable | null;
}

/** What the connection asks of the client: its answer to a server request, and the params of its `initialize`. */
export interface StdioPeer {
  /** Answers a request the server sent (an ask or `ping`); a throw becomes a JSON-RPC error response. */
  answer(method: string, params: Record<string, unknown>): Promise<unknown>;
  /** The `initialize` params a legacy connection starts with. */
  initializeParams(version: string): Record<string, unknown>;
}

interface Waiter {
  readonly id: unknown;
  readonly notifications: string[];
  readonly asks: AnsweredAsk[];
  resolve(text: string): void;
}

/** One stdio connection: one request line at a time goes out, answers are matched by id. */
export class StdioConnection {
  private buffered = '';
  private readonly waiting: Waiter[] = [];
  private initialized: Promise<void> | undefined;
  private nextId = 1;
  private readonly taps = new Set<(message: { id?: unknown; method?: unknown; params?: unknown }, line: string) => boolean>();

  constructor(
    private readonly target: StdioTarget & { readonly stdin: StdioWritable; readonly stdout: StdioReadable },
    private readonly peer: StdioPeer,
  ) {
    const decoder = new TextDecoder();
    target.stdout.on('data', (chunk) => this.take(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true })));
  }

  /** Whether `value` is a stdio target (an object with a writable `stdin` and a readable `stdout`). */
  static isTarget(value: unknown): value is StdioTarget {
    if (typeof value !== 'object' || value === null) return false;
    const { stdin, stdout } = value as { stdin?: { write?: unknown }; stdout?: { on?: unknown } };
    return typeof stdin?.write === 'function' && typeof stdout?.on === 'function';
  }

  /** Sends one message; resolves with the response (`''` for a notification) and the notifications before it. */
  async send(json: string, version: string | undefined): Promise<Exchanged> {
    const message = JSON.parse(json) as { id?: unknown; method?: string };
    if (message.method === 'initialize') {
      const answer = await this.roundTrip(json, message.id);
      if (!/"error"\s*:/.test(answer.text)) {
        this.write('{"jsonrpc":"2.0","method":"notifications/initialized"}');
        this.initialized ??= Promise.resolve();
      }
      return answer;
    }
    if (version !== undefined && !message.method?.startsWith('notifications/') && !isModernVersion(version)) await this.initialize(version);
    if (message.id === undefined) {
      this.write(json);
      return { status: 202, text: '', notifications: [] };
    }
    return this.roundTrip(json, message.id);
  }

  /**
   * Hands the messages `take` claims (returns true for) to it instead of to the requests
   * waiting — a subscription's notifications and its listen's own response. Returns the
   * function that stops it.
   */
  tap(take: (message: { id?: unknown; method?: unknown; params?: unknown }, line: string) => boolean): () => void {
    this.taps.add(take);
    return () => {
      this.taps.delete(take);
    };
  }

  /** Writes one message line without waiting for anything (a subscription's listen, a cancel). */
  post(json: string): void {
    this.write(json);
  }

  /** Initializes a legacy connection once (before its first request), as `send` does. */
  ready(version: string): Promise<void> {
    return isModernVersion(version) ? Promise.resolve() : this.initialize(version);
  }

  /** Ends the server's input (a stdio server exits when its input ends). */
  close(): void {
    this.target.stdin.end();
  }

  private initialize(version: string): Promise<void> {
    this.initialized ??= (async () => {
      const id = `toolwire-test-init-${this.nextId++}`;
      const { text } = await this.roundTrip(JSON.stringify({ jsonrpc: '2.0', id, method: 'initialize', params: this.peer.initializeParams(version) }), id);
      if (/"error"\s*:/.test(text)) throw new Error(`stdio initialize failed: ${text.slice(0, 200)}`);
      this.write('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    })();
    return this.initialized;
  }

  private roundTrip(json: string, id: unknown): Promise<Exchanged> {
    return new Promise((resolve) => {
      const waiter: Waiter = { id, notifications: [], asks: [], resolve: (text) => resolve({ status: 200, text, notifications: waiter.notifications, asks: waiter.asks }) };
      this.waiting.push(waiter);
      this.write(json);
    });
  }

  private write(line: string): void {
    this.target.stdin.write(`${line}\n`);
  }

  private take(chunk: string): void {
    this.buffered += chunk;
    let end: number;
    while ((end = this.buffered.indexOf('\n')) >= 0) {
      const line = this.buffered.slice(0, end).trim();
      this.buffered = this.buffered.slice(end + 1);
      if (line) this.receive(line);
    }
  }

  private receive(line: string): void {
    let message: { id?: unknown; method?: unknown; params?: unknown };
    try {
      message = JSON.parse(line) as typeof message;
    } catch {
      return; // not a message (stdout is the protocol; a server that prints there is broken, and its answer will be missing)
    }
    if (typeof message.method === 'string' && message.id !== undefined) return void this.answer(message.id, message.method, message.params);
    for (const take of this.taps) if (take(message, line)) return;
    if (typeof message.method === 'string') {
      this.waiting[0]?.notifications.push(line); // a notification goes with the oldest request waiting
      return;
    }
    const at = this.waiting.findIndex((waiter) => waiter.id === message.id);
    const [waiter] = this.waiting.splice(at < 0 ? 0 : at, 1); // an id-less error answers the oldest request
    waiter?.resolve(line);
  }

  private async answer(id: unknown, method: string, params: unknown): Promise<void> {
    const asking = this.waiting[0]; // an ask goes with the oldest request waiting, like a notification
    const body = typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {};
    try {
      const result = await this.peer.answer(method, body);
      if (method !== 'ping') asking?.asks.push({ key: String(id), method, params: body, answer: result });
      this.write(JSON.stringify({ jsonrpc: '2.0', id, result }));
    } catch (error) {
      const refusal = JSON.parse(internalErrorResponse(error instanceof Error ? error.message : String(error))) as Record<string, unknown>;
      this.write(JSON.stringify({ ...refusal, id })); // the client's failure to answer, as an internal error
    }
  }
}
