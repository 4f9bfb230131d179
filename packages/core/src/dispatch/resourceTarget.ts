/**
 * resourceTarget: what a `resources/read` URI names — the static resource of that URI, or the
 * first template it matches with the read procedure's arguments — as a request's target.
 */
import type { ToolDeclaration } from '../declaration/ToolDeclaration';
import type { ResourceEntry } from '../declaration/ResourceEntry';

/** The entry a URI names: a static resource or a template, with the procedure's positional arguments (or the problem with them). */
export interface ResourceTarget {
  readonly kind: 'resource';
  /** The URI requested. */
  readonly name: string;
  /** The OAuth scopes a read needs (the entry's). */
  readonly scopes: readonly string[];
  readonly entry: ResourceEntry;
  readonly key: string;
  readonly args: unknown[] | string;
  readonly fixed?: string | Uint8Array;
}

/** The static resource or first matching template `uri` names, or `undefined`. */
export function resourceTarget(decl: ToolDeclaration, uri: string): ResourceTarget | undefined {
  const resource = decl.getResource(uri);
  if (resource) return { kind: 'resource', name: uri, scopes: resource.scopes, entry: resource, key: uri, args: [], fixed: resource.contents };
  const found = decl.catalog.findTemplate(uri);
  return found && { kind: 'resource', name: uri, scopes: found.template.scopes, entry: found.template, key: found.template.uriTemplate, args: found.args };
}
