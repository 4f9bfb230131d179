/**
 * Every server program (built, in bench/dist) starts on a loopback port or on stdio, answers a
 * tools/call right, reports its CPU time and RSS through the side channel, and exits when asked.
 */
import { request } from 'node:http';
import { HTTP_SERVER_IDS, STDIO_SERVER_IDS, httpServer, stdioServer, type HttpServerId } from '../src/driver/catalog';
import { FrameCollector, frame } from '../src/driver/frames';
import { ServerProcess } from '../src/driver/ServerProcess';
import { BASE_HEADERS, runsWorkload, variantOf, workload, type WorkloadId } from '../src/fixture/workloads';
import { checkCallText } from '../src/fixture/checks';

jest.setTimeout(30_000);

function post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('HTTP server programs', () => {
  it('serve MCP 2026-07-28: toolwire (both eras) and SDK v2', () => {
    expect(HTTP_SERVER_IDS.filter((id) => httpServer(id).eras.includes('modern'))).toEqual(['toolwire-express', 'toolwire-http', 'sdk2']);
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

  it.each(HTTP_SERVER_IDS)('%s answers tools/call add with 5 in every era it serves and reports its usage', async (id) => {
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
