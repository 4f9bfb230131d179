/**
 * completionTarget: what the `ref` of a `completion/complete` names — a declared prompt
 * (`ref/prompt` by name) or a resource template (`ref/resource` by its template text) — as the
 * request's target, so the rules (the target's scopes) apply to completing it as to using it.
 */
import type { ToolDeclaration } from '../declaration/ToolDeclaration';
import { isObject } from '../guards';
import type { Target } from './Target';

/** The completion `ref` types. */
export const REF = Object.freeze({ prompt: 'ref/prompt', resource: 'ref/resource' } as const);

/** The prompt or template `params.ref` names, or `undefined`. */
export function completionTarget(decl: ToolDeclaration, params: unknown): Target | undefined {
  const ref = isObject(params) ? params.ref : undefined;
  if (!isObject(ref)) return undefined;
  if (ref.type === REF.prompt) return typeof ref.name === 'string' ? decl.getPrompt(ref.name) : undefined;
  if (ref.type !== REF.resource || typeof ref.uri !== 'string') return undefined;
  const template = decl.catalog.getTemplate(ref.uri);
  return template && { kind: 'resource', name: ref.uri, scopes: template.scopes, entry: template, key: template.uriTemplate, args: [] };
}
