/**
 * Entry: the cost of the `telemetry` option — `node bench/dist/telemetry.js [--rounds=N]
 * [--requests=N] [--baseline=DIR [--baseline-telemetry]]`. Measured in one run, rounds interleaved:
 *  - in-process, `Dispatcher.handle` of `tools/call add` (ns per call, fastest batch; the
 *    context offers a peer, as node:http's does): without
 *    the option, with it (an SDK tracer whose BatchSpanProcessor feeds an exporter that drops
 *    everything, and a meter: `fixture/telemetryOption.ts`, which the main bench's
 *    `call-telemetry` workload uses too), with it given the API's no-op tracer and meter (`noop`: toolwire's
 *    own share of the cost, without the SDK's), and — with `--baseline=DIR`, a checkout of another commit built
 *    there (e.g. main) — that commit's dispatcher (with `--baseline-telemetry`, also its `noop`
 *    and `on`: a change to the telemetry itself, before and after in one run);
 *  - on node:http (`mcpHandler` in a forked server, driven over keep-alive from here): the
 *    server's CPU time per request (user + system), off against on (and the baseline).
 * Ratios, not absolute figures: the machine is usually shared.
 */
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { join, resolve } from 'node:path';
import * as api from '@opentelemetry/api';
import type { DispatchContext } from '@toolwire/core';
import { telemetryOption } from './fixture/telemetryOption';

type Core = typeof import('@toolwire/core');
type Express = typeof import('@toolwire/express');
/** `baseline*`: the checkout in `--baseline=DIR` (without the option, and with it as `noop`/`on` are). */
type Variant = 'baseline' | 'baseline-noop' | 'baseline-on' | 'off' | 'noop' | 'on';

const CALL = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{"a":2,"b":3}}}';

function modules(variant: Variant, baseline: string | undefined): { core: Core; express: Express } {
  const root = variant.startsWith('baseline') && baseline ? resolve(baseline) : resolve(__dirname, '../..');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const core = require(join(root, 'packages/core/dist/index.js')) as Core;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const express = require(join(root, 'packages/express/dist/index.js')) as Express;
  return { core, express };
}

function service(core: Core): { decl: InstanceType<Core['ToolDeclaration']>; defs: InstanceType<Core['ServiceDefinition']> } {
  const decl = new core.ToolDeclaration('bench', '1.0.0');
  decl.addTool('add', 'Add').addParam('a', core.integerType()).addParam('b', core.integerType());
  const defs = new core.ServiceDefinition().registerProcedure('add', (a: number, b: number) => a + b);
  return { decl, defs };
}

function options(variant: Variant): Record<string, unknown> {
  if (variant.endsWith('noop')) return { telemetry: { api, tracer: api.trace.getTracer('bench'), meter: api.metrics.getMeter('bench') } };
  return variant.endsWith('on') ? { telemetry: telemetryOption() } : {};
}

/** ns per `handle(tools/call add)` in the fastest of `batches` batches. */
function micro(variant: Variant, baseline: string | undefined, batches: number, perBatch: number): number {
  const { core } = modules(variant, baseline);
  const { decl, defs } = service(core);
  const dispatcher = new core.Dispatcher(defs, decl, options(variant) as never);
  // what node:http's context offers: a peer made per request (read only with the option on)
  const context = (): DispatchContext => ({
    protocolVersion: '2025-11-25',
    peer: () => ({ transport: 'tcp', protocol: 'http', protocolVersion: '1.1', address: '127.0.0.1', port: 50000 }),
  });
  for (let i = 0; i < perBatch; i++) dispatcher.handle(CALL, context());
  let best = Infinity;
  for (let b = 0; b < batches; b++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < perBatch; i++) dispatcher.handle(CALL, context());
    best = Math.min(best, Number(process.hrtime.bigint() - start) / perBatch);
  }
  return best;
}

/** The forked server: mcpHandler on node:http, port and CPU usage over IPC. */
function serve(variant: Variant, baseline: string | undefined): void {
  const { core, express } = modules(variant, baseline);
  const { decl, defs } = service(core);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const http = require('node:http') as typeof import('node:http');
  const server = http.createServer(express.mcpHandler(decl, defs, options(variant) as never));
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as { port: number }).port }));
  process.on('message', (message: string) => {
    if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
    if (message === 'exit') server.close(() => process.exit(0));
  });
}

interface Child {
  port: number;
  ask(what: 'cpu'): Promise<NodeJS.CpuUsage>;
  stop(): void;
}

function startServer(variant: Variant, baseline: string | undefined): Promise<Child> {
  const child = fork(__filename, ['--serve', variant, ...(baseline ? [`--baseline=${baseline}`] : [])]);
  return new Promise((resolveChild) => {
    child.once('message', (m: { port: number }) =>
      resolveChild({
        port: m.port,
        ask: () => new Promise((r) => child.once('message', (reply: { cpu: NodeJS.CpuUsage }) => r(reply.cpu)) && child.send('cpu')),
        stop: () => child.send('exit'),
      }),
    );
  });
}

/** Sends `n` calls, `concurrency` at a time, over keep-alive; µs of server CPU per request. */
async function drive(server: Child, n: number, concurrency: number): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25', host: '127.0.0.1' };
  const one = (): Promise<void> =>
    new Promise((done, fail) => {
      const req = request({ host: '127.0.0.1', port: server.port, path: '/mcp', method: 'POST', headers, agent }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? done() : fail(new Error(`status ${res.statusCode}`))));
      });
      req.on('error', fail);
      req.end(CALL);
    });
  const run = async (count: number): Promise<void> => {
    let left = count;
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (left-- > 0) await one();
    }));
  };
  await run(Math.min(2000, n)); // warm-up
  const before = await server.ask('cpu');
  await run(n);
  const after = await server.ask('cpu');
  agent.destroy();
  return (after.user - before.user + after.system - before.system) / n;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function main(): Promise<void> {
  const arg = (name: string, fallback: string): string => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
  const baseline = process.argv.find((a) => a.startsWith('--baseline='))?.slice('--baseline='.length);
  if (process.argv.includes('--serve')) return serve(process.argv[process.argv.indexOf('--serve') + 1] as Variant, baseline);
  const rounds = Number(arg('rounds', '3'));
  const requests = Number(arg('requests', '20000'));
  const variants: Variant[] = ['off', 'noop', 'on'];
  if (baseline) variants.unshift(...(process.argv.includes('--baseline-telemetry') ? (['baseline', 'baseline-noop', 'baseline-on'] as const) : (['baseline'] as const)));
  const ns: Record<string, number[]> = {};
  const cpu: Record<string, number[]> = {};
  for (let r = 0; r < rounds; r++) {
    for (const v of variants) (ns[v] ??= []).push(micro(v, baseline, 20, 5000));
    for (const v of variants) {
      const server = await startServer(v, baseline);
      (cpu[v] ??= []).push(await drive(server, requests, 8));
      server.stop();
    }
    console.error(`round ${r + 1}/${rounds} done`);
  }
  console.log(`telemetry cost, tools/call add (${rounds} rounds interleaved, medians; Node ${process.version})`);
  for (const v of variants) {
    const m = median(ns[v]);
    const c = median(cpu[v]);
    const against = baseline ? `  ×baseline ${(c / median(cpu.baseline)).toFixed(3)}` : '';
    console.log(
      `${v.padEnd(13)} dispatcher ${m.toFixed(0).padStart(6)} ns/call  ×off ${(m / median(ns.off)).toFixed(3)}   node:http ${c.toFixed(1).padStart(6)} µs CPU/request  ×off ${(c / median(cpu.off)).toFixed(3)}${against}`,
    );
  }
}

void main();
