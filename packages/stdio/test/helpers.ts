/** Test helpers: a small declaration with sync, async and slow tools, and stream plumbing. */
import { PassThrough } from 'node:stream';
import { ServiceDefinition, ToolDeclaration, integerType, stringType } from '@toolwire/core';

/** Parsed JSON-RPC reply (loosely typed for assertions). */
export interface Reply {
  jsonrpc: string;
  id: string | number | null;
  result?: { content?: Array<{ type: string; text?: string }>; isError?: boolean; protocolVersion?: string } & Record<string, unknown>;
  error?: { code: number; message: string };
}

/** A request line. */
export function request(id: number | string, method: string, params?: unknown): string {
  return JSON.stringify(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
}

/** A tools/call request. */
export function call(id: number | string, name: string, args?: Record<string, unknown>): string {
  return request(id, 'tools/call', args === undefined ? { name } : { name, arguments: args });
}

/** A Content-Length frame. */
export function contentLength(json: string): string {
  return `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`;
}

/** A controllable async tool: `release(name)` resolves the pending `wait(name)` call. */
export class Gates {
  private readonly waiting = new Map<string, (value: string) => void>();
  private readonly started = new Map<string, Promise<void>>();
  private readonly starters = new Map<string, () => void>();
  readonly signals = new Map<string, AbortSignal>();

  /** Resolves once the tool call for `name` has started. */
  whenStarted(name: string): Promise<void> {
    let promise = this.started.get(name);
    if (!promise) {
      promise = new Promise((resolve) => this.starters.set(name, resolve));
      this.started.set(name, promise);
    }
    return promise;
  }

  wait(name: string, signal: AbortSignal): Promise<string> {
    this.signals.set(name, signal);
    void this.whenStarted(name);
    this.starters.get(name)?.();
    return new Promise((resolve, reject) => {
      this.waiting.set(name, resolve);
      signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
    });
  }

  release(name: string): void {
    const resolve = this.waiting.get(name);
    if (!resolve) throw new Error(`no call waiting on ${name}`);
    resolve(`released ${name}`);
  }
}

/** The test service: add (sync), echo (async), wait (gated async), shout (console.log). */
export function createTestService(gates = new Gates()): { defs: ServiceDefinition; decl: ToolDeclaration; gates: Gates } {
  const defs = new ServiceDefinition();
  defs.registerProcedure('add', (a: number, b: number) => a + b);
  defs.registerProcedure('echo', async (message: string) => message);
  defs.registerProcedure('wait', (name: string, ctx: { signal: AbortSignal }) => gates.wait(name, ctx.signal));
  defs.registerProcedure('shout', (message: string) => {
    console.log(message);
    return message.length;
  });
  const decl = new ToolDeclaration('stdio-test', '0.0.1');
  decl.addTool('add', 'Add').addParam('a', integerType(), 'a').addParam('b', integerType(), 'b');
  decl.addTool('echo', 'Echo').addParam('message', stringType(), 'message');
  decl.addTool('wait', 'Wait for the test to release it').addParam('name', stringType(), 'gate name');
  decl.addTool('shout', 'console.log a message').addParam('message', stringType(), 'message');
  return { defs, decl, gates };
}

/** Collects what is written to a PassThrough and splits it into newline or Content-Length frames. */
export class Collector {
  readonly stream = new PassThrough();
  private text = '';
  private waiters: Array<() => void> = [];

  constructor() {
    this.stream.setEncoding('utf8');
    this.stream.on('data', (chunk: string) => {
      this.text += chunk;
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  get raw(): string {
    return this.text;
  }

  /** Every complete frame written so far, in order. */
  frames(): Array<{ framing: 'newline' | 'content-length'; reply: Reply }> {
    const out: Array<{ framing: 'newline' | 'content-length'; reply: Reply }> = [];
    let rest = Buffer.from(this.text, 'utf8');
    while (rest.length > 0) {
      const head = rest.subarray(0, 16).toString('latin1');
      if (head.startsWith('Content-Length:')) {
        const end = rest.indexOf('\r\n\r\n');
        if (end < 0) break;
        const length = Number(/^Content-Length: (\d+)$/.exec(rest.subarray(0, end).toString('latin1'))?.[1]);
        if (rest.length < end + 4 + length) break;
        out.push({ framing: 'content-length', reply: JSON.parse(rest.subarray(end + 4, end + 4 + length).toString('utf8')) as Reply });
        rest = rest.subarray(end + 4 + length);
      } else {
        const end = rest.indexOf(0x0a);
        if (end < 0) break;
        out.push({ framing: 'newline', reply: JSON.parse(rest.subarray(0, end).toString('utf8')) as Reply });
        rest = rest.subarray(end + 1);
      }
    }
    return out;
  }

  replies(): Reply[] {
    return this.frames().map((f) => f.reply);
  }

  /** Resolves once at least `n` complete frames have been written. */
  async waitFor(n: number): Promise<Reply[]> {
    while (this.frames().length < n) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.replies();
  }
}
