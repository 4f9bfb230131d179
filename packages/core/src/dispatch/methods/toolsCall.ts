/**
 * tools/call, for every era: handed to the ToolCaller, which validates the arguments, calls the
 * procedure (within its time limit) and formats its result. The rules a call must pass first
 * (scopes, required capabilities, the cap on calls in flight) are the pipeline's chain
 * (`rules/chain.ts`); the era stamps the result (`eras.ts`). A call of a task tool from a client
 * that takes tasks becomes a task (`tasks/TaskRunner.ts`).
 */
import type { RequestHandler } from './Handler';

export const toolsCall: RequestHandler = (request, { tools, tasks }) => (tasks.wants(request) ? tasks.start(request) : tools.call(request));
