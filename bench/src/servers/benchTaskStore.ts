/**
 * The task store of a bench server process started with `TASKS=…` (the task workloads):
 * `memory` leaves toolwire's default (a MemoryTaskStore made on the first task); `redis` starts a
 * redis-server of its own on a free 127.0.0.1 port (persistence off), connects a RedisTaskStore
 * (`@toolwire/redis`) to it, and kills that redis-server when the process exits.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import type { TaskStore } from '@toolwire/core';
import { tasksFromEnv } from '../fixture/toolSpecs';

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

/** Starts a redis-server on a free loopback port, killed when this process exits; resolves with its URL once it is ready. */
export async function startRedis(): Promise<string> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  process.on('exit', () => child.kill('SIGTERM'));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start within 10 s:\n${output}`)), 10_000);
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(error.code === 'ENOENT' ? new Error('redis-server is not installed (apt-get install -y redis-server)') : error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${output}`));
    });
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  });
  child.removeAllListeners('exit');
  child.stdout.removeAllListeners('data');
  child.stdout.resume();
  child.stderr.resume();
  return `redis://127.0.0.1:${port}`;
}

/**
 * The dispatcher options of the task store `TASKS=…` names: none for `memory` or no tasks (the
 * default store), `{ taskStore }` over a fresh redis-server for `redis`.
 */
export async function taskStoreOptions(env: NodeJS.ProcessEnv = process.env): Promise<{ taskStore?: TaskStore }> {
  if (tasksFromEnv(env) !== 'redis') return {};
  // loaded only here: a process that does not use Redis does not carry its client (the RSS figures)
  const { RedisTaskStore } = await import('@toolwire/redis');
  return { taskStore: await RedisTaskStore.connect({ url: await startRedis() }) };
}
