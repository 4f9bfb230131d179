/**
 * answerProblem: the hygiene every answer to a tool's ask passes before the tool sees it — on a
 * 2026-07-28 retry (`inputResponses`) and in a legacy stdio response alike. The same bounds as
 * tool arguments (`maxArgumentElements`, `maxStringLength`, no `__proto__` or
 * `constructor.prototype` keys; `maxDepth` already held for the whole message), then the shape of
 * its kind: an `ElicitResult` whose `content` answers the `requestedSchema` the tool sent, a
 * `CreateMessageResult`, a `ListRootsResult`.
 */
import { limitProblem } from '../argumentLimits';
import type { EngineLimits } from '../limits';
import { isObject } from '../../guards';
import { contentProblem } from './contentProblem';
import type { AskKind } from './AskKind';

function kindOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

/**
 * Why `answer` is not a valid answer to the ask of `kind` the tool made with `params`, or
 * `undefined`. The message names the member (`content.age: expected an integer, got 1.5`).
 */
export function answerProblem(kind: AskKind, params: unknown, answer: unknown, limits: EngineLimits): string | undefined {
  if (!isObject(answer)) return `expected a result object, got ${kindOf(answer)}`;
  const over = limitProblem(answer, limits);
  if (over) return over.whole ? `the answer holds more than maxArgumentElements (${limits.maxArgumentElements}) values` : over.path === '' ? over.reason : `${over.path}: ${over.reason}`;
  if (kind === 'elicitation') return elicitationProblem(params, answer);
  if (kind === 'sampling') return samplingProblem(answer);
  return rootsProblem(answer);
}

function elicitationProblem(params: unknown, answer: Record<string, unknown>): string | undefined {
  const action = answer.action;
  if (action !== 'accept' && action !== 'decline' && action !== 'cancel') return 'an elicitation result needs "action": "accept", "decline" or "cancel"';
  const content = answer.content;
  if (content === undefined) return action === 'accept' ? contentProblem(isObject(params) ? params.requestedSchema : undefined, {}, true) : undefined;
  if (!isObject(content)) return `content: expected an object, got ${kindOf(content)}`;
  return contentProblem(isObject(params) ? params.requestedSchema : undefined, content, action === 'accept');
}

function contentBlockProblem(block: unknown, path: string): string | undefined {
  if (!isObject(block)) return `${path}: expected a content block object, got ${kindOf(block)}`;
  if (typeof block.type !== 'string') return `${path}.type: expected a string`;
  if (block.type === 'text' && typeof block.text !== 'string') return `${path}.text: a text block needs "text" as a string`;
  return undefined;
}

function samplingProblem(answer: Record<string, unknown>): string | undefined {
  if (answer.role !== 'user' && answer.role !== 'assistant') return 'a sampling result needs "role": "user" or "assistant"';
  const content = answer.content;
  if (Array.isArray(content)) {
    for (let i = 0; i < content.length; i++) {
      const problem = contentBlockProblem(content[i], `content[${i}]`);
      if (problem) return problem;
    }
  } else if (isObject(content)) {
    const problem = contentBlockProblem(content, 'content');
    if (problem) return problem;
  } else {
    return 'a sampling result needs "content"';
  }
  if (answer.model !== undefined && typeof answer.model !== 'string') return 'model: expected a string';
  if (answer.stopReason !== undefined && typeof answer.stopReason !== 'string') return 'stopReason: expected a string';
  return undefined;
}

function rootsProblem(answer: Record<string, unknown>): string | undefined {
  const roots = answer.roots;
  if (!Array.isArray(roots)) return 'a roots result needs a "roots" array';
  for (let i = 0; i < roots.length; i++) {
    const root: unknown = roots[i];
    if (!isObject(root) || typeof root.uri !== 'string') return `roots[${i}]: a root needs "uri" as a string`;
    if (root.name !== undefined && typeof root.name !== 'string') return `roots[${i}].name: expected a string`;
  }
  return undefined;
}
