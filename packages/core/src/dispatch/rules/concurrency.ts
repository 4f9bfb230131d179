/**
 * concurrency: the rule of `maxConcurrentCalls` — a tools/call or prompts/get (whose procedures
 * run as calls) while that many calls are in flight on this dispatcher is refused at once
 * (-32000, HTTP 503 with `Retry-After`), never queued. The ToolCaller counts the calls; this
 * rule reads the count.
 */
import { fixedRule } from './RuleModule';

export const concurrency = fixedRule({
  name: 'concurrency',
  concerns: (method) => method?.targetKind === 'tool' || method?.targetKind === 'prompt',
  before: (request, { tools }) => tools.busyRefusal(request),
});
