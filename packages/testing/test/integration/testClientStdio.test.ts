/**
 * The test client over stdio: `serveStdio` on in-process streams and a spawned stdio server. Under
 * a legacy version the connection is initialized first, and the tool's asks come as requests on
 * the pipe, answered by the same handlers that answer 2026-07-28's `input_required`; progress and
 * log notifications come with the response they precede, in both eras.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { serveStdio } from '@toolwire/stdio';
import { mcpTestClient } from '../../src';
import type { McpTestClientOptions } from '../../src';
import { featureService } from '../helpers/featureService';

/** serveStdio over in-process streams: the server's input is the client's stdin. */
function inProcess() {
  const service = featureService();
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const served = serveStdio(service.defs, service.decl, { input: stdin, output: stdout });
  return { target: { stdin, stdout }, served, deleted: service.deleted };
}

const handlers: McpTestClientOptions = {
  onElicit: () => ({ action: 'accept', content: { confirm: true } }),
  onSample: () => ({ role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'test' }),
  onListRoots: () => ({ roots: [{ uri: 'file:///work' }] }),
};

describe.each([
  ['legacy', {}],
  ['modern', { era: 'modern' }],
] as const)('mcpTestClient over stdio, %s era', (era, options) => {
  it('answers the asks of a tool with the handlers (legacy: requests on the pipe; modern: input_required)', async () => {
    const { target, served, deleted } = inProcess();
    const client = mcpTestClient(target, { ...options, ...handlers });
    const result = await client.callTool('delete_note', { id: 'n1' });
    expect(result.text).toBe('deleted n1');
    expect(deleted).toEqual(['n1']);
    expect(result.asks.map((ask) => [ask.method, ask.answer])).toEqual([['elicitation/create', { action: 'accept', content: { confirm: true } }]]);
    expect((await client.callTool('greet_with_roots')).text).toBe('hi from file:///work');
    client.close();
    await served;
  });

  it('collects progress and log messages before the response; reads resources', async () => {
    const { target, served } = inProcess();
    const client = mcpTestClient(target, options);
    expect((await client.callTool('count_up')).progress.map((p) => p.progress)).toEqual([1, 2, 3]);
    const logged = await client.callTool('import_file', { file: 'a' });
    expect(logged.logs.map((l) => l.level)).toEqual(era === 'modern' ? ['debug', 'info'] : ['info']);
    expect((await client.readResource('test://readme')).text).toBe('Read me first.');
    client.close();
    await served;
  });
});

describe('mcpTestClient over stdio, legacy specifics', () => {
  it('initializes once: before the first request, or by initialize() itself', async () => {
    for (const explicit of [false, true]) {
      const { target, served } = inProcess();
      const sent: string[] = [];
      const stdin = { write: (line: string) => (sent.push(line), target.stdin.write(line)), end: () => target.stdin.end() }; // records each line sent
      const client = mcpTestClient({ stdin, stdout: target.stdout }, { protocolVersion: '2025-06-18' });
      if (explicit) expect((await client.initialize()).protocolVersion).toBe('2025-06-18');
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      expect((await client.callTool('count_up')).text).toBe('counted');
      const methods = sent.map((line) => (JSON.parse(line) as { method?: string }).method);
      expect(methods.filter((m) => m === 'initialize')).toHaveLength(1);
      expect(methods.slice(0, 3)).toEqual(['initialize', 'notifications/initialized', 'tools/list']);
      client.close();
      await served;
    }
  });

  it('without a handler, the ask is answered with an error and the tool sees it (isError)', async () => {
    const { target, served, deleted } = inProcess();
    const client = mcpTestClient(target, { capabilities: { elicitation: {} } });
    const result = await client.callTool('delete_note', { id: 'n2' });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/no onElicit handler/);
    expect(deleted).toEqual([]);
    client.close();
    await served;
  });

  it('drives a spawned stdio server (the everything server, built)', async () => {
    const child = spawn(process.execPath, [join(__dirname, '..', '..', '..', '..', 'examples', 'everything-server', 'dist', 'main.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
    const client = mcpTestClient(child, { onElicit: () => ({ action: 'accept', content: { confirm: true } }) });
    expect((await client.callTool('delete_note', { id: 'todo' })).text).toBe('Deleted "todo"');
    expect((await client.callTool('test_tool_with_progress')).progress.map((p) => p.progress)).toEqual([0, 50, 100]);
    client.close();
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });
});
