/**
 * tasks: the fixture tools of the conformance suite's `tasks-*` scenarios (MCP 2026-07-28, the
 * `io.modelcontextprotocol/tasks` extension, SEP-2663), written the way any toolwire tool runs as
 * a task: `setTaskSupport('optional' | 'required')` on the declaration and an ordinary procedure —
 * its `signal` aborts on `tasks/cancel`, and an `elicit` inside the task makes it
 * `input_required` until `tasks/update` answers. `test_tool_with_task` asks one multi round-trip
 * round on the request itself, then calls `ctx.beginTask()`.
 */
import { integerType, stringType, toolError } from '@toolwire/core';
import type { ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import { sleep } from './everything';

const CONFIRM = { type: 'object' as const, properties: { confirm: { type: 'boolean' } }, required: ['confirm'] };
const NAME = { type: 'object' as const, properties: { name: { type: 'string' } }, required: ['name'] };
/** What `multi_input` asks (the suite answers each with a name and a confirmation). */
const NAME_AND_CONFIRM = { type: 'object' as const, properties: { name: { type: 'string' }, confirm: { type: 'boolean' } }, required: ['name'] };

/** Adds `greet`, `slow_compute`, `failing_job`, `protocol_error_job`, `confirm_delete`, `multi_input` and `test_tool_with_task`. */
export function addTaskFixtures(decl: ToolDeclaration, defs: ServiceDefinition): void {
  const greet = decl.addTool('greet', 'Greets by name (never a task)').addParam('name', stringType(), 'Who to greet');
  defs.registerTool(greet, (name) => `Hello, ${name}!`);

  const slowCompute = decl
    .addTool('slow_compute', 'Computes for `seconds` seconds (a task when the client takes tasks; cancellable)')
    .addParam('seconds', integerType(), 'How long to compute, in seconds')
    .addParam('label', stringType(), 'A label echoed in the result')
    .setOptional('label')
    .setTaskSupport('optional');
  defs.registerTool(slowCompute, async (seconds, label, ctx) => {
    await sleep(Math.max(0, seconds) * 1000, ctx.signal);
    return `computed for ${seconds} s${label === undefined ? '' : ` (${label})`}`;
  });

  const failingJob = decl.addTool('failing_job', 'Fails as a tool (isError) after about a second; runs only as a task').setTaskSupport('required');
  defs.registerTool(failingJob, async (ctx) => {
    await sleep(1000, ctx.signal);
    return toolError('the job failed: the input could not be processed');
  });

  const protocolErrorJob = decl.addTool('protocol_error_job', 'Crashes (a JSON-RPC internal error: the task fails)').setTaskSupport('optional');
  defs.registerTool(protocolErrorJob, async () => {
    throw new Error('protocol_error_job crashed on purpose');
  });

  const confirmDelete = decl
    .addTool('confirm_delete', 'Asks the user to confirm (one elicitation), then deletes the file')
    .addParam('filename', stringType(), 'The file to delete')
    .setTaskSupport('optional');
  defs.registerTool(confirmDelete, async (filename, ctx) => {
    const answer = await ctx.elicit({ message: `Delete ${filename}?`, requestedSchema: CONFIRM });
    return answer.action === 'accept' && answer.content?.confirm === true ? `deleted ${filename}` : `kept ${filename}`;
  });

  const multiInput = decl.addTool('multi_input', 'Asks two questions at once (two parallel elicitations)').setTaskSupport('optional');
  defs.registerTool(multiInput, async (ctx) => {
    const [first, second] = await Promise.all([
      ctx.elicit({ message: 'First name?', requestedSchema: NAME_AND_CONFIRM }),
      ctx.elicit({ message: 'Second name?', requestedSchema: NAME_AND_CONFIRM }),
    ]);
    return `got ${String(first.content?.name)} and ${String(second.content?.name)}`;
  });

  const withTask = decl
    .addTool('test_tool_with_task', 'Asks for a name on the request (a multi round-trip round), then greets in a task')
    .setTaskSupport('required', { begins: 'onBeginTask' });
  defs.registerTool(withTask, async (ctx) => {
    const answer = await ctx.elicit({ message: 'What is your name?', requestedSchema: NAME }, { key: 'user_name' });
    await ctx.beginTask();
    return `Hello, ${String(answer.content?.name ?? 'stranger')}, from a task!`;
  });
}
