/**
 * Entry: the cost of the `telemetry` option — `node bench/dist/telemetry.js [--rounds=N]
 * [--requests=N] [--slices=N] [--configs=off,noop,on,…] [--baseline=DIR [--baseline-telemetry]]
 * [--profile=DIR] [--no-micro] [--node-flags=A,B]`. Every config is a server process (`mcpHandler` on node:http) serving
 * `tools/call add`, driven over keep-alive from here; the figure is the server's CPU time per
 * request (user + system). In each round all servers run at once and are driven in turn, a slice
 * of requests each (`--slices` per round, the order rotating), so the machine's noise hits them
 * alike; each slice's CPU is set against `off`'s slice of the same cycle, and the median (and
 * quartiles) of those ratios over all slices of all rounds is printed.
 * Configs: `off` (no option) and those of `fixture/telemetryConfigs.ts` (`noop`: the API's no-op
 * tracer and meter, toolwire's own share; `on`: the SDK as the main bench has it; `simple`,
 * `traces`, `metrics`, `sampled`, `als`). With `--baseline=DIR` (a checkout of another commit,
 * built there, e.g. `git archive main | tar -x -C DIR`), `baseline` is that commit without the
 * option (with `--baseline-telemetry`, also its `noop` and `on`: `baseline-noop`, `baseline-on`).
 * Each server also times, in-process, `Dispatcher.handle` alone and the SDK calls toolwire makes
 * per request alone (`telemetrySdkMicro.ts`). `--profile=DIR` writes each server's V8 CPU profile
 * there (`DIR/<config>.cpuprofile`, summarized by `profileSummary.js`) in the last round, and
 * skips the in-process timings, as `--no-micro` does; `--node-flags=A,B` starts the servers with
 * those Node flags (e.g. `--max-semi-space-size=16`).
 */
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { join, resolve } from 'node:path';
import { isTelemetryConfig, TELEMETRY_CONFIGS, telemetryConfig } from './fixture/telemetryConfigs';
import type { RequestListener } from 'node:http';
import type { BenchTelemetryOption } from './fixture/telemetryOption';
import { CALL, dispatcherNs, sdkCalls, sdkTimings } from './telemetrySdkMicro';
import type { SdkTimings } from './telemetrySdkMicro';

type Core = typeof import('@toolwire/core');
type Express = typeof import('@toolwire/express');

/** What a server reports of its in-process timings. */
interface Micro extends SdkTimings {
  dispatcher: number;
}

/** A config's checkout (this one, or the baseline's) and its telemetry setup (`off`: none). */
function parse(name: string): { baseline: boolean; setup: string } {
  if (name === 'baseline') return { baseline: true, setup: 'off' };
  return name.startsWith('baseline-') ? { baseline: true, setup: name.slice('baseline-'.length) } : { baseline: false, setup: name };
}

function modules(baseline: string | undefined): { core: Core; express: Express } {
  const root = baseline ? resolve(baseline) : resolve(__dirname, '../..');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const core = require(join(root, 'packages/core/dist/index.js')) as Core;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const express = require(join(root, 'packages/express/dist/index.js')) as Express;
  return { core, express };
}

/**
 * `bare`: no option; the SDK calls toolwire makes per request (`sdkCalls`) made in front of the
 * handler instead — what they cost alone on a loaded server, toolwire's own work aside.
 */
function bare(option: BenchTelemetryOption, handler: RequestListener): RequestListener {
  const calls = sdkCalls(option);
  return (req, res) => {
    calls();
    handler(req, res);
  };
}

/** The forked server: mcpHandler on node:http; port, CPU usage and in-process timings over IPC. */
function serve(name: string, baseline: string | undefined): void {
  const { baseline: old, setup } = parse(name);
  const { core, express } = modules(old ? baseline : undefined);
  const decl = new core.ToolDeclaration('bench', '1.0.0');
  decl.addTool('add', 'Add').addParam('a', core.integerType()).addParam('b', core.integerType());
  const defs = new core.ServiceDefinition().registerProcedure('add', (a: number, b: number) => a + b);
  const telemetry = isTelemetryConfig(setup) ? telemetryConfig(setup) : setup === 'bare' ? telemetryConfig('on') : undefined;
  const options = (telemetry && setup !== 'bare' ? { telemetry } : {}) as never;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const http = require('node:http') as typeof import('node:http');
  const handler = express.mcpHandler(decl, defs, options);
  const server = http.createServer(telemetry && setup === 'bare' ? bare(telemetry, handler) : handler);
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as { port: number }).port }));
  process.on('message', (message: string) => {
    if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
    if (message === 'micro') {
      const dispatcher = new core.Dispatcher(defs, decl, options);
      const sdk = telemetry ? sdkTimings(telemetry) : { span: 0, record: 0, with: 0 };
      process.send?.({ micro: { dispatcher: dispatcherNs(dispatcher), ...sdk } });
    }
    if (message === 'exit') server.close(() => process.exit(0));
  });
}

interface Child {
  name: string;
  port: number;
  cpu(): Promise<NodeJS.CpuUsage>;
  micro(): Promise<Micro>;
  stop(): Promise<void>;
}

function startServer(name: string, baseline: string | undefined, profile: string | undefined, nodeFlags: string[]): Promise<Child> {
  const execArgv = [...nodeFlags, ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`, `--cpu-prof-name=${name}.cpuprofile`] : [])];
  const child = fork(__filename, ['--serve', name, ...(baseline ? [`--baseline=${baseline}`] : [])], { execArgv });
  const ask = <T>(what: string, key: string): Promise<T> =>
    new Promise((answer) => {
      const on = (reply: Record<string, T>): void => {
        if (!(key in reply)) return;
        child.off('message', on);
        answer(reply[key]);
      };
      child.on('message', on);
      child.send(what);
    });
  return new Promise((ready) => {
    child.once('message', (m: { port: number }) =>
      ready({
        name,
        port: m.port,
        cpu: () => ask('cpu', 'cpu'),
        micro: () => ask('micro', 'micro'),
        stop: () => new Promise((exited) => child.once('exit', () => exited()) && child.send('exit')),
      }),
    );
  });
}

/** Sends `n` calls to `server`, `concurrency` at a time, over `agent`'s keep-alive sockets. */
async function send(server: Child, agent: Agent, n: number, concurrency: number): Promise<void> {
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25', host: '127.0.0.1' };
  const one = (): Promise<void> =>
    new Promise((done, fail) => {
      const req = request({ host: '127.0.0.1', port: server.port, path: '/mcp', method: 'POST', headers, agent }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? done() : fail(new Error(`${server.name}: status ${res.statusCode}`))));
      });
      req.on('error', fail);
      req.end(CALL);
    });
  let left = n;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (left-- > 0) await one();
  }));
}

/** µs of server CPU per request (user + system) over `slice`. */
async function cpuPerRequest(server: Child, slice: () => Promise<void>, n: number): Promise<number> {
  const before = await server.cpu();
  await slice();
  const after = await server.cpu();
  return (after.user - before.user + after.system - before.system) / n;
}

/** The `q` quantile of `values` (nearest rank). */
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
}

function median(values: number[]): number {
  return quantile(values, 0.5);
}

interface RoundOptions {
  baseline: string | undefined;
  requests: number;
  slices: number;
  /** Where the servers write CPU profiles. */
  profile: string | undefined;
  /** Whether the servers time themselves in-process first (they do not when profiled). */
  micro: boolean;
  /** Node flags of the servers. */
  nodeFlags: string[];
}

/** One round: every server started, timed in-process, then driven slice by slice in rotating order; µs of CPU per request of each slice. */
async function round(names: string[], { baseline, requests, slices, profile, micro: timed, nodeFlags }: RoundOptions): Promise<{ cpu: Record<string, number[]>; micro: Record<string, Micro> }> {
  const servers = await Promise.all(names.map((n) => startServer(n, baseline, profile, nodeFlags)));
  const agents = servers.map(() => new Agent({ keepAlive: true, maxSockets: 8 }));
  await Promise.all(servers.map((s, i) => send(s, agents[i], 2000, 8))); // warm-up
  const micro: Record<string, Micro> = {};
  // a profiled server skips the in-process timings, so its profile holds the requests' work only
  for (const s of servers) micro[s.name] = timed && !profile ? await s.micro() : { dispatcher: NaN, span: NaN, record: NaN, with: NaN };
  const used: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  const perSlice = Math.ceil(requests / slices);
  for (let k = 0; k < slices; k++) {
    for (let j = 0; j < servers.length; j++) {
      const i = (j + k) % servers.length;
      const s = servers[i];
      used[s.name].push(await cpuPerRequest(s, () => send(s, agents[i], perSlice, 8), perSlice));
    }
  }
  agents.forEach((a) => a.destroy());
  await Promise.all(servers.map((s) => s.stop()));
  return { cpu: used, micro };
}

async function main(): Promise<void> {
  const arg = (name: string, fallback: string): string => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
  const baseline = process.argv.find((a) => a.startsWith('--baseline='))?.slice('--baseline='.length);
  if (process.argv.includes('--serve')) return serve(process.argv[process.argv.indexOf('--serve') + 1], baseline);
  const rounds = Number(arg('rounds', '3'));
  const requests = Number(arg('requests', '20000'));
  const slices = Number(arg('slices', '10'));
  const profile = process.argv.find((a) => a.startsWith('--profile='))?.slice('--profile='.length);
  const timed = !process.argv.includes('--no-micro');
  const nodeFlags = arg('node-flags', '').split(',').filter(Boolean);
  const names = arg('configs', 'off,noop,on').split(',');
  if (!names.includes('off')) names.unshift('off');
  if (baseline) names.unshift(...(process.argv.includes('--baseline-telemetry') ? ['baseline', 'baseline-noop', 'baseline-on'] : ['baseline']));
  for (const n of names) {
    const { baseline: old, setup } = parse(n);
    if ((setup !== 'off' && setup !== 'bare' && !isTelemetryConfig(setup)) || (old && !baseline)) throw new RangeError(`--configs: expected off, bare or one of ${Object.keys(TELEMETRY_CONFIGS).join(', ')}, got ${n}`);
  }
  // per slice: µs of CPU per request, and its ratio to the slice of `off` (or `baseline`) in the same cycle
  const cpu: Record<string, number[]> = {};
  const ratio: Record<string, number[]> = {};
  const against: Record<string, number[]> = {};
  const micro: Record<string, Micro[]> = {};
  for (let r = 0; r < rounds; r++) {
    const result = await round(names, { baseline, requests, slices, profile: r === rounds - 1 ? profile : undefined, micro: timed, nodeFlags });
    for (const n of names) {
      (cpu[n] ??= []).push(...result.cpu[n]);
      (ratio[n] ??= []).push(...result.cpu[n].map((c, k) => c / result.cpu.off[k]));
      if (baseline) (against[n] ??= []).push(...result.cpu[n].map((c, k) => c / result.cpu.baseline[k]));
      (micro[n] ??= []).push(result.micro[n]);
    }
    console.error(`round ${r + 1}/${rounds} done`);
  }
  const m = (n: string, key: keyof Micro): number => median(micro[n].map((x) => x[key]));
  console.log(`telemetry cost, tools/call add on node:http (${rounds} rounds × ${requests} requests in ${slices} interleaved slices; medians over slices, [quartiles]; Node ${process.version})`);
  console.log('config          µs CPU/req   ×off  [quartiles]      ×baseline | in-process ns: dispatcher ×off | SDK alone: span  record  context.with');
  for (const n of names) {
    const range = `[${quantile(ratio[n], 0.25).toFixed(2)}–${quantile(ratio[n], 0.75).toFixed(2)}]`;
    const vsBaseline = baseline ? median(against[n]).toFixed(3) : '';
    console.log(
      `${n.padEnd(15)} ${median(cpu[n]).toFixed(1).padStart(9)}  ${median(ratio[n]).toFixed(3)} ${range.padEnd(13)}  ${vsBaseline.padStart(9)} | ${m(n, 'dispatcher').toFixed(0).padStart(13)} ${(m(n, 'dispatcher') / m('off', 'dispatcher')).toFixed(2)} | ${m(n, 'span').toFixed(0).padStart(15)} ${m(n, 'record').toFixed(0).padStart(7)} ${m(n, 'with').toFixed(0).padStart(13)}`,
    );
  }
  for (const n of names.filter((x) => isTelemetryConfig(parse(x).setup))) console.log(`  ${n}: ${TELEMETRY_CONFIGS[parse(n).setup as keyof typeof TELEMETRY_CONFIGS]}`);
  if (names.includes('bare')) console.log('  bare: no option; the SDK calls of `on` (span, record) made alone in front of the handler');
}

void main();
