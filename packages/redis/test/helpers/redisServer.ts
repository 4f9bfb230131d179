/**
 * redisServer: a real Redis for the tests — Debian's `redis-server`, started on a free loopback
 * port with persistence off, stopped by `stop()`. A missing binary rejects with the reason
 * (install it with `apt-get install -y redis-server`; `.ci/run` does).
 */
import { spawn, ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A running redis-server. */
export interface RedisServer {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
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

/** Starts redis-server; resolves once it accepts connections. */
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
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
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
