/**
 * taskRequests: what the everything-server's task tests send a spawned server over HTTP —
 * 2026-07-28 requests that declare the tasks extension and elicitation (with the Mcp-* headers
 * a client sends), creating a task, reading it, polling it until a state, and stopping the
 * process with SIGTERM. Shared by tasksRedis.test.ts and tasksRedisTls.test.ts.
 */
import type { ChildProcess } from 'node:child_process';
import { META } from '@toolwire/core';

export const VERSION = '2026-07-28';
export const TASKS = 'io.modelcontextprotocol/tasks';
export const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/** A spawned server: its MCP endpoint and its process. */
export interface Instance {
  readonly url: string;
  readonly child: ChildProcess;
}

/** The HTTP status and the JSON-RPC result or error of one request. */
export interface Reply {
  readonly status: number;
  readonly result?: Record<string, unknown>;
  readonly error?: { code: number; message: string; data?: unknown };
}

/** Ends one server process with SIGTERM (it closes its task store) and waits for its exit. */
export function stop(instance: Instance): Promise<void> {
  const { child } = instance;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

let nextId = 1;

/** One 2026-07-28 request that declares the tasks extension and elicitation, with the Mcp-* headers a client sends. */
export async function send(instance: Instance, method: string, params: Record<string, unknown>): Promise<Reply> {
  const name = method === 'tools/call' ? params.name : params.taskId;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': VERSION,
    'mcp-method': method,
  };
  if (typeof name === 'string') headers['mcp-name'] = name;
  const id = nextId++;
  const body = { jsonrpc: '2.0', id, method, params: { ...params, _meta: { [META.protocolVersion]: VERSION, [META.clientCapabilities]: { elicitation: {}, extensions: { [TASKS]: {} } } } } };
  const res = await fetch(instance.url, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await res.text();
  // a JSON body, or an SSE stream whose last data line is the response
  const json = res.headers.get('content-type')?.startsWith('text/event-stream')
    ? text.split('\n').filter((line) => line.startsWith('data:')).map((line) => JSON.parse(line.slice(5))).find((message) => message.id === id)
    : JSON.parse(text);
  return { status: res.status, result: json?.result, error: json?.error };
}

/** Creates a task of `tool` through `instance`; its id. */
export async function createTask(instance: Instance, tool: string, args: Record<string, unknown>): Promise<string> {
  const reply = await send(instance, 'tools/call', { name: tool, arguments: args });
  expect(reply.error).toBeUndefined();
  expect(reply.result).toMatchObject({ resultType: 'task', status: 'working', taskId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
  return String(reply.result?.taskId);
}

export const getTask = (instance: Instance, taskId: string) => send(instance, 'tasks/get', { taskId });

/** Polls `tasks/get` through `instance` until `done` holds (the task lives in another process and in Redis: nothing to await here). */
export async function pollTask(instance: Instance, taskId: string, done: (task: Record<string, unknown>) => boolean, timeoutMs: number): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reply = await getTask(instance, taskId);
    if (reply.error) throw new Error(`tasks/get ${taskId}: ${JSON.stringify(reply.error)}`);
    const task = reply.result ?? {};
    if (done(task)) return task;
    if (Date.now() > deadline) throw new Error(`task ${taskId} did not reach the state within ${timeoutMs} ms; last ${JSON.stringify(task)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
