/**
 * The root README's hand-written MCP App view, run as written: the server block under
 * "Interactive views (MCP Apps)" is compiled, started on a free port and asked what a host asks —
 * tools/list points `server_time` at the view, resources/read serves the view as an MCP App
 * (`text/html;profile=mcp-app`) whose script is valid JavaScript speaking the Apps handshake, and
 * tools/call answers the structured time the view shows. (Its type check is
 * test/docs/readmeBlocks.test.ts's.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { readmeBlock, runExample } from '../../../test-support/readmeExample';
import type { RunningExample } from '../../../test-support/readmeExample';

jest.setTimeout(60_000);

const root = join(__dirname, '..', '..', '..');
let dir = '';
let example: RunningExample;

/** A JSON-RPC request to the example at 2025-11-25 (as a host that initialized), answered as its `result`. */
async function call(method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await fetch(`http://127.0.0.1:${example.port}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: Record<string, unknown>; error?: unknown };
  if (!body.result) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  return body.result;
}

beforeAll(async () => {
  dir = mkdtempSync(join(root, 'examples', 'apps-server', '.readme-view-')); // inside the repo, so its packages resolve
  example = await runExample(readmeBlock('## Interactive views (MCP Apps)', 2), "app.listen(3000, '127.0.0.1');", join(dir, 'clock.js'));
});
afterAll(() => {
  example?.child.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe('the README hand-written MCP App view', () => {
  it('lists server_time pointing at its view', async () => {
    const { tools } = (await call('tools/list', {})) as { tools: { name: string; _meta?: { ui?: { resourceUri?: string } } }[] };
    expect(tools.find((tool) => tool.name === 'server_time')?._meta?.ui?.resourceUri).toBe('ui://clock/view');
  });

  it('serves the view as an MCP App whose script parses and makes the ui/initialize handshake', async () => {
    const { contents } = (await call('resources/read', { uri: 'ui://clock/view' })) as { contents: { uri: string; mimeType: string; text: string }[] };
    expect(contents).toEqual([expect.objectContaining({ uri: 'ui://clock/view', mimeType: 'text/html;profile=mcp-app' })]);
    const script = /<script>([\s\S]*)<\/script>/.exec(contents[0].text)?.[1] ?? '';
    expect(() => new Script(script)).not.toThrow();
    expect(script).toContain("request('ui/initialize'");
    expect(script).toContain("'ui/notifications/initialized'");
    expect(script).toContain("'ui/notifications/tool-result'");
  });

  it('answers tools/call server_time with the structured time the view shows', async () => {
    const result = await call('tools/call', { name: 'server_time', arguments: {} });
    expect(result).toMatchObject({ structuredContent: { time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/) }, isError: false });
  });
});
