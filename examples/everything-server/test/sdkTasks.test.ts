/**
 * The experimental tasks of MCP 2025-11-25 through the official SDK 1.32 client
 * (`client.experimental.tasks`), over Streamable HTTP and over stdio: `initialize` declares
 * `capabilities.tasks`, tools/list carries `execution.taskSupport`, so `callToolStream()` sends
 * `params.task` on its own, gets the task, polls `tasks/get` and reads `tasks/result`;
 * `getTask()`, `listTasks()` (over stdio; an open HTTP endpoint lists nothing) and `cancelTask()` work on the task afterwards; a `required` tool
 * called without a task is refused. Over stdio a task announces its terminal status
 * (`notifications/tasks/status`) on the connection that created it.
 */
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolResultSchema, CreateTaskResultSchema, ElicitRequestSchema, TaskStatusNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { startServer } from '../src/conformance';

jest.setTimeout(30_000);

const main = join(__dirname, '..', 'dist', 'main.js');

let http: { url: string; child: ChildProcess };
beforeAll(async () => {
  http = await startServer();
});
afterAll(() => {
  http.child.kill('SIGTERM');
});

const transports: [string, () => Transport][] = [
  ['Streamable HTTP', () => new StreamableHTTPClientTransport(new URL(http.url))],
  ['stdio', () => new StdioClientTransport({ command: process.execPath, args: [main, '--stdio'], stderr: 'pipe' })],
];

describe.each(transports)('SDK 1.32 experimental tasks over %s', (name, connect) => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'sdk-tasks-interop', version: '1.0.0' });
    await client.connect(connect());
    await client.listTools(); // the client learns which tools run as tasks
  });
  afterAll(async () => {
    await client.close();
  });

  it('negotiates 2025-11-25 with capabilities.tasks, and lists execution.taskSupport on the task tools only', async () => {
    expect(client.getServerCapabilities()?.tasks).toEqual({ list: {}, cancel: {}, requests: { tools: { call: {} } } });
    const { tools } = await client.listTools();
    const support = Object.fromEntries(tools.filter((t) => t.execution).map((t) => [t.name, t.execution?.taskSupport]));
    expect(support).toEqual({
      slow_compute: 'optional',
      failing_job: 'required',
      protocol_error_job: 'optional',
      confirm_delete: 'optional',
      multi_input: 'optional',
      test_tool_with_task: 'required',
    });
  });

  it('callToolStream runs slow_compute as a task to its result; getTask sees it completed, and listTasks over stdio (over an open HTTP endpoint it lists nothing)', async () => {
    const messages = [];
    for await (const message of client.experimental.tasks.callToolStream({ name: 'slow_compute', arguments: { seconds: 1, label: 'sdk' } })) messages.push(message);
    const created = messages[0];
    expect(created.type).toBe('taskCreated');
    const taskId = created.type === 'taskCreated' ? created.task.taskId : '';
    expect(taskId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const last = messages[messages.length - 1];
    expect(last).toMatchObject({ type: 'result', result: { content: [{ type: 'text', text: 'computed for 1 s (sdk)' }], isError: false } });
    expect(messages.filter((m) => m.type === 'taskStatus').map((m) => (m.type === 'taskStatus' ? m.task.status : '')).pop()).toBe('completed');
    const task = await client.experimental.tasks.getTask(taskId);
    expect(task).toMatchObject({ taskId, status: 'completed', ttl: expect.any(Number), pollInterval: expect.any(Number) });
    const { tasks } = await client.experimental.tasks.listTasks();
    // the stdio connection lists the tasks it created; an open HTTP endpoint's callers are all the
    // one anonymous principal, and are handed no task ids (an empty list, which the SDK accepts)
    if (name === 'stdio') expect(tasks.map((t) => t.taskId)).toContain(taskId);
    else expect(tasks).toEqual([]);
  });

  it('a tool error is the result of a completed task; a crash is a failed task', async () => {
    const failing = [];
    for await (const message of client.experimental.tasks.callToolStream({ name: 'failing_job', arguments: {} })) failing.push(message);
    expect(failing[failing.length - 1]).toMatchObject({ type: 'result', result: { isError: true } });
    const crashing = [];
    for await (const message of client.experimental.tasks.callToolStream({ name: 'protocol_error_job', arguments: {} })) crashing.push(message);
    expect(crashing[crashing.length - 1]).toMatchObject({ type: 'error' });
    expect(String((crashing[crashing.length - 1] as { error: Error }).error.message)).toMatch(/failed/);
  });

  it('cancelTask stops a running task: it is cancelled', async () => {
    const stream = client.experimental.tasks.callToolStream({ name: 'slow_compute', arguments: { seconds: 60 } });
    const first = await stream.next();
    const taskId = first.value && first.value.type === 'taskCreated' ? first.value.task.taskId : '';
    await client.experimental.tasks.cancelTask(taskId);
    const rest = [];
    for await (const message of stream) rest.push(message);
    expect(rest[rest.length - 1]).toMatchObject({ type: 'error' });
    expect((await client.experimental.tasks.getTask(taskId)).status).toBe('cancelled');
  });

  it('a required tool called as an ordinary call is refused -32601, saying to call it as a task', async () => {
    await expect(client.request({ method: 'tools/call', params: { name: 'failing_job', arguments: {} } }, CallToolResultSchema)).rejects.toThrow(/runs only as a task/);
  });

  it('an elicitation inside a task reaches the client on tasks/result; its answer completes the task, and the statuses come on the way', async () => {
    const asker = new Client({ name: 'sdk-tasks-elicit', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    const asked: ElicitRequest[] = [];
    asker.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request);
      const named = /name/.test(request.params.message);
      return { action: 'accept', content: named ? { name: request.params.message.startsWith('First') ? 'Ada' : 'Grace', confirm: true } : { confirm: true } };
    });
    const statuses: string[] = [];
    asker.setNotificationHandler(TaskStatusNotificationSchema, (notification) => {
      statuses.push(notification.params.status);
    });
    await asker.connect(connect());
    try {
      await asker.listTools();
      const messages = [];
      for await (const message of asker.experimental.tasks.callToolStream({ name: 'confirm_delete', arguments: { filename: 'notes.txt' } })) messages.push(message);
      const taskId = messages[0].type === 'taskCreated' ? messages[0].task.taskId : '';
      expect(messages[messages.length - 1]).toMatchObject({ type: 'result', result: { content: [{ type: 'text', text: 'deleted notes.txt' }], isError: false } });
      expect(asked).toHaveLength(1);
      expect(asked[0].params).toMatchObject({ message: 'Delete notes.txt?', _meta: { 'io.modelcontextprotocol/related-task': { taskId } } });
      expect((await asker.experimental.tasks.getTask(taskId)).status).toBe('completed');
      // stdio: every change on the connection (input_required too); HTTP: the changes the tasks/result stream saw
      expect(statuses[statuses.length - 1]).toBe('completed');

      asked.length = 0;
      const both = [];
      for await (const message of asker.experimental.tasks.callToolStream({ name: 'multi_input', arguments: {} })) both.push(message);
      expect(asked.map((request) => request.params.message).sort()).toEqual(['First name?', 'Second name?']);
      expect(both[both.length - 1]).toMatchObject({ type: 'result', result: { isError: false, content: [{ text: 'got Ada and Grace' }] } });
    } finally {
      await asker.close();
    }
  });

  it('a client that cannot answer an elicitation: the task completes with the tool\'s error, nothing hangs', async () => {
    const messages = [];
    for await (const message of client.experimental.tasks.callToolStream({ name: 'confirm_delete', arguments: { filename: 'notes.txt' } })) messages.push(message);
    // stdio: the connection did not declare elicitation; HTTP (stateless): the client answers -32601
    expect(messages[messages.length - 1]).toMatchObject({ type: 'result', result: { isError: true, content: [{ text: expect.stringMatching(/elicitation/) }] } });
  });
});

describe('SDK 1.32 over stdio: notifications/tasks/status', () => {
  it('a task created on the connection announces its status changes there (here: only the terminal one)', async () => {
    const client = new Client({ name: 'sdk-tasks-status', version: '1.0.0' });
    const statuses: { taskId: string; status: string }[] = [];
    let completed: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (completed = resolve));
    client.setNotificationHandler(TaskStatusNotificationSchema, (notification) => {
      statuses.push({ taskId: notification.params.taskId, status: notification.params.status });
      if (notification.params.status === 'completed') completed();
    });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [main, '--stdio'], stderr: 'pipe' }));
    try {
      const created = await client.request(
        { method: 'tools/call', params: { name: 'slow_compute', arguments: { seconds: 0 }, task: {} } },
        CreateTaskResultSchema,
      );
      await done;
      expect(statuses).toEqual([{ taskId: created.task.taskId, status: 'completed' }]);
    } finally {
      await client.close();
    }
  });
});
