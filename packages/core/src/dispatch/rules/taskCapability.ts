/**
 * taskCapability: the rule of who can take tasks. 2026-07-28: `tasks/get`, `tasks/update` and
 * `tasks/cancel` from a request whose `_meta` does not declare the `io.modelcontextprotocol/tasks`
 * extension, and a call of a tool whose task support is `required` from such a request, are
 * refused with -32021 and `data.requiredCapabilities.extensions["io.modelcontextprotocol/tasks"]`
 * (HTTP 400). Legacy versions: a `required` tool called without `params.task` (2025-11-25, whose
 * experimental tasks have it) or on a version without tasks is -32601, saying so.
 */
import { ErrorCodes } from '../../faults/ErrorCodes';
import { errorReply } from '../replies';
import { isObject } from '../../guards';
import { refused } from '../DispatchResult';
import type { DispatchResult } from '../DispatchResult';
import type { InboundRequest } from '../Inbound';
import { fixedRule } from './RuleModule';
import { TaskRunner } from '../tasks/TaskRunner';
import { TASKS_EXTENSION } from '../tasks/taskWire';

export const taskCapability = fixedRule({
  name: 'taskCapability',
  concerns: (method) => method?.targetKind === 'tool' || method?.extension === TASKS_EXTENSION,
  before: (request) => taskRefusal(request),
});

function taskRefusal(request: InboundRequest): DispatchResult | undefined {
  const { method, params, target: tool } = request;
  if (request.descriptor?.extension === TASKS_EXTENSION) return request.meta && !TaskRunner.declares(request) ? missing(request, `${method} needs`) : undefined;
  if (tool?.kind !== 'tool' || tool.taskSupport !== 'required') return undefined;
  if (!request.meta) {
    if (request.profile.experimentalTasks && isObject(params) && isObject(params.task)) return undefined; // a 2025-11-25 task call
    const how = request.profile.experimentalTasks ? 'call it with params.task' : `protocol version ${request.profile.version} has no tasks (use 2025-11-25 or 2026-07-28)`;
    const message = `Method not found: tool "${tool.name}" runs only as a task: ${how}`;
    return errorReply(request.id, ErrorCodes.MethodNotFound, message);
  }
  return TaskRunner.declares(request) ? undefined : missing(request, `tool "${tool.name}" runs only as a task, which needs`);
}

function missing(request: InboundRequest, what: string): DispatchResult {
  return refused(
    errorReply(request.id, ErrorCodes.MissingClientCapability, `Missing required client capability: ${what} the ${TASKS_EXTENSION} extension`, {
      requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } },
    }),
  );
}
