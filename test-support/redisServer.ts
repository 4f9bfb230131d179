/**
 * redisServer: a real Redis for the tests — Debian's `redis-server`, started on a free loopback
 * port with persistence off, stopped by `stop()`; with `tls`, it listens for TLS only (`--port 0
 * --tls-port N`) with the certificates of testCertificates.ts, and its URL is `rediss://`. A
 * missing binary rejects with the reason (install it with `apt-get install -y redis-server`;
 * `.ci/run` does). Shared by packages/redis's tests and the everything-server's.
 */
import { spawn, ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { TestCertificates } from './testCertificates';

/** A running redis-server. */
export interface RedisServer {
  /** `redis://127.0.0.1:PORT`, or `rediss://127.0.0.1:PORT` for a TLS server. */
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

/** How to start redis-server: on which port, TLS only with these certificates, and whether clients must show one. */
export interface RedisServerOptions {
  /** The port (to start Redis again where a stopped one listened); default a free one. */
  readonly port?: number;
  /** `--requirepass`: clients must authenticate with this password. */
  readonly requirePass?: string;
  readonly tls?: {
    readonly certificates: TestCertificates;
    /** `--tls-auth-clients`: `no` (default here), `optional`, or `yes` (a client certificate signed by the CA is required). */
    readonly authClients?: 'no' | 'optional' | 'yes';
  };
}

/** A port the kernel just handed out on 127.0.0.1 (free at that moment). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The command line of redis-server listening on `port` (plain text, or TLS only). */
function serverArgs(port: number, options: RedisServerOptions): string[] {
  const common = ['--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...(options.requirePass === undefined ? [] : ['--requirepass', options.requirePass])];
  const { tls } = options;
  if (!tls) return ['--port', String(port), ...common];
  const { certificates } = tls;
  return [
    '--port', '0',
    '--tls-port', String(port),
    '--tls-cert-file', certificates.serverCertFile,
    '--tls-key-file', certificates.serverKeyFile,
    '--tls-ca-cert-file', certificates.caFile,
    '--tls-auth-clients', tls.authClients ?? 'no',
    ...common,
  ];
}

/** Starts redis-server; resolves once it accepts connections. */
export async function startRedis(options: RedisServerOptions = {}): Promise<RedisServer> {
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn('redis-server', serverArgs(port, options), {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start within 10 s:\n${output}`)), 10_000);
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(error.code === 'ENOENT' ? new Error('redis-server is not installed: these tests need a real Redis (apt-get install -y redis-server)') : error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${output}`));
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  });
  child.removeAllListeners('exit');
  child.stdout?.removeAllListeners('data');
  child.stdout?.resume();
  return {
    url: `${options.tls ? 'rediss' : 'redis'}://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
