/**
 * Target: what a request acts on — the declared tool of a tools/call, the resource or template
 * a resources/read names (later: a prompt) — resolved once per request by its method's
 * descriptor, after admission and before the rules, and carried on the request. Rules (scopes,
 * capabilities, headers), telemetry, the task runner and the handler read it; none looks the
 * declaration up again.
 */
import type { Tool } from '../declaration/Tool';
import type { ResourceTarget } from './resourceTarget';

/** A request's resolved target: a {@link Tool} or a {@link ResourceTarget}. */
export type Target = Tool | ResourceTarget;

/** How a target is named in messages: `tool "add"`, `resource "file:///a"`. */
export function describeTarget(target: Target): string {
  return `${target.kind} ${JSON.stringify(target.name)}`;
}
