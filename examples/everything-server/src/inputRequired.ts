/**
 * inputRequired: the fixture tools of the conformance suite's `input-required-result-*`
 * scenarios (MCP 2026-07-28 multi round-trip requests, SEP-2322), written the way any toolwire
 * tool asks: `await ctx.elicit(…)`, `ctx.sample(…)`, `ctx.listRoots(…)`. toolwire answers an
 * unanswered ask with `input_required` and a sealed `requestState`, and runs the procedure again
 * when the client calls back with `inputResponses`.
 */
import type { ServiceDefinition, ToolDeclaration } from '@toolwire/core';

const NAME = { type: 'object' as const, properties: { name: { type: 'string' } }, required: ['name'] };
const CONFIRM = { type: 'object' as const, properties: { ok: { type: 'boolean' } }, required: ['ok'] };
const COLOR = { type: 'object' as const, properties: { color: { type: 'string' } }, required: ['color'] };

/** Adds the `test_input_required_result_*` tools to `decl` and `defs`. */
export function addInputRequiredFixtures(decl: ToolDeclaration, defs: ServiceDefinition): void {
  const elicitation = decl.addTool('test_input_required_result_elicitation', 'Asks the user for their name (elicitation), then greets them');
  defs.registerTool(elicitation, async (ctx) => {
    const answer = await ctx.elicit({ message: 'What is your name?', requestedSchema: NAME }, { key: 'user_name' });
    return `Hello, ${String(answer.content?.name ?? 'stranger')}!`;
  });

  const sampling = decl.addTool('test_input_required_result_sampling', "Asks the client's model a question (sampling) and answers with its reply");
  defs.registerTool(sampling, async (ctx) => {
    const reply = await ctx.sample({ messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }], maxTokens: 100 }, { key: 'capital_question' });
    return `The model said: ${String(reply.content.text ?? '')}`;
  });

  const roots = decl.addTool('test_input_required_result_list_roots', "Asks for the client's roots and names them");
  defs.registerTool(roots, async (ctx) => {
    const { roots: list } = await ctx.listRoots({ key: 'client_roots' });
    return `Client roots: ${list.map((root) => root.uri).join(', ') || '(none)'}`;
  });

  const requestState = decl.addTool('test_input_required_result_request_state', 'Asks for a confirmation; the retry proves the sealed requestState came back');
  defs.registerTool(requestState, async (ctx) => {
    const answer = await ctx.elicit({ message: 'Confirm?', requestedSchema: CONFIRM }, { key: 'confirm' });
    return `state-ok: confirmed=${String(answer.content?.ok === true)}`;
  });

  const multiple = decl.addTool('test_input_required_result_multiple_inputs', 'Asks for a name, a greeting from the model and the roots at once');
  defs.registerTool(multiple, async (ctx) => {
    const [name, greeting, list] = await Promise.all([
      ctx.elicit({ message: 'What is your name?', requestedSchema: NAME }, { key: 'user_name' }),
      ctx.sample({ messages: [{ role: 'user', content: { type: 'text', text: 'Write a short greeting.' } }], maxTokens: 50 }, { key: 'greeting' }),
      ctx.listRoots({ key: 'client_roots' }),
    ]);
    return `${String(greeting.content.text ?? '')} ${String(name.content?.name ?? '')} (${list.roots.length} roots)`;
  });

  const multiRound = decl.addTool('test_input_required_result_multi_round', 'Asks in two rounds: a name, then a favourite colour');
  defs.registerTool(multiRound, async (ctx) => {
    const name = await ctx.elicit({ message: 'What is your name?', requestedSchema: NAME }, { key: 'step1' });
    const color = await ctx.elicit({ message: 'What is your favourite colour?', requestedSchema: COLOR }, { key: 'step2' });
    return `${String(name.content?.name ?? '')} likes ${String(color.content?.color ?? '')}`;
  });

  const tampered = decl.addTool('test_input_required_result_tampered_state', 'Asks for a confirmation; a tampered requestState is refused (-32602)');
  defs.registerTool(tampered, async (ctx) => {
    const answer = await ctx.elicit({ message: 'Confirm?', requestedSchema: CONFIRM }, { key: 'confirm' });
    return `confirmed=${String(answer.content?.ok === true)}`;
  });

  const capabilities = decl.addTool('test_input_required_result_capabilities', 'Asks only what the client declared: the user when it can elicit, else its model');
  defs.registerTool(capabilities, async (ctx) => {
    if (ctx.clientCapabilities.elicitation !== undefined) {
      const answer = await ctx.elicit({ message: 'What is your name?', requestedSchema: NAME }, { key: 'user_name' });
      return `Hello, ${String(answer.content?.name ?? '')}!`;
    }
    const reply = await ctx.sample({ messages: [{ role: 'user', content: { type: 'text', text: 'Say hello.' } }], maxTokens: 20 }, { key: 'greeting' });
    return String(reply.content.text ?? '');
  });
}
