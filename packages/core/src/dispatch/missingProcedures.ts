/**
 * missingProcedures: a declared tool (or prompt) without a registered procedure can only ever
 * answer -32603. It is reported once, when the dispatcher handles its first message (so
 * procedures registered after the transport was created are not reported), or — with the
 * option `'error'` — refused when the dispatcher is made.
 */
import { ErrorCodes } from '../faults/ErrorCodes';
import type { ServiceDefinition } from '../remoting/ServiceDefinition';
import type { ToolDeclaration } from '../declaration/ToolDeclaration';

/** What to do about declared tools without a procedure: warn once on stderr (default), throw at setup, or nothing. */
export type MissingProcedures = 'warn' | 'error' | 'ignore';

/** The label of a prompt in the list: a tool name has no space, so `prompt "x"` is never one. */
const PROMPT_LABEL = 'prompt ';

/**
 * What `decl` declares that `defs` has no procedure for, in declaration order: the tools' names,
 * then each prompt as `prompt "name"`.
 */
export function missingProcedures(defs: ServiceDefinition, decl: ToolDeclaration): string[] {
  const tools = decl.tools.filter((tool) => !defs.getProcedure(tool.name)).map((tool) => tool.name);
  const prompts = decl.prompts.filter((prompt) => !defs.getPromptProcedure(prompt.name)).map((prompt) => `${PROMPT_LABEL}${JSON.stringify(prompt.name)}`);
  return [...tools, ...prompts];
}

/** The sentence that names them and the fix. */
export function missingProceduresMessage(names: readonly string[]): string {
  const tools = names.filter((name) => !name.startsWith(PROMPT_LABEL));
  const prompts = names.filter((name) => name.startsWith(PROMPT_LABEL));
  const parts: string[] = [];
  if (tools.length) {
    const one = tools.length === 1;
    parts.push(`${one ? 'tool' : 'tools'} ${listed(tools.map((name) => JSON.stringify(name)))} ${one ? 'is' : 'are'} declared but no procedure is registered (calls answer ${ErrorCodes.InternalError}); register ${one ? 'it' : 'them'} with defs.registerTool(tool, fn) or defs.registerProcedure(name, fn)`);
  }
  if (prompts.length) {
    const one = prompts.length === 1;
    parts.push(`${listed(prompts)} ${one ? 'is' : 'are'} declared but no procedure is registered (prompts/get answers ${ErrorCodes.InternalError}); register ${one ? 'it' : 'them'} with defs.registerPrompt(prompt, fn)`);
  }
  return parts.join('; ');
}

function listed(names: readonly string[]): string {
  const shown = names.slice(0, 5).join(', ');
  return names.length > 5 ? `${shown} and ${names.length - 5} more` : shown;
}
