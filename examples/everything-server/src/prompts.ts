/**
 * prompts: the everything-server's prompts — the fixtures of the official conformance suite
 * (`test_simple_prompt`; `test_prompt_with_arguments` with `arg1`/`arg2` and completion of
 * `arg1`; `test_prompt_with_embedded_resource`; `test_prompt_with_image`; and, for MCP
 * 2026-07-28 multi round-trip requests, `test_input_required_result_prompt`, which asks the user
 * with `ctx.elicit` as any tool does).
 */
import { image, resource, text } from '@toolwire/core';
import type { ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import { RED_PIXEL_PNG } from './media';

/** The values `arg1` completes to (those starting with what was typed). */
const ARG1_VALUES = ['test', 'testValue1', 'example', 'sample'];

const CONTEXT = { type: 'object' as const, properties: { context: { type: 'string' } }, required: ['context'] };

/** Adds the conformance prompt fixtures to `decl` and `defs`. */
export function addPrompts(decl: ToolDeclaration, defs: ServiceDefinition): void {
  const simple = decl.addPrompt('test_simple_prompt', 'A simple prompt without arguments');
  defs.registerPrompt(simple, () => 'This is a simple prompt for testing.');

  const withArguments = decl
    .addPrompt('test_prompt_with_arguments', 'A prompt with two required arguments')
    .addArgument('arg1', 'First test argument')
    .addArgument('arg2', 'Second test argument')
    .setCompletion('arg1', (value) => ARG1_VALUES.filter((candidate) => candidate.startsWith(value)));
  defs.registerPrompt(withArguments, ({ arg1, arg2 }) => `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`);

  const embedded = decl.addPrompt('test_prompt_with_embedded_resource', 'A prompt that embeds a resource').addArgument('resourceUri', 'URI of the resource to embed');
  defs.registerPrompt(embedded, ({ resourceUri }) => [
    { role: 'user', content: resource({ uri: resourceUri, mimeType: 'text/plain', text: 'Embedded resource content for testing.' }) },
    { role: 'user', content: text('Please process the embedded resource above.') },
  ]);

  const withImage = decl.addPrompt('test_prompt_with_image', 'A prompt with an image');
  defs.registerPrompt(withImage, () => [
    { role: 'user', content: image(RED_PIXEL_PNG, 'image/png') },
    { role: 'user', content: text('Please analyze the image above.') },
  ]);

  const inputRequired = decl.addPrompt('test_input_required_result_prompt', 'Asks the user for context (elicitation), then builds the prompt');
  defs.registerPrompt(inputRequired, async (_args, ctx) => {
    const answer = await ctx.elicit({ message: 'What context should the prompt use?', requestedSchema: CONTEXT }, { key: 'user_context' });
    return `Use this context: ${String(answer.content?.context ?? '')}`;
  });
}
