/**
 * ServerProcess: one spawned server program (see `servers/`), started with `TOOLS=n`, reached
 * through its IPC side channel: the port it listens on, its CPU time and RSS on request, and a
 * clean exit (so a `--cpu-prof` profile gets written).
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import type { DriverMessage, ServerMessage, UsageDetail } from '../servers/serverIpc';

/** CPU time (user + system, µs), resident set size and used JS heap (bytes) of a server process, and the counters that explain its CPU time. */
export interface Usage extends UsageDetail {
  cpuMicros: number;
  rss: number;
  heapUsed: number;
}

/** How to start a server program. */
export interface ServerProcessOptions {
  /** Tool count (the program's `TOOLS`). */
  tools: number;
  /** Node flags, e.g. `--cpu-prof`. */
  execArgv?: readonly string[];
  /** Pipe stdin/stdout for a stdio server (otherwise they are ignored). */
  stdio?: boolean;
  /** Further environment variables for the program (e.g. `PROGRESS=1`). */
  env?: Readonly<Record<string, string>>;
  /** How long to wait for the program to report ready (ms, default 60 s: a busy shared machine starting a round's dozen programs at once is slow). */
  startTimeoutMs?: number;
}

const STDERR_TAIL = 4000;

/** A running server program. */
export class ServerProcess {
  private seq = 0;
  private stderr = '';
  private readonly waiting = new Map<number, (usage: Usage) => void>();

  private constructor(
    private readonly child: ChildProcess,
    /** The TCP port (0 for a stdio server). */
    readonly port: number,
  ) {
    // a program that died makes IPC writes fail: usage() rejects then, the driver does not crash
    child.on('error', () => undefined);
    child.on('message', (message: ServerMessage) => {
      if (message.type !== 'usage') return;
      const { type: _type, seq: _seq, ...usage } = message;
      this.waiting.get(message.seq)?.(usage);
      this.waiting.delete(message.seq);
    });
  }

  /** The program's process id. */
  get pid(): number {
    return this.child.pid ?? NaN;
  }

  /** Starts `program` (a compiled server program) and resolves once it is ready. */
  static start(program: string, options: ServerProcessOptions): Promise<ServerProcess> {
    const child = fork(program, [], {
      env: { ...process.env, ...options.env, TOOLS: String(options.tools) },
      execArgv: [...(options.execArgv ?? [])],
      stdio: [options.stdio ? 'pipe' : 'ignore', options.stdio ? 'pipe' : 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null): void => fail(`exited with code ${code} before it was ready`);
      const onError = (error: Error): void => fail(error.message);
      const onMessage = (message: ServerMessage): void => {
        if (message.type === 'failed') return fail(message.error);
        if (message.type !== 'ready') return;
        settle();
        const server = new ServerProcess(child, message.port);
        server.stderr = stderr;
        child.stderr?.removeAllListeners('data');
        child.stderr?.on('data', (chunk: string) => {
          server.stderr = (server.stderr + chunk).slice(-STDERR_TAIL);
        });
        resolve(server);
      };
      const settle = (): void => {
        clearTimeout(timer);
        child.off('exit', onExit).off('error', onError).off('message', onMessage);
      };
      const fail = (reason: string): void => {
        settle();
        child.kill('SIGKILL');
        reject(new Error(`${program}: ${reason}${stderr ? `\n${stderr}` : ''}`));
      };
      const timer = setTimeout(() => fail('did not report ready in time'), options.startTimeoutMs ?? 60_000);
      child.on('exit', onExit).on('error', onError).on('message', onMessage);
    });
  }

  /** `http://127.0.0.1:PORT/mcp`. */
  get url(): string {
    return `http://127.0.0.1:${this.port}/mcp`;
  }

  /** The program's stdin (stdio servers only). */
  get stdin(): Writable {
    if (!this.child.stdin) throw new Error('not a stdio server');
    return this.child.stdin;
  }

  /** The program's stdout (stdio servers only). */
  get stdout(): Readable {
    if (!this.child.stdout) throw new Error('not a stdio server');
    return this.child.stdout;
  }

  /** The last few KB the program wrote to stderr. */
  get stderrTail(): string {
    return this.stderr;
  }

  /**
   * The program's CPU time so far, its current RSS and used heap.
   * @param gc - collect garbage first (when the program runs with `--expose-gc`), so `heapUsed` is what is live.
   */
  usage(gc = false): Promise<Usage> {
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      if (!this.child.connected) return reject(new Error('server process is gone'));
      this.waiting.set(seq, resolve);
      this.child.send({ type: 'usage', seq, gc } satisfies DriverMessage, (error) => {
        if (!error) return;
        this.waiting.delete(seq);
        reject(new Error(`server process is gone (${error.message})${this.stderr ? `: ${this.stderr.slice(-300)}` : ''}`));
      });
    });
  }

  /**
   * Resolves once the program is idle — it used under 10% of a core over 100 ms — or after
   * `maxMs`. The usage replies themselves wait while its event loop is busy.
   */
  async settle(maxMs = 15_000): Promise<void> {
    const deadline = Date.now() + maxMs;
    let last = await this.usage();
    let at = process.hrtime.bigint();
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = await this.usage();
      const wall = Number(process.hrtime.bigint() - at) / 1000;
      if (now.cpuMicros - last.cpuMicros < 0.1 * wall) return;
      last = now;
      at = process.hrtime.bigint();
    }
  }

  /** Asks the program to exit, and kills it if it has not within 5 s. */
  close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
      this.child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      if (this.child.connected) this.child.send({ type: 'exit' } satisfies DriverMessage, (error) => error && this.child.kill('SIGTERM'));
      else this.child.kill('SIGTERM');
    });
  }
}
