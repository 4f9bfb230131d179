/**
 * The benchmark's tools on tmcp's `McpServer` (tmcp 1.20), registered the way its README shows:
 * `server.tool({ name, description, schema }, handler)` with `z.object` schemas through
 * `ZodJsonSchemaAdapter` (`@tmcp/adapter-zod`, the adapter of its Quick Start). One server per
 * process serves every request (tmcp's transports take one server, not a factory). With
 * `RESOURCES=1` it also serves the static resource (`server.resource`).
 */
import { McpServer } from 'tmcp';
import { ZodJsonSchemaAdapter } from '@tmcp/adapter-zod';
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

/** A tmcp McpServer with `count` tools (add, echo, fillers), and the static resource with `RESOURCES=1`. */
export function tmcpServer(count: number): McpServer {
  const resources = resourcesFromEnv();
  const prompts = promptsFromEnv();
  const capabilities = { tools: {}, ...(resources ? { resources: {} } : {}), ...(prompts ? { prompts: {} } : {}) };
  const server = new McpServer({ name: 'tmcp-bench', version: '1.0.0', description: 'toolwire benchmark tools' }, { adapter: new ZodJsonSchemaAdapter(), capabilities });
  for (const spec of toolSpecs(count)) {
    server.tool({ name: spec.name, description: spec.description, schema: schemaOf(spec) }, async (args: Args) => run(spec.name, args));
  }
  if (prompts) {
    // the prompts/get workloads' prompt, the way tmcp's README shows
    const schema = z.object({ a: z.string().describe(ADD_PROMPT.arguments[0].description), b: z.string().describe(ADD_PROMPT.arguments[1].description) });
    server.prompt({ name: ADD_PROMPT.name, description: ADD_PROMPT.description, schema }, async (args: Args) => ({ messages: [{ role: 'user' as const, content: { type: 'text' as const, text: addPromptText(args) } }] }));
  }
  if (resources) {
    // the resources/read workloads' static text resource, the way tmcp's README shows
    server.resource({ name: STATIC_RESOURCE.name, description: STATIC_RESOURCE.description, uri: STATIC_RESOURCE.uri }, async (uri: string) => ({
      contents: [{ uri, mimeType: STATIC_RESOURCE.mimeType, text: STATIC_RESOURCE.text }],
    }));
  }
  return server;
}
