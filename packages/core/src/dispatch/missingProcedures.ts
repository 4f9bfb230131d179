/**
 * missingProcedures: a declared tool without a registered procedure can only ever answer
 * -32603. It is reported once, when the dispatcher handles its first message (so procedures
 * registered after the transport was created are not reported), or — with the option `'error'`
 * — refused when the dispatcher is made.
 */
import { ErrorCodes } from '../faults/ErrorCodes';
import type { ServiceDefinition } from '../remoting/ServiceDefinition';
import type { ToolDeclaration } from '../declaration/ToolDeclaration';

/** What to do about declared tools without a procedure: warn once on stderr (default), throw at setup, or nothing. */
export type MissingProcedures = 'warn' | 'error' | 'ignore';

/** The names of `decl`'s tools that `defs` has no procedure for, in declaration order. */
export function missingProcedures(defs: ServiceDefinition, decl: ToolDeclaration): string[] {
  return decl.tools.filter((tool) => !defs.getProcedure(tool.name)).map((tool) => tool.name);
}

/** The sentence that names them and the fix. */
export function missingProceduresMessage(names: readonly string[]): string {
  const shown = names.slice(0, 5).map((name) => JSON.stringify(name)).join(', ');
  const list = names.length > 5 ? `${shown} and ${names.length - 5} more` : shown;
  return `${names.length === 1 ? 'tool' : 'tools'} ${list} ${names.length === 1 ? 'is' : 'are'} declared but no procedure is registered (calls answer ${ErrorCodes.InternalError}); register ${names.length === 1 ? 'it' : 'them'} with defs.registerTool(tool, fn) or defs.registerProcedure(name, fn)`;
}
