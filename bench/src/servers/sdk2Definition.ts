/**
 * The benchmark's tools on the official SDK v2's `McpServer` (`@modelcontextprotocol/server`
 * 2.4.0), registered the documented way (`registerTool` with a `z.object` schema; with
 * `RESOURCES=1` also the static resource, with `registerResource`). The schemas are
 * built once per process; `createMcpHandler` still asks the factory for a fresh `McpServer` per
 * request, as SDK v2 is designed.
 */
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { toolSpecs, type ToolSpec } from '../fixture/toolSpecs';
import { STATIC_RESOURCE, resourcesFromEnv } from '../fixture/resourceSpec';
import { ADD_PROMPT, addPromptText, promptsFromEnv } from '../fixture/promptSpec';

type Args = Record<string, unknown>;
type TextResult = { content: { type: 'text'; text: string }[] };

function schemaOf(spec: ToolSpec): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const p of spec.params) shape[p.name] = (p.type === 'integer' ? z.number().int() : z.string()).describe(p.description);
  return z.object(shape);
}

function textResult(text: string): TextResult {
  return { content: [{ type: 'text', text }] };
}

function run(name: string, args: Args): TextResult {
  if (name === 'add') return textResult(String((args.a as number) + (args.b as number)));
  if (name === 'echo') return textResult(args.message as string);
  return textResult(String(args.x));
}

/** Returns a factory of SDK v2 McpServers with `count` tools; the zod schemas are shared between them. */
export function sdk2ServerFactory(count: number): () => McpServer {
  const tools = toolSpecs(count).map((spec) => ({ spec, schema: schemaOf(spec) }));
  const resources = resourcesFromEnv();
  const prompts = promptsFromEnv();
  const promptArgs = z.object({ a: z.string().describe(ADD_PROMPT.arguments[0].description), b: z.string().describe(ADD_PROMPT.arguments[1].description) });
  return () => {
    const server = new McpServer({ name: 'sdk2-bench', version: '1.0.0' });
    for (const { spec, schema } of tools) {
      server.registerTool(spec.name, { description: spec.description, inputSchema: schema }, async (args: Args) => run(spec.name, args));
    }
    if (prompts) {
      // the prompts/get workloads' prompt, the SDK's documented way
      server.registerPrompt(ADD_PROMPT.name, { description: ADD_PROMPT.description, argsSchema: promptArgs }, (args: Record<string, unknown>) => ({ messages: [{ role: 'user' as const, content: { type: 'text' as const, text: addPromptText(args) } }] }));
    }
    if (resources) {
      // the resources/read workloads' static text resource, the SDK's documented way
      server.registerResource(STATIC_RESOURCE.name, STATIC_RESOURCE.uri, { description: STATIC_RESOURCE.description, mimeType: STATIC_RESOURCE.mimeType }, async (uri) => ({
        contents: [{ uri: uri.href, mimeType: STATIC_RESOURCE.mimeType, text: STATIC_RESOURCE.text }],
      }));
    }
    return server;
  };
}
