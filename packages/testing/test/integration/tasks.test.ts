/**
 * The test client's task methods on both eras, against a small declaration with task tools:
 * 2026-07-28 (the tasks extension: `callToolAsTask` declares it, `getTask` reads the detailed
 * task, `getTaskResult` polls and answers an `input_required` task through `tasks/update`,
 * `updateTask` and `cancelTask` by hand, the `Mcp-Name` header the task id over HTTP) and
 * 2025-11-25 (the experimental tasks: `params.task`, `tasks/get`, `tasks/result`, `tasks/list`,
 * `tasks/cancel`, an ask inside a task answered on the stdio pipe — and refused with a clear
 * error, not a hang, where there is no pipe).
 */
import { PassThrough } from 'node:stream';
import { Dispatcher } from '@toolwire/core';
import { mcpFetchHandler } from '@toolwire/fetch';
import { serveStdio } from '@toolwire/stdio';
import { mcpTestClient, McpTestClient, McpTestClientError } from '../../src';
import type { McpTestClientOptions, McpTestTarget } from '../../src';
import { taskService } from '../helpers/taskService';

/** Quick polls, and the crashing tool's error kept off the test output. */
const POLL = { taskPollIntervalMs: 5, onError: () => undefined };
const onElicit: McpTestClientOptions['onElicit'] = () => ({ action: 'accept', content: { ok: true } });

/** Reads the task until its status is `status` (the server's state: polled, as a client does). */
async function until(client: McpTestClient, taskId: string, status: string) {
  for (;;) {
    const { task } = await client.getTask(taskId);
    if (task.status === status) return task;
    if (['completed', 'failed', 'cancelled'].includes(task.status)) throw new Error(`task ended ${task.status}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const modernTargets: [string, (service: ReturnType<typeof taskService>) => McpTestTarget][] = [
  ['a fetch handler (HTTP: the Mcp-* headers are checked)', ({ decl, defs }) => mcpFetchHandler(decl, defs, POLL)],
  ['a Dispatcher', ({ decl, defs }) => new Dispatcher(defs, decl, POLL)],
];

describe.each(modernTargets)('task methods on 2026-07-28, %s', (_name, make) => {
  it('callToolAsTask answers the task at once; getTask reads it; getTaskResult gives the tool result', async () => {
    const client = mcpTestClient(make(taskService()), { era: 'modern' });
    const { task, status } = await client.callToolAsTask('work', { n: 21 });
    expect(status).toBe(200);
    expect(task).toEqual({ taskId: expect.any(String), status: 'working', createdAt: expect.any(String), lastUpdatedAt: expect.any(String), ttlMs: expect.any(Number), pollIntervalMs: 5 });
    expect((await client.getTask(task.taskId)).task).toMatchObject({ taskId: task.taskId, pollIntervalMs: 5 });
    expect(await client.getTaskResult(task.taskId)).toMatchObject({ text: 'twice 42', isError: false, content: [{ type: 'text', text: 'twice 42' }], asks: [] });
    expect((await client.getTask(task.taskId)).task).toMatchObject({ status: 'completed', result: { content: [{ type: 'text', text: 'twice 42' }], isError: false } });
  });

  it('getTaskResult answers an input_required task with the handlers through tasks/update', async () => {
    const client = mcpTestClient(make(taskService()), { era: 'modern', onElicit });
    const { task } = await client.callToolAsTask('confirm');
    const result = await client.getTaskResult(task.taskId);
    expect(result.text).toBe('confirmed: true');
    expect(result.asks).toEqual([{ key: expect.any(String), method: 'elicitation/create', params: expect.objectContaining({ message: 'Sure?' }), answer: { action: 'accept', content: { ok: true } } }]);
  });

  it('updateTask answers by hand the questions getTask shows', async () => {
    const client = mcpTestClient(make(taskService()), { era: 'modern', capabilities: { elicitation: {} } }); // declared, answered by the test
    const { task } = await client.callToolAsTask('confirm');
    const asking = await until(client, task.taskId, 'input_required');
    const [key] = Object.keys(asking.inputRequests ?? {});
    expect(asking.inputRequests?.[key]).toMatchObject({ method: 'elicitation/create', params: { message: 'Sure?' } });
    expect(await client.updateTask(task.taskId, { [key]: { action: 'accept', content: { ok: false } } })).toEqual({ status: 200 });
    expect((await client.getTaskResult(task.taskId)).text).toBe('confirmed: false');
  });

  it('cancelTask stops a task (an acknowledgement); its result then throws that it was cancelled', async () => {
    const service = taskService();
    const client = mcpTestClient(make(service), { era: 'modern' });
    const { task } = await client.callToolAsTask('gated');
    expect(await client.cancelTask(task.taskId)).toEqual({ status: 200 });
    await service.cancelled; // the procedure's signal aborted
    await expect(client.getTaskResult(task.taskId)).rejects.toThrow(/was cancelled; it has no result/);
    expect((await client.getTask(task.taskId)).task.status).toBe('cancelled');
  });

  it("a failed task's result throws its JSON-RPC error (masked -32603)", async () => {
    const client = mcpTestClient(make(taskService()), { era: 'modern' });
    const { task } = await client.callToolAsTask('crashing');
    const failure = client.getTaskResult(task.taskId);
    await expect(failure).rejects.toBeInstanceOf(McpTestClientError);
    await expect(client.getTaskResult(task.taskId)).rejects.toMatchObject({ code: -32603 });
  });

  it('refuses what is not a task: a sync-only tool, an unknown id (-32602), tasks/list (none on 2026-07-28)', async () => {
    const client = mcpTestClient(make(taskService()), { era: 'modern' });
    await expect(client.callToolAsTask('plain')).rejects.toThrow(/tools\/call plain: answered a result, not a task/);
    await expect(client.getTask('no-such-task')).rejects.toMatchObject({ code: -32602 });
    await expect(client.cancelTask('no-such-task')).rejects.toMatchObject({ code: -32602 });
    await expect(client.listTasks()).rejects.toBeInstanceOf(McpTestClientError);
  });

  it('getTaskResult gives up after timeoutMs on a task that does not end, saying so', async () => {
    const service = taskService();
    const client = mcpTestClient(make(service), { era: 'modern' });
    const { task } = await client.callToolAsTask('gated');
    await expect(client.getTaskResult(task.taskId, { timeoutMs: 30, pollIntervalMs: 5 })).rejects.toThrow(/is still working after 30 ms \(getTaskResult's timeoutMs\)/);
    service.openGate();
    expect((await client.getTaskResult(task.taskId)).text).toBe('opened');
  });

  it('refuses malformed task options at once, naming what it got', async () => {
    const client = mcpTestClient(make(taskService()), { era: 'modern' });
    await expect(client.callToolAsTask('work', { n: 1 }, { ttl: -5 })).rejects.toThrow(/callToolAsTask: expected ttl to be a positive integer \(ms\), got -5/);
    await expect(client.getTaskResult('any', { timeoutMs: Infinity })).rejects.toThrow(/getTaskResult: expected timeoutMs to be a finite number of ms ≥ 0, got Infinity/);
    await expect(client.getTaskResult('any', { pollIntervalMs: 'fast' as never })).rejects.toThrow('getTaskResult: expected pollIntervalMs to be a finite number of ms ≥ 0, got the string "fast"');
  });

  it('callTool (no extension declared) runs an optional task tool as an ordinary call', async () => {
    expect((await mcpTestClient(make(taskService()), { era: 'modern' }).callTool('work', { n: 2 })).text).toBe('twice 4');
  });
});

/** serveStdio over in-process streams, for the legacy tasks' asks on the pipe. */
function streamPair(service: ReturnType<typeof taskService>): McpTestTarget {
  const [stdin, stdout] = [new PassThrough(), new PassThrough()];
  void serveStdio(service.defs, service.decl, { input: stdin, output: stdout, ...POLL });
  return { stdin, stdout };
}

const legacyTargets: [string, (service: ReturnType<typeof taskService>) => McpTestTarget][] = [
  ['a fetch handler', ({ decl, defs }) => mcpFetchHandler(decl, defs, POLL)],
  ['a Dispatcher', ({ decl, defs }) => new Dispatcher(defs, decl, POLL)],
  ['a stream pair (serveStdio)', streamPair],
];

describe.each(legacyTargets)('task methods on 2025-11-25, %s', (name, make) => {
  it('callToolAsTask sends params.task; getTask, listTasks and getTaskResult (tasks/result) follow it', async () => {
    const client = mcpTestClient(make(taskService()), { protocolVersion: '2025-11-25' });
    try {
      const { task } = await client.callToolAsTask('work', { n: 4 }, { ttl: 5_000 });
      expect(task).toMatchObject({ taskId: expect.any(String), status: 'working', ttl: 5_000, pollInterval: 5 });
      expect(task).not.toHaveProperty('ttlMs');
      expect((await client.getTask(task.taskId)).task).toMatchObject({ taskId: task.taskId, ttl: 5_000 });
      expect(await client.getTaskResult(task.taskId)).toMatchObject({ text: 'twice 8', isError: false });
      const { tasks, status } = await client.listTasks();
      expect(status).toBe(200);
      // a stdio connection lists the tasks it created; without a token (these targets have no auth)
      // the caller is the one anonymous principal, which is handed no task ids
      if (name === 'a stream pair (serveStdio)') expect(tasks).toEqual(expect.arrayContaining([expect.objectContaining({ taskId: task.taskId, status: 'completed' })]));
      else expect(tasks).toEqual([]);
    } finally {
      client.close();
    }
  });

  it('cancelTask answers the task as it is after the request (cooperative: still working); tasks/result then refuses it (-32600)', async () => {
    const service = taskService();
    const client = mcpTestClient(make(service), { protocolVersion: '2025-11-25' });
    try {
      const { task } = await client.callToolAsTask('gated');
      const cancelled = await client.cancelTask(task.taskId);
      expect(cancelled).toEqual({ task: expect.objectContaining({ taskId: task.taskId, status: expect.stringMatching(/^(working|cancelled)$/) }), status: 200 });
      await service.cancelled; // the procedure's signal aborted
      await expect(client.getTaskResult(task.taskId)).rejects.toMatchObject({ code: -32600, message: expect.stringMatching(/was cancelled/) });
    } finally {
      client.close();
    }
  });

  it('refuses an unknown id (-32602) and tasks/update, which 2025-11-25 does not have', async () => {
    const client = mcpTestClient(make(taskService()), { protocolVersion: '2025-11-25' });
    try {
      await expect(client.getTask('no-such-task')).rejects.toMatchObject({ code: -32602 });
      await expect(client.updateTask('no-such-task', {})).rejects.toBeInstanceOf(McpTestClientError);
    } finally {
      client.close();
    }
  });
});

describe.each(legacyTargets.filter(([name]) => !name.includes('stream pair')))('task methods on 2025-11-25 without a pipe, %s', (_name, make) => {
  it('getTaskResult of a task that asks throws at once, saying why, instead of waiting on an ask it cannot answer', async () => {
    const client = mcpTestClient(make(taskService()), { protocolVersion: '2025-11-25', onElicit });
    const { task } = await client.callToolAsTask('confirm');
    await expect(client.getTaskResult(task.taskId)).rejects.toThrow(/is input_required: over 2025-11-25 HTTP its ask travels on the tasks\/result stream/);
    expect(await client.cancelTask(task.taskId)).toMatchObject({ status: 200 });
  });
});

describe('task methods against an endpoint that does not answer tasks', () => {
  it('getTask throws McpTestClientError when the result holds no task', async () => {
    const answersNoTask = async (request: Request) => Response.json({ jsonrpc: '2.0', id: ((await request.json()) as { id: number }).id, result: { resultType: 'complete' } });
    await expect(mcpTestClient(answersNoTask, { era: 'modern' }).getTask('t1')).rejects.toMatchObject({
      name: 'McpTestClientError',
      message: expect.stringContaining('tasks/get t1: the result is not a task (no taskId)'),
    });
  });
});

describe('task methods on 2025-11-25 over stdio', () => {
  it("answers a task's ask with the handlers while getTaskResult waits (the ask comes on the pipe)", async () => {
    const client = mcpTestClient(streamPair(taskService()), { protocolVersion: '2025-11-25', onElicit });
    try {
      const { task } = await client.callToolAsTask('confirm');
      const result = await client.getTaskResult(task.taskId);
      expect(result.text).toBe('confirmed: true');
      expect(result.asks).toEqual([expect.objectContaining({ method: 'elicitation/create', answer: { action: 'accept', content: { ok: true } } })]);
    } finally {
      client.close();
    }
  });
});
