/**
 * The benchmark's tools as a toolwire ToolDeclaration and ServiceDefinition (used by the
 * toolwire server programs and the dispatcher micro-benchmark). With `PROGRESS=1` it also has
 * the progress workload's tool; with `RESOURCES=1` the static resource of the resources/read
 * workloads; with `PROMPTS=1` the prompt of the prompts/get workloads; with `TASKS=memory|redis` (the task workloads) `add` is a task tool (the store is
 * made by `benchTaskStore.ts`); with `SCHEMA=zod` `add` is declared with a zod schema (the
 * Standard Schema workloads) instead of the builder.
 */
import { ObjectType, ServiceDefinition, ToolDeclaration, integerType, stringType } from '@toolwire/core';
import type { CallContext } from '@toolwire/core';
import type { z } from 'zod';
import { PARAM_TOOL, STRUCTURED_TOOL, pageSizeFromEnv, paramFromEnv, schemaFromEnv, structuredFromEnv, tasksFromEnv, toolSpecs } from '../fixture/toolSpecs';
import { PROGRESS_STEPS, PROGRESS_TOOL } from '../fixture/progressWorkload';
import { STATIC_RESOURCE, resourcesFromEnv } from '../fixture/resourceSpec';
import { ADD_PROMPT, addPromptText, promptsFromEnv } from '../fixture/promptSpec';

/**
 * A declaration and procedure table with `count` tools (add, echo, fillers), in the variant
 * `env` names (default: this process's environment): in pages of `PAGE_SIZE`, with the
 * structured-output tool `sum` when `STRUCTURED=1`, the Mcp-Param tool `locate` when `PARAM=1`,
 * the static text resource when `RESOURCES=1`, `add` with task support (`optional`) when
 * `TASKS` is set, and `add` declared with zod (the same integers, described alike) when `SCHEMA=zod`
 * — with the `zod` module the caller passes (a server program gets it from
 * {@link toolwireServiceFromEnv}, which loads zod only for that variant).
 */
export function toolwireService(count: number, env: NodeJS.ProcessEnv = process.env, zod?: { z: typeof z }): { decl: ToolDeclaration; defs: ServiceDefinition } {
  const pageSize = pageSizeFromEnv(env);
  const decl = new ToolDeclaration('toolwire-bench', '1.0.0', pageSize === undefined ? {} : { pageSize });
  const defs = new ServiceDefinition();
  const useZod = schemaFromEnv(env) === 'zod';
  if (useZod && zod === undefined) throw new TypeError('SCHEMA=zod: expected the zod module as toolwireService\'s third argument, got none');
  for (const spec of toolSpecs(count)) {
    if (useZod && zod && spec.name === 'add') {
      const { z } = zod;
      // the Standard Schema workloads: the same tool, its integers a zod object (as SDK v2's bench server declares it)
      const [a, b] = spec.params;
      const add = decl.addTool(spec.name, spec.description, { input: z.object({ [a.name]: z.number().int().describe(a.description), [b.name]: z.number().int().describe(b.description) }) });
      defs.registerTool(add, (input) => (input[a.name] as number) + (input[b.name] as number));
      continue;
    }
    const tool = decl.addTool(spec.name, spec.description);
    for (const p of spec.params) tool.addParam(p.name, p.type === 'integer' ? integerType() : stringType(), p.description);
  }
  // the task workloads: a call of add that declares the tasks extension creates a task (2026-07-28)
  if (tasksFromEnv(env) !== undefined) decl.getTool('add')?.setTaskSupport('optional');
  if (!useZod) defs.registerProcedure('add', (a: number, b: number) => a + b);
  defs.registerProcedure('echo', (message: string) => message);
  for (const spec of toolSpecs(count).slice(2)) defs.registerProcedure(spec.name, (x: number) => x);
  if (structuredFromEnv(env)) {
    const sum = decl.addTool(STRUCTURED_TOOL.name, STRUCTURED_TOOL.description).addParam('a', integerType()).addParam('b', integerType()).setOutput(new ObjectType().addProperty('sum', integerType()));
    defs.registerTool(sum, (a, b) => ({ sum: a + b }));
  }
  if (paramFromEnv(env)) {
    // the Mcp-Param workload's tool: `region` mirrored in the Mcp-Param-Region header (2026-07-28)
    const locate = decl.addTool(PARAM_TOOL.name, PARAM_TOOL.description).addParam('region', stringType(), PARAM_TOOL.params[0].description, { header: PARAM_TOOL.header.name }).addParam('id', integerType(), PARAM_TOOL.params[1].description);
    defs.registerTool(locate, (region, id) => `${region}:${id}`);
  }
  if (resourcesFromEnv(env)) {
    // the resources/read workloads' static text resource, answered by its read procedure (as every peer's is)
    const readme = decl.addResource(STATIC_RESOURCE.uri, STATIC_RESOURCE.name).setDescription(STATIC_RESOURCE.description).setMimeType(STATIC_RESOURCE.mimeType);
    defs.registerResource(readme, () => STATIC_RESOURCE.text);
  }
  if (promptsFromEnv(env)) {
    // the prompts/get workloads' prompt, answered by its procedure as a tool call is
    const prompt = decl.addPrompt(ADD_PROMPT.name, ADD_PROMPT.description).addArgument(ADD_PROMPT.arguments[0].name, ADD_PROMPT.arguments[0].description).addArgument(ADD_PROMPT.arguments[1].name, ADD_PROMPT.arguments[1].description);
    defs.registerPrompt(prompt, (args) => addPromptText(args));
  }
  if (env.PROGRESS === '1') {
    // the progress workload's tool: 10 notifications/progress for the request's token, then "done"
    decl.addTool(PROGRESS_TOOL, 'Reports progress 1 … 10 of 10, then answers done');
    defs.registerProcedure(PROGRESS_TOOL, (ctx: CallContext) => {
      for (let i = 1; i <= PROGRESS_STEPS; i++) ctx.progress(i, PROGRESS_STEPS);
      return 'done';
    });
  }
  return { decl, defs };
}

/**
 * {@link toolwireService} for this process's environment, zod loaded only when `SCHEMA=zod` asks
 * for it: the other server processes hold no zod (the RSS figures).
 */
export async function toolwireServiceFromEnv(count: number, env: NodeJS.ProcessEnv = process.env): Promise<{ decl: ToolDeclaration; defs: ServiceDefinition }> {
  return toolwireService(count, env, schemaFromEnv(env) === 'zod' ? await import('zod') : undefined);
}
