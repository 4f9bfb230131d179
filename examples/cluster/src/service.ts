/**
 * service: the tools every worker serves — `add`, and `worker`, which names the process that
 * answered (so a client can see the calls spread over the workers).
 */
import cluster from 'node:cluster';
import { ObjectType, ServiceDefinition, ToolDeclaration, integerType } from '@toolwire/core';

/** One worker's declaration and procedures; every worker builds the same ones. */
export function createClusterService(): { decl: ToolDeclaration; defs: ServiceDefinition } {
  // tools/list is the same in every process: clients and caches may share it across workers
  const decl = new ToolDeclaration('toolwire-cluster', '1.0.0', { cacheScope: 'public', ttlMs: 60_000 });
  const defs = new ServiceDefinition();
  const add = decl.addTool('add', 'Add two integers').addParam('a', integerType()).addParam('b', integerType());
  defs.registerTool(add, (a, b) => a + b);
  const worker = decl
    .addTool('worker', 'The worker process that answered this call')
    .setAnnotations({ readOnlyHint: true, idempotentHint: false, openWorldHint: false })
    .setOutput(new ObjectType().addProperty('pid', integerType()).addProperty('worker', integerType()));
  defs.registerTool(worker, () => ({ pid: process.pid, worker: cluster.worker?.id ?? 0 }));
  return { decl, defs };
}
