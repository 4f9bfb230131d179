/**
 * tools/call, for every era: handed to the ToolCaller, which validates the arguments, calls the
 * procedure (within its time limit) and formats its result. The rules a call must pass first
 * (scopes, required capabilities, the cap on calls in flight) are the pipeline's chain
 * (`rules/chain.ts`); the era stamps the result (`eras.ts`). A call of a task tool from a client
 * that takes tasks becomes a task (`tasks/TaskRunner.ts`).
 */
import { isObject } from '../../guards';
import type { MethodDescriptor } from './MethodDescriptor';
import { METHOD } from '../../protocol/methodNames';

export const toolsCall: MethodDescriptor = {
  method: METHOD.toolsCall,
  eras: ['legacy', 'modern'],
  targetKind: 'tool',
  target: (params, { decl }) => (isObject(params) && typeof params.name === 'string' ? decl.getTool(params.name) : undefined),
  nameHeader: { param: 'name', noun: 'tool' },
  stamped: true,
  handle: (request, { tools, tasks }) => (tasks.wants(request) ? tasks.start(request) : tools.call(request)),
};
