/**
 * 2026-07-28 over stdio: a modern request may be the first line (no initialize), each line is
 * classified by its own _meta, legacy and modern lines share one connection, notifications of a
 * modern call come before its response with no ping barrier (the era has no ping, and its server
 * must not write requests to stdout), and the loop ends at EOF.
 */
import { PassThrough } from 'node:stream';
import { ServiceDefinition, ToolDeclaration, integerType } from '@toolwire/core';
import { serveStdio } from '@toolwire/stdio';

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

function server() {
  const decl = new ToolDeclaration('modern-stdio', '1.0.0');
  const defs = new ServiceDefinition();
  const count = decl.addTool('count', 'Counts to n with progress').addParam('n', integerType());
  defs.registerTool(count, async (n, ctx) => {
    for (let i = 1; i <= n; i++) {
      ctx.progress(i, n);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return n;
  });
  return { decl, defs };
}

async function run(lines: unknown[]): Promise<Record<string, unknown>[]> {
  const { decl, defs } = server();
  const input = new PassThrough();
  const output = new PassThrough();
  let written = '';
  output.on('data', (chunk: Buffer) => (written += chunk.toString()));
  const done = serveStdio(defs, decl, { input, output });
  input.end(lines.map((line) => JSON.stringify(line) + '\n').join(''));
  await done; // EOF ends the loop once every reply is written
  return written.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('2026-07-28 over stdio', () => {
  it('answers a modern first line with no initialize before it', async () => {
    const [reply] = await run([{ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: META } }]);
    expect(reply).toMatchObject({ id: 1, result: { tools: [{ name: 'count' }], resultType: 'complete', ttlMs: 0, cacheScope: 'private' } });
  });

  it('writes a modern call\'s progress before its response, and never a ping', async () => {
    const messages = await run([{ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'count', arguments: { n: 3 }, _meta: { ...META, progressToken: 'p' } } }]);
    expect(messages.map((m) => m.method ?? `response ${String(m.id)}`)).toEqual(['notifications/progress', 'notifications/progress', 'notifications/progress', 'response 2']);
    expect(messages[3]).toMatchObject({ result: { content: [{ type: 'text', text: '3' }], resultType: 'complete' } });
  });

  it('serves legacy and modern lines on one connection, each by its own era', async () => {
    const messages = await run([
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } } },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
      { jsonrpc: '2.0', id: 3, method: 'ping', params: { _meta: META } },
      { jsonrpc: '2.0', id: 4, method: 'server/discover', params: { _meta: META } },
    ]);
    const byId = new Map(messages.map((m) => [m.id, m]));
    expect(byId.get(1)).toMatchObject({ result: { protocolVersion: '2025-06-18' } });
    expect(byId.get(2)).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    expect(byId.get(3)).toMatchObject({ error: { code: -32601 } });
    expect(byId.get(4)).toMatchObject({ result: { supportedVersions: ['2026-07-28'], resultType: 'complete' } });
  });
});
