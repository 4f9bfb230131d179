/**
 * The key comparisons of one run with the peers and the hand-written ceilings, for the root
 * README's Performance table: toolwire's rate ÷ the other server's on the same workload, each the
 * median of per-round ratios, with the CPU per operation compared beside it. A comparison the run
 * did not measure is left out.
 */
import { ratio } from './aggregate';
import type { HttpServerId, StdioServerId } from './catalog';
import type { HttpSample } from './httpSuite';
import type { StdioSample } from './stdioSuite';
import type { PingPongSample } from './pingPongSuite';
import { DRILL_CLIENTS } from '../fixture/drill';
import type { WorkloadId } from '../fixture/workloads';
import { pingPongRatio, stdioRatio } from './targets';

/** One comparison: what is compared, toolwire's rate ÷ the other's, and the CPU comparison. */
export interface PeerRatio {
  what: string;
  /** toolwire's rate ÷ the other server's (req/s, ops/s, msg/s or round trips/s). */
  rate: number;
  /** The other server's CPU per operation ÷ toolwire's (above 1: toolwire spends less); NaN when not measured. */
  lessCpu: number;
}

/** The samples of one run the comparisons read. */
export interface PeerSamples {
  http: readonly HttpSample[];
  stdio: readonly StdioSample[];
  pingPong: readonly PingPongSample[];
}

const DRILL = `drill (${DRILL_CLIENTS} clients, 90 % tools/call echo + 10 % tools/list), ops/s`;
const MODERN_DRILL = `drill at MCP 2026-07-28 (${DRILL_CLIENTS} clients), ops/s`;

/** Every comparison the run measured, in the README's order. */
export function peerRatios(run: PeerSamples): PeerRatio[] {
  const http = (what: string, a: HttpServerId, b: HttpServerId, w: WorkloadId, connections: number): PeerRatio => ({
    what,
    rate: ratio(run.http, a, b, w, connections, 'reqPerSec'),
    lessCpu: 1 / ratio(run.http, a, b, w, connections, 'cpuMicros'),
  });
  const stdio = (what: string, b: StdioServerId): PeerRatio => ({
    what,
    rate: stdioRatio(run.stdio, 'messagesPerSec', 'toolwire-stdio', b),
    lessCpu: 1 / stdioRatio(run.stdio, 'cpuMicros', 'toolwire-stdio', b),
  });
  const pingPong = (what: string, b: StdioServerId): PeerRatio => ({
    what,
    rate: pingPongRatio(run.pingPong, 'perSec', 'toolwire-stdio', b),
    lessCpu: 1 / pingPongRatio(run.pingPong, 'cpuMicros', 'toolwire-stdio', b),
  });
  const all = [
    http(`\`mcpHandler\` ÷ tmcp 1.20, ${DRILL}`, 'toolwire-http', 'tmcp', 'drill', DRILL_CLIENTS),
    http(`\`mcpRouter\` ÷ tmcp 1.20, ${DRILL}`, 'toolwire-express', 'tmcp', 'drill', DRILL_CLIENTS),
    http(`\`mcpHandler\` ÷ the official SDK 1.x, ${DRILL}`, 'toolwire-http', 'sdk', 'drill', DRILL_CLIENTS),
    http(`\`mcpHandler\` ÷ fastmcp, ${DRILL}`, 'toolwire-http', 'fastmcp', 'drill', DRILL_CLIENTS),
    http(`\`mcpHandler\` ÷ the official SDK v2, ${MODERN_DRILL}`, 'toolwire-http', 'sdk2', 'modern-drill', DRILL_CLIENTS),
    http(`\`mcpHandler\` ÷ tmcp 1.20, ${MODERN_DRILL}`, 'toolwire-http', 'tmcp', 'modern-drill', DRILL_CLIENTS),
    http('`mcpHandler` ÷ the raw `node:http` ceiling, tools/call add at c=32, req/s', 'toolwire-http', 'raw-http', 'call-add', 32),
    http('`mcpRouter` ÷ the hand-written Express handler, tools/call add at c=32, req/s', 'toolwire-express', 'hand-express', 'call-add', 32),
    http('`mcpRouter` ÷ the official SDK 1.x (stateless), tools/call add at c=32, req/s', 'toolwire-express', 'sdk', 'call-add', 32),
    stdio('`serveStdio` ÷ the SDK 1.x stdio server, 20,000 pipelined calls, msg/s', 'sdk-stdio'),
    stdio('`serveStdio` ÷ tmcp 1.20 stdio, 20,000 pipelined calls, msg/s', 'tmcp-stdio'),
    stdio('`serveStdio` ÷ the hand-written newline loop, 20,000 pipelined calls, msg/s', 'hand-stdio'),
    pingPong('`serveStdio` ÷ the hand-written newline loop, one call at a time, round trips/s', 'hand-stdio'),
    pingPong('`serveStdio` ÷ the SDK 1.x stdio server, one call at a time, round trips/s', 'sdk-stdio'),
    pingPong('`serveStdio` ÷ tmcp 1.20 stdio, one call at a time, round trips/s', 'tmcp-stdio'),
  ];
  return all.filter((r) => Number.isFinite(r.rate));
}
