/**
 * Target: what a request acts on — the declared tool of a tools/call, the resource or template
 * a resources/read names, the declared prompt of a prompts/get — resolved once per request by its method's
 * descriptor, after admission and before the rules, and carried on the request. Rules (scopes,
 * capabilities, headers), telemetry, the task runner and the handler read it; none looks the
 * declaration up again.
 */
import type { Tool } from '../declaration/Tool';
import type { ResourceTarget } from './resourceTarget';
import type { Prompt } from '../declaration/Prompt';

/** A request's resolved target: a {@link Tool}, a {@link ResourceTarget} or a {@link Prompt}. */
export type Target = Tool | ResourceTarget | Prompt;

/** How a target is named in messages: `tool "add"`, `resource "file:///a"`, `prompt "review"`. */
export function describeTarget(target: Target): string {
  return `${target.kind} ${JSON.stringify(target.name)}`;
}
