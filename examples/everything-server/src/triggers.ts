/**
 * triggers: the live-list fixtures of the conformance suites — `test_trigger_tool_change` and
 * `test_trigger_prompt_change` each add or remove (toggle) one item at the END of its list, so the
 * items before it (the first tool the suites read among them) never move, and
 * `test_trigger_resource_update {uri}` marks a resource updated. Each change is emitted through
 * `decl.onChange`, which the server turns into `list_changed` and `resources/updated` notifications.
 * A trigger is applied here, or — with a shared notification bus (`sharedTriggers.ts`) — routed
 * through the bus so every instance applies it.
 */
import { RemotingFault, stringType } from '@toolwire/core';
import type { ServiceDefinition, ToolDeclaration } from '@toolwire/core';

/** The tool `test_trigger_tool_change` adds and removes. */
export const DYNAMIC_TOOL = 'test_dynamic_tool';
/** The prompt `test_trigger_prompt_change` adds and removes. */
export const DYNAMIC_PROMPT = 'test_dynamic_prompt';

/** Which trigger: a tool added or removed at the end of the list, a prompt likewise, a resource updated. */
export type TriggerKind = 'tool' | 'prompt' | 'resource';

/** The triggers of one declaration. */
export interface Triggers {
  /** Applies one trigger to this declaration; returns what it did. */
  apply(kind: TriggerKind, uri?: string): string;
  /** Where the trigger tools send a trigger instead of applying it here (a shared bus); unset: applied here. */
  route?: (kind: TriggerKind, uri?: string) => Promise<void>;
}

/** Adds the trigger tools (and the procedures of what they add) to `decl` and `defs`; call it after every other tool is declared. */
export function addTriggers(decl: ToolDeclaration, defs: ServiceDefinition): Triggers {
  // registered once: declaring the tool again serves it again with this procedure
  defs.registerProcedure(DYNAMIC_TOOL, () => 'This tool was added at runtime by test_trigger_tool_change.');
  let promptRegistered = false;
  const triggers: Triggers = {
    apply(kind, uri) {
      if (kind === 'resource') {
        decl.resourceUpdated(uri ?? '');
        return `updated ${uri}`;
      }
      if (kind === 'tool') {
        if (decl.removeTool(DYNAMIC_TOOL)) return `removed ${DYNAMIC_TOOL}`;
        decl.addTool(DYNAMIC_TOOL, 'Added at runtime by test_trigger_tool_change');
        return `added ${DYNAMIC_TOOL}`;
      }
      if (decl.removePrompt(DYNAMIC_PROMPT)) return `removed ${DYNAMIC_PROMPT}`;
      const prompt = decl.addPrompt(DYNAMIC_PROMPT, 'Added at runtime by test_trigger_prompt_change');
      // a prompt procedure is kept by name: registered with the first prompt, it serves the later ones too
      if (!promptRegistered) defs.registerPrompt(prompt, () => 'This prompt was added at runtime by test_trigger_prompt_change.');
      promptRegistered = true;
      return `added ${DYNAMIC_PROMPT}`;
    },
  };
  const fire = async (kind: TriggerKind, uri?: string): Promise<string> => {
    if (!triggers.route) return triggers.apply(kind, uri);
    await triggers.route(kind, uri);
    return kind === 'resource' ? `updated ${uri} on every instance` : `${kind} list changed on every instance`;
  };

  const toolChange = decl.addTool('test_trigger_tool_change', `Adds ${DYNAMIC_TOOL} at the end of tools/list, or removes it when present (tools list_changed)`);
  defs.registerTool(toolChange, () => fire('tool'));
  const promptChange = decl.addTool('test_trigger_prompt_change', `Adds ${DYNAMIC_PROMPT} at the end of prompts/list, or removes it when present (prompts list_changed)`);
  defs.registerTool(promptChange, () => fire('prompt'));
  const resourceUpdate = decl.addTool('test_trigger_resource_update', 'Marks the resource at uri updated (notifications/resources/updated to its subscribers)').addParam('uri', stringType(), 'The URI of the resource');
  defs.registerTool(resourceUpdate, (uri) => {
    if (uri === '') throw new RemotingFault('uri must not be empty');
    return fire('resource', uri);
  });
  return triggers;
}
