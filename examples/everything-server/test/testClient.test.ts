/**
 * The test client (`@toolwire/testing`) against the everything server's own tools, in an
 * Express app, under both eras: the conformance fixtures that log and report progress over time
 * (their SSE answers read into `logs` and `progress`), the tools that ask (answered by handlers on
 * 2026-07-28, refused over stateless legacy HTTP), the resources, `server/discover`, and its task
 * fixtures driven by the task methods on both eras (2025-11-25 over HTTP and a spawned stdio server).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import express from 'express';
import { mcpRouter } from '@toolwire/express';
import { mcpTestClient } from '@toolwire/testing';
import type { McpTestClientOptions } from '@toolwire/testing';
import { createEverythingService } from '../src/everything';

const { decl, defs } = createEverythingService();
const app = express().use('/mcp', mcpRouter(decl, defs));
const handlers: McpTestClientOptions = {
  onElicit: (request) => ({ action: 'accept', content: 'confirm' in request.requestedSchema.properties ? { confirm: true } : { name: 'Ada' } }),
  onSample: () => ({ role: 'assistant', content: { type: 'text', text: 'Hello' }, model: 'test-model' }),
  onListRoots: () => ({ roots: [{ uri: 'file:///home/ada', name: 'home' }] }),
};

describe.each([
  ['legacy (2025-11-25)', {}],
  ['modern (2026-07-28)', { era: 'modern' }],
] as const)('the everything server, %s', (_era, options) => {
  const client = mcpTestClient(app, { ...options, ...handlers });

  it('test_tool_with_logging: three info messages, in order, before the result', async () => {
    const result = await client.callTool('test_tool_with_logging');
    expect(result.text).toBe('Logging test completed');
    expect(result.logs).toEqual(['Tool execution started', 'Tool processing data', 'Tool execution completed'].map((data) => ({ level: 'info', logger: 'test_tool_with_logging', data })));
  });

  it('test_tool_with_progress: 0, 50, 100 of 100', async () => {
    const result = await client.callTool('test_tool_with_progress');
    expect(result.text).toBe('Progress test completed');
    expect(result.progress).toEqual([0, 50, 100].map((done) => ({ progress: done, total: 100, message: `${done}% done` })));
  });

  it('resources: the readme, the logo (binary), a note through its template', async () => {
    expect((await client.readResource('test://static/readme')).text).toMatch(/^The everything-server of toolwire/);
    expect((await client.readResource('test://static/logo.png')).contents[0]).toMatchObject({ mimeType: 'image/png', blob: expect.any(String) });
    expect((await client.readResource('test://notes/welcome')).text).toBe('Hello from toolwire.');
    expect((await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toContain('test://notes/{id}');
  });

  it('server/discover', async () => {
    expect(await client.discover()).toMatchObject({ supportedVersions: ['2026-07-28'], capabilities: { tools: {}, logging: {}, resources: {} } });
  });
});

describe('the everything server asks', () => {
  it('2026-07-28: every ask of test_input_required_result_multiple_inputs is answered in one round', async () => {
    const result = await mcpTestClient(app, { era: 'modern', ...handlers }).callTool('test_input_required_result_multiple_inputs');
    expect(result.text).toBe('Hello Ada (1 roots)');
    expect(result.asks.map((ask) => ask.key).sort()).toEqual(['client_roots', 'greeting', 'user_name']);
  });

  it('2026-07-28: test_input_required_result_multi_round takes two rounds', async () => {
    const onElicit = jest.fn((request: { message: string }) => ({ action: 'accept' as const, content: request.message.includes('colour') ? { color: 'green' } : { name: 'Ada' } }));
    const result = await mcpTestClient(app, { era: 'modern', onElicit }).callTool('test_input_required_result_multi_round');
    expect(result.text).toBe('Ada likes green');
    expect(onElicit).toHaveBeenCalledTimes(2);
  });

  it('delete_note: confirmed on 2026-07-28; over stateless legacy HTTP it cannot ask (isError)', async () => {
    expect((await mcpTestClient(app, { era: 'modern', ...handlers }).callTool('delete_note', { id: 'todo' })).text).toBe('Deleted "todo"');
    const legacy = await mcpTestClient(app, handlers).callTool('delete_note', { id: 'welcome' });
    expect(legacy.isError).toBe(true);
  });
});

describe('the everything server, tasks through the test client', () => {
  it('2026-07-28: test_tool_with_task asks on the request (answered), then greets from a task', async () => {
    const client = mcpTestClient(app, { era: 'modern', ...handlers });
    const { task, asks } = await client.callToolAsTask('test_tool_with_task');
    expect(asks.map((ask) => ask.key)).toEqual(['user_name']);
    expect(task).toMatchObject({ status: expect.stringMatching(/^(working|completed)$/), ttlMs: expect.any(Number) });
    expect((await client.getTaskResult(task.taskId, { pollIntervalMs: 20 })).text).toBe('Hello, Ada, from a task!');
  });

  it('2026-07-28: multi_input asks two questions inside the task; getTaskResult answers both through tasks/update', async () => {
    const client = mcpTestClient(app, { era: 'modern', onElicit: (request) => ({ action: 'accept', content: { name: request.message.startsWith('First') ? 'Ada' : 'Grace', confirm: true } }) });
    const { task } = await client.callToolAsTask('multi_input');
    const result = await client.getTaskResult(task.taskId, { pollIntervalMs: 20 });
    expect(result.text).toBe('got Ada and Grace');
    expect(result.asks).toHaveLength(2);
  });

  it('2026-07-28: slow_compute cancelled, and tasks/list is not a method of the era', async () => {
    const client = mcpTestClient(app, { era: 'modern' });
    const { task } = await client.callToolAsTask('slow_compute', { seconds: 60 });
    expect(await client.cancelTask(task.taskId)).toEqual({ status: 200 });
    await expect(client.getTaskResult(task.taskId, { pollIntervalMs: 20 })).rejects.toThrow(/was cancelled/);
    await expect(client.listTasks()).rejects.toMatchObject({ name: 'McpTestClientError' });
  });

  it('2025-11-25 over HTTP: slow_compute as a task (its ttl asked for), not listed to an anonymous caller, and its result', async () => {
    const client = mcpTestClient(app);
    const { task } = await client.callToolAsTask('slow_compute', { seconds: 0, label: 'now' }, { ttl: 60_000 });
    expect(task).toMatchObject({ status: expect.any(String), ttl: 60_000 });
    expect((await client.listTasks()).tasks).toEqual([]); // an open endpoint hands out no task ids; the id reads the task
    expect((await client.getTaskResult(task.taskId)).text).toBe('computed for 0 s (now)');
  });

  it('2025-11-25 over stdio (spawned): confirm_delete asks inside the task, on the pipe, while tasks/result waits', async () => {
    const child = spawn(process.execPath, [join(__dirname, '..', 'dist', 'main.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
    const exited = once(child, 'exit');
    const client = mcpTestClient(child, handlers);
    try {
      const { task } = await client.callToolAsTask('confirm_delete', { filename: 'a.txt' });
      const result = await client.getTaskResult(task.taskId);
      expect(result.text).toBe('deleted a.txt');
      expect(result.asks.map((ask) => ask.method)).toEqual(['elicitation/create']);
    } finally {
      client.close();
      await exited;
    }
  });
});
