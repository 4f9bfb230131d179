/**
 * triggers: the live-list fixtures of the conformance suites — `test_trigger_tool_change` and
 * `test_trigger_prompt_change` each add or remove (toggle) one item at the END of its list, so the
 * items before it (the first tool the suites read among them) never move, and
 * `test_trigger_resource_update {uri}` marks a resource updated. Each change is emitted through
 * `decl.onChange`, which the server turns into `list_changed` and `resources/updated` notifications.
 */
import { RemotingFault, stringType } from '@toolwire/core';
import type { ServiceDefinition, ToolDeclaration } from '@toolwire/core';

/** The tool `test_trigger_tool_change` adds and removes. */
export const DYNAMIC_TOOL = 'test_dynamic_tool';
/** The prompt `test_trigger_prompt_change` adds and removes. */
export const DYNAMIC_PROMPT = 'test_dynamic_prompt';

/** Adds the trigger tools (and the procedures of what they add) to `decl` and `defs`; call it after every other tool is declared. */
export function addTriggers(decl: ToolDeclaration, defs: ServiceDefinition): void {
  // registered once: declaring the tool again serves it again with this procedure
  defs.registerProcedure(DYNAMIC_TOOL, () => 'This tool was added at runtime by test_trigger_tool_change.');

  const toolChange = decl.addTool('test_trigger_tool_change', `Adds ${DYNAMIC_TOOL} at the end of tools/list, or removes it when present (tools list_changed)`);
  defs.registerTool(toolChange, () => {
    if (decl.removeTool(DYNAMIC_TOOL)) return `removed ${DYNAMIC_TOOL}`;
    decl.addTool(DYNAMIC_TOOL, 'Added at runtime by test_trigger_tool_change');
    return `added ${DYNAMIC_TOOL}`;
  });

  let promptRegistered = false;
  const promptChange = decl.addTool('test_trigger_prompt_change', `Adds ${DYNAMIC_PROMPT} at the end of prompts/list, or removes it when present (prompts list_changed)`);
  defs.registerTool(promptChange, () => {
    if (decl.removePrompt(DYNAMIC_PROMPT)) return `removed ${DYNAMIC_PROMPT}`;
    const prompt = decl.addPrompt(DYNAMIC_PROMPT, 'Added at runtime by test_trigger_prompt_change');
    // a prompt procedure is kept by name: registered with the first prompt, it serves the later ones too
    if (!promptRegistered) defs.registerPrompt(prompt, () => 'This prompt was added at runtime by test_trigger_prompt_change.');
    promptRegistered = true;
    return `added ${DYNAMIC_PROMPT}`;
  });

  const resourceUpdate = decl.addTool('test_trigger_resource_update', 'Marks the resource at uri updated (notifications/resources/updated to its subscribers)').addParam('uri', stringType(), 'The URI of the resource');
  defs.registerTool(resourceUpdate, (uri) => {
    if (uri === '') throw new RemotingFault('uri must not be empty');
    decl.resourceUpdated(uri);
    return `updated ${uri}`;
  });
}
