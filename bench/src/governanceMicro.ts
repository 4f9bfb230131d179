/**
 * The governance stores' cost on Redis, in one run beside Redis's own round trip (the floor): a
 * `PING`, a RedisRateLimitStore `hit` (one Lua script), a RedisStateStore `get` and `set`, each
 * awaited one after the other over one connection to a redis-server of this process's own, and a
 * dispatcher's tools/call with and without a rate limit in memory. Prints µs per operation.
 * `node bench/dist/governanceMicro.js [--n=N]` (after a build).
 */
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { Dispatcher, ServiceDefinition, ToolDeclaration, integerType } from '@toolwire/core';
import type { DispatcherOptions } from '@toolwire/core';
import { RedisRateLimitStore, RedisStateStore } from '@toolwire/redis';
import { startRedis } from './servers/benchTaskStore';

const n = Number(process.argv.find((a) => a.startsWith('--n='))?.slice(4) ?? 5000);

/** A bare RESP connection that sends `PING` and resolves on `+PONG` (no client library: the floor is Redis's and the socket's alone). */
async function pinger(url: string): Promise<{ ping(): Promise<void>; close(): void }> {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.setNoDelay(true);
  let waiting: (() => void) | undefined;
  let buffered = '';
  socket.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('latin1');
    if (buffered.endsWith('+PONG\r\n')) {
      buffered = '';
      waiting?.();
    }
  });
  return {
    ping: () =>
      new Promise<void>((resolve) => {
        waiting = resolve;
        socket.write('*1\r\n$4\r\nPING\r\n');
      }),
    close: () => socket.destroy(),
  };
}

async function time(label: string, op: (i: number) => Promise<unknown> | unknown): Promise<number> {
  for (let i = 0; i < Math.min(n, 500); i++) await op(i); // warm-up
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await op(i);
  const us = Number(process.hrtime.bigint() - start) / 1000 / n;
  console.log(`${label.padEnd(44)} ${us.toFixed(2)} µs/op`);
  return us;
}

function dispatcher(options: DispatcherOptions): Dispatcher {
  const decl = new ToolDeclaration('micro', '1.0.0');
  decl.addTool('add', 'Add').addParam('a', integerType()).addParam('b', integerType());
  return new Dispatcher(new ServiceDefinition().registerProcedure('add', (a: number, b: number) => a + b), decl, options);
}

async function main(): Promise<void> {
  const url = await startRedis();
  const raw = await pinger(url);
  const limits = await RedisRateLimitStore.connect({ url });
  const state = await RedisStateStore.connect({ url });
  const ping = await time('Redis PING over a bare socket (the floor)', () => raw.ping());
  const hit = await time('RedisRateLimitStore.hit (1 limit)', () => limits.hit([{ key: 'bench', windowMs: 1000, max: 1e9 }]));
  const set = await time('RedisStateStore.set', (i) => state.set('["token","bench","u",null]', `k:${i % 50}`, '"value"', 60_000, 100));
  const get = await time('RedisStateStore.get', (i) => state.get('["token","bench","u",null]', `k:${i % 50}`));
  console.log(`ratios to PING: hit ${(hit / ping).toFixed(2)}×, set ${(set / ping).toFixed(2)}×, get ${(get / ping).toFixed(2)}×`);
  const body = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{"a":2,"b":3}}}';
  const plain = dispatcher({});
  const limited = dispatcher({ rateLimit: { limits: [{ window: '1s', max: 1e9, per: 'principal', methods: ['tools/call'] }] } });
  const context = { protocolVersion: '2025-06-18' };
  // synchronous calls in a tight loop, alternating, after a warm-up of both: the median of 7 rounds
  const calls = n * 20;
  const loop = (d: Dispatcher): number => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) d.handle(body, context);
    return Number(process.hrtime.bigint() - start) / 1000 / calls;
  };
  loop(plain);
  loop(limited);
  const ratios: number[] = [];
  for (let r = 0; r < 7; r++) {
    const [a, b] = [loop(plain), loop(limited)];
    ratios.push(b / a);
    console.log(`dispatcher tools/call ${a.toFixed(2)} µs, with a rate limit in memory ${b.toFixed(2)} µs`);
  }
  const ratio = ratios.sort((x, y) => x - y)[3];
  console.log(`rate limit in memory: ${ratio.toFixed(3)}× a call without, in process (median of 7; over HTTP: the call-rate-limit-memory workload, target ≤ 1.05)`);
  raw.close();
  await Promise.all([limits.close(), state.close()]);
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
