/**
 * Every server program (built, in bench/dist) starts on a loopback port or on stdio, answers a
 * tools/call right, reports its CPU time and RSS through the side channel, and exits when asked.
 */
import { HTTP_SERVER_IDS, STDIO_SERVER_IDS, httpServer, stdioServer, type HttpServerId } from '../src/driver/catalog';
import { FrameCollector, frame } from '../src/driver/frames';
import { ServerProcess } from '../src/driver/ServerProcess';
import { BASE_HEADERS, runsWorkload, variantOf, workload, type WorkloadId } from '../src/fixture/workloads';
import { checkCallText } from '../src/fixture/checks';
import { LoadClient } from '../src/load/LoadClient';
import { runPingPongSuite } from '../src/driver/pingPongSuite';
import { post } from './helpers/post';

jest.setTimeout(30_000);

describe('HTTP server programs', () => {
  it('serve MCP 2026-07-28: toolwire (both eras) and SDK v2; the hand-written floors its tools/call only', () => {
    expect(HTTP_SERVER_IDS.filter((id) => httpServer(id).eras.includes('modern'))).toEqual(['raw-http', 'hand-express', 'toolwire-express', 'toolwire-http', 'sdk2', 'tmcp']);
    expect(HTTP_SERVER_IDS.filter((id) => runsWorkload(httpServer(id), 'modern-call-add'))).toEqual(['raw-http', 'hand-express', 'toolwire-express', 'toolwire-http', 'sdk2']);
    expect(HTTP_SERVER_IDS.filter((id) => runsWorkload(httpServer(id), 'modern-list-10'))).toEqual(['toolwire-express', 'toolwire-http', 'sdk2']);
  });

  it.each(['raw-http', 'hand-express'] as const)('%s checks a 2026-07-28 call\'s headers against its body, as the revision asks of any server', async (id) => {
    const server = await ServerProcess.start(httpServer(id).program, { tools: 10 });
    try {
      const add = workload('modern-call-add');
      for (const [header, value] of [['mcp-name', 'echo'], ['mcp-method', 'tools/list'], ['mcp-protocol-version', '2025-11-25']] as const) {
        const res = await post(server.url, add.body, { ...BASE_HEADERS, ...add.headers, [header]: value });
        expect([header, (JSON.parse(res.body) as { error?: { code: number } }).error?.code]).toEqual([header, -32020]);
      }
    } finally {
      await server.close();
    }
  });

  it.each(['toolwire-http', 'sdk2'] as const)('%s lists the 10 tools at 2026-07-28 with resultType, serverInfo and cache hints', async (id) => {
    const server = await ServerProcess.start(httpServer(id).program, { tools: 10 });
    try {
      const list = workload('modern-list-10');
      const res = await post(server.url, list.body, { ...BASE_HEADERS, ...list.headers });
      expect([res.status, list.check(res.body)]).toEqual([200, undefined]);
    } finally {
      await server.close();
    }
  });

  // tmcp runs only the drills (its SSE answers and sessions are what their client handles; see below)
  it.each(HTTP_SERVER_IDS.filter((id) => runsWorkload(httpServer(id), 'call-add') || runsWorkload(httpServer(id), 'modern-call-add')))('%s answers tools/call add with 5 in every era it serves and reports its usage', async (id) => {
    const server = await ServerProcess.start(httpServer(id).program, { tools: 10 });
    try {
      expect(server.port).toBeGreaterThan(0);
      const eras = httpServer(id).eras;
      expect(eras.length).toBeGreaterThan(0);
      for (const era of eras) {
        const add = workload(era === 'modern' ? 'modern-call-add' : 'call-add');
        const res = await post(server.url, add.body, { ...BASE_HEADERS, ...add.headers });
        expect([era, res.status, add.check(res.body)]).toEqual([era, 200, undefined]);
      }
      const usage = await server.usage();
      expect(usage.cpuMicros).toBeGreaterThan(0);
      expect(usage.rss).toBeGreaterThan(10 * 2 ** 20);
    } finally {
      await server.close();
    }
  });
});

describe('the workloads of one feature', () => {
  const structuredServers = HTTP_SERVER_IDS.filter((id) => runsWorkload(httpServer(id), 'call-structured'));

  it('structured output runs on the ceilings, toolwire and the SDK; pages only on toolwire', () => {
    expect(structuredServers).toEqual(['raw-http', 'hand-express', 'toolwire-express', 'toolwire-http', 'sdk']);
    expect(HTTP_SERVER_IDS.filter((id) => runsWorkload(httpServer(id), 'list-1000-page'))).toEqual(['toolwire-express', 'toolwire-http']);
  });

  /** Starts the server variant workload `w` needs, sends its request once, and stops the server. */
  async function sendOnce(id: HttpServerId, w: WorkloadId): Promise<{ status: number; body: string }> {
    const { tools, env } = variantOf(w);
    const server = await ServerProcess.start(httpServer(id).program, { tools, env });
    try {
      return await post(server.url, workload(w).body, { ...BASE_HEADERS, ...workload(w).headers });
    } finally {
      await server.close();
    }
  }

  it.each(structuredServers)('%s answers tools/call sum with structuredContent on its STRUCTURED=1 variant', async (id) => {
    const res = await sendOnce(id, 'call-structured');
    expect([res.status, workload('call-structured').check(res.body)]).toEqual([200, undefined]);
  });

  it.each(['toolwire-express', 'toolwire-http'] as const)('%s answers the second page of 1,000 tools for the cursor the driver computed', async (id) => {
    const res = await sendOnce(id, 'list-1000-page');
    expect([res.status, workload('list-1000-page').check(res.body)]).toEqual([200, undefined]);
    expect((JSON.parse(res.body) as { result: { tools: { name: string }[] } }).result.tools[0].name).toBe('filler_0099'); // tool 101 of add, echo, fillers
  });
});

describe('the drills', () => {
  const drillServers = HTTP_SERVER_IDS.filter((id) => runsWorkload(httpServer(id), 'drill'));
  const modernServers = HTTP_SERVER_IDS.filter((id) => runsWorkload(httpServer(id), 'modern-drill'));
  let load: LoadClient;
  beforeAll(() => (load = LoadClient.start()));
  afterAll(() => load.close());

  it('run on every HTTP server: the legacy one on all but SDK v2, the 2026-07-28 one on those of that era', () => {
    expect(drillServers).toEqual(['raw-http', 'hand-express', 'toolwire-express', 'toolwire-http', 'sdk', 'fastmcp', 'tmcp']);
    expect(modernServers).toEqual(['toolwire-express', 'toolwire-http', 'sdk2', 'tmcp']);
  });

  it.each([...drillServers.map((id) => [id, 'drill'] as const), ...modernServers.map((id) => [id, 'modern-drill'] as const)])('%s answers every request of %s right', async (id, w) => {
    const server = await ServerProcess.start(httpServer(id).program, { tools: 10 });
    try {
      const verified = await load.verify({ url: server.url, workload: w });
      expect(verified.problem).toBeUndefined();
      expect(JSON.parse(verified.body)).toHaveLength(10);
    } finally {
      await server.close();
    }
  });

  it('tmcp under the legacy drill: 50 clients, each with the session its initialize got, every answer right', async () => {
    const server = await ServerProcess.start(httpServer('tmcp').program, { tools: 10 });
    try {
      const verified = await load.verify({ url: server.url, workload: 'drill' });
      const outcome = await load.load({ url: server.url, workload: 'drill', connections: 50, duration: 0.5, reference: verified.body });
      expect([outcome.bad, outcome.errors, outcome.firstBad]).toEqual([0, 0, undefined]);
      expect(outcome.ok).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});

describe('the Mcp-Param workload', () => {
  it.each(['toolwire-express', 'toolwire-http'] as const)('%s answers the call whose Mcp-Param-Region header matches, and refuses one that does not (-32020)', async (id) => {
    const w = workload('modern-call-param');
    const { tools, env } = variantOf('modern-call-param');
    const server = await ServerProcess.start(httpServer(id).program, { tools, env });
    try {
      const right = await post(server.url, w.body, { ...BASE_HEADERS, ...w.headers });
      expect([right.status, w.check(right.body)]).toEqual([200, undefined]);
      const wrong = await post(server.url, w.body, { ...BASE_HEADERS, ...w.headers, 'mcp-param-region': 'us-east-1' });
      expect([wrong.status, (JSON.parse(wrong.body) as { error?: { code: number } }).error?.code]).toEqual([400, -32020]);
    } finally {
      await server.close();
    }
  });
});

describe('the stdio ping-pong suite', () => {
  it('measures one call at a time on the loop and toolwire, taking turns: every reply checked, a rate and a p99 ≥ p50', async () => {
    const log: string[] = [];
    const samples = await runPingPongSuite({ rounds: 2, roundTrips: 1100, warmup: 20, servers: ['hand-stdio', 'toolwire-stdio'], execArgv: () => [], log: (line) => log.push(line) });
    // the servers take turns in blocks of 500 (1,100 = 500 + 500 + 100 each), the first server rotating each round
    expect(samples.map((s) => [s.round, s.server, s.roundTrips, s.failure])).toEqual([
      [1, 'hand-stdio', 1100, undefined],
      [1, 'toolwire-stdio', 1100, undefined],
      [2, 'toolwire-stdio', 1100, undefined],
      [2, 'hand-stdio', 1100, undefined],
    ]);
    expect(log[0]).toMatch(/^round 1\/2 {2}stdio ping-pong 1100 \(turns of 500\): hand-stdio \d+\/s p99 [\d.]+ ms, toolwire-stdio /);
    for (const s of samples) {
      expect(s.perSec).toBeGreaterThan(0);
      expect(s.p99).toBeGreaterThanOrEqual(s.p50);
      expect(s.cpuMicros).toBeGreaterThan(0);
      // one block per turn, each with its own rate and CPU
      expect(s.blocks?.length).toBe(3);
      for (const block of s.blocks ?? []) expect(block.perSec).toBeGreaterThan(0);
    }
  });
});

describe('stdio server programs', () => {
  it.each(STDIO_SERVER_IDS)('%s answers tools/call add after initialize', async (id) => {
    const { program, framing } = stdioServer(id);
    const server = await ServerProcess.start(program, { tools: 10, stdio: true });
    try {
      const lines: string[] = [];
      const two = new Promise<void>((resolve) => {
        const collector = new FrameCollector(framing, (json) => {
          lines.push(json);
          if (lines.length >= 2) resolve();
        });
        server.stdout.on('data', (chunk: Buffer) => collector.push(chunk));
      });
      const init = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '1' } };
      server.stdin.write(frame(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: init }), framing));
      server.stdin.write(frame('{"jsonrpc":"2.0","method":"notifications/initialized"}', framing));
      server.stdin.write(frame('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"add","arguments":{"a":40,"b":2}}}', framing));
      await two;
      expect(checkCallText(lines[1], 2, '42')).toBeUndefined();
    } finally {
      server.stdin.end();
      await server.close();
    }
  });
});
