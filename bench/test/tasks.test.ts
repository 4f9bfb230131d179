/**
 * The task workloads (`task-call-memory`, `task-call-redis`): their flow creates a task with
 * tools/call add and polls tasks/get until it completed with the sum — against toolwire's bench
 * server programs on the memory store and on a Redis store (a real redis-server the program
 * starts) — and counts a failed task, or a server without task tools, as a wrong answer.
 */
import { httpServer } from '../src/driver/catalog';
import { ServerProcess } from '../src/driver/ServerProcess';
import { BASE_HEADERS, featureWorkloads, runsWorkload, variantOf, workload, type WorkloadId } from '../src/fixture/workloads';
import type { FlowPost } from '../src/fixture/taskFlow';
import { LoadClient } from '../src/load/LoadClient';
import { post as postTo } from './helpers/post';

jest.setTimeout(60_000);

function post(url: string, body: string, headers: Readonly<Record<string, string>>): Promise<{ status: number; body: string }> {
  return postTo(url, body, { ...BASE_HEADERS, ...headers });
}

const TASK_WORKLOADS = ['task-call-memory', 'task-call-redis'] as const satisfies readonly WorkloadId[];

describe('the task workloads', () => {
  it('run on toolwire only, at 2026-07-28, paired with the plain 2026-07-28 call', () => {
    for (const w of TASK_WORKLOADS) {
      expect([workload(w).era, workload(w).flow !== undefined, workload(w).cost?.baseline]).toEqual(['modern', true, 'modern-call-add']);
      expect(['toolwire-express', 'toolwire-http', 'sdk2', 'tmcp'].filter((id) => runsWorkload(httpServer(id as never), w))).toEqual(['toolwire-express', 'toolwire-http']);
    }
    expect(featureWorkloads().map((w) => w.id)).toEqual(expect.arrayContaining([...TASK_WORKLOADS]));
    expect(variantOf('task-call-memory').env).toEqual({ TASKS: 'memory' });
    expect(variantOf('task-call-redis').env).toEqual({ TASKS: 'redis' });
  });

  it.each([
    ['toolwire-http', 'task-call-memory'],
    ['toolwire-express', 'task-call-redis'],
    ['toolwire-http', 'task-call-redis'],
  ] as const)('%s: the %s flow creates a task and polls tasks/get until it completed with the sum', async (id, w) => {
    const { tools, env } = variantOf(w);
    const server = await ServerProcess.start(httpServer(id).program, { tools, env });
    try {
      const seen: { method: string; name?: string; body: string }[] = [];
      const recording: FlowPost = async (body, headers) => {
        const answer = await post(server.url, body, headers);
        seen.push({ method: headers['mcp-method'], name: headers['mcp-name'], body: answer.body });
        return answer;
      };
      expect(await workload(w).flow!(recording)).toBeUndefined();
      // the create answered a CreateTaskResult, every poll named the task, and the last showed it completed with 5
      const created = JSON.parse(seen[0].body) as { result: { resultType: string; taskId: string } };
      expect([seen[0].method, created.result.resultType]).toEqual(['tools/call', 'task']);
      const polls = seen.slice(1);
      expect(polls.length).toBeGreaterThanOrEqual(1);
      expect(polls.every((p) => p.method === 'tasks/get' && p.name === created.result.taskId)).toBe(true);
      const last = JSON.parse(polls[polls.length - 1].body) as { result: { status: string; result: { content: { text: string }[] } } };
      expect([last.result.status, last.result.result.content[0].text]).toEqual(['completed', '5']);
    } finally {
      await server.close();
    }
  });

  it('are verified and driven under load by the load worker: every task completes, none is wrong', async () => {
    const load = LoadClient.start();
    const servers = await Promise.all(TASK_WORKLOADS.map((w) => ServerProcess.start(httpServer('toolwire-http').program, variantOf(w))));
    try {
      for (const [k, w] of TASK_WORKLOADS.entries()) {
        const verified = await load.verify({ url: servers[k].url, workload: w });
        expect(verified.problem).toBeUndefined();
        const outcome = await load.load({ url: servers[k].url, workload: w, connections: 4, duration: 0.3, reference: verified.body });
        expect([outcome.bad, outcome.errors, outcome.firstBad]).toEqual([0, 0, undefined]);
        expect(outcome.ok).toBeGreaterThan(0);
        expect(outcome.p50).toBeGreaterThan(0);
        // every task: one create and at least one poll (the tasks still running at the end are counted too)
        expect(outcome.requests).toBeGreaterThanOrEqual(2 * outcome.ok);
      }
    } finally {
      await Promise.all(servers.map((s) => s.close()));
      await load.close();
    }
  });

  it('count a server without task tools as a wrong answer (a plain result, not a task)', async () => {
    const load = LoadClient.start();
    const server = await ServerProcess.start(httpServer('toolwire-http').program, { tools: 10 });
    try {
      const verified = await load.verify({ url: server.url, workload: 'task-call-memory' });
      expect(verified.problem).toMatch(/tools\/call: expected resultType "task", got "complete"/);
      const outcome = await load.load({ url: server.url, workload: 'task-call-memory', connections: 2, duration: 0.2, reference: verified.body });
      expect([outcome.ok, outcome.bad > 0]).toEqual([0, true]);
    } finally {
      await server.close();
      await load.close();
    }
  });

  it('count a failed task as a wrong answer', async () => {
    const failing: FlowPost = async (body) => {
      const id = (JSON.parse(body) as { id: number }).id;
      const result = id === 1 ? { resultType: 'task', taskId: 't1', status: 'working', createdAt: 'x', lastUpdatedAt: 'x', ttlMs: 1000 } : { resultType: 'complete', taskId: 't1', status: 'failed', error: { code: -32603, message: 'Internal error' } };
      return { status: 200, body: JSON.stringify({ jsonrpc: '2.0', id, result }) };
    };
    expect(await workload('task-call-memory').flow!(failing)).toMatch(/^tasks\/get: task "failed"/);
  });
});
