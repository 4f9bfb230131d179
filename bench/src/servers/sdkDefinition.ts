/**
 * The benchmark's tools on the official SDK's `McpServer`, registered the documented way
 * (`registerTool` with a zod shape; with `RESOURCES=1` also the static resource, with `registerResource`). The zod shapes are built once per process; the stateless
 * HTTP program still builds a whole `McpServer` per request, as the SDK's docs show.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod/v4';
import { STRUCTURED_TOOL, structuredFromEnv, toolSpecs, type ToolSpec } from '../fixture/toolSpecs';
import { PROGRESS_STEPS, PROGRESS_TOOL } from '../fixture/progressWorkload';
import { STATIC_RESOURCE, resourcesFromEnv } from '../fixture/resourceSpec';
import { ADD_PROMPT, addPromptText, promptsFromEnv } from '../fixture/promptSpec';

type Shape = Record<string, z.ZodType>;
type Args = Record<string, unknown>;
type TextResult = { content: { type: 'text'; text: string }[] };

function shapeOf(spec: ToolSpec): Shape {
  const shape: Shape = {};
  for (const p of spec.params) shape[p.name] = (p.type === 'integer' ? z.number().int() : z.string()).describe(p.description);
  return shape;
}

function textResult(text: string): TextResult {
  return { content: [{ type: 'text', text }] };
}

function run(name: string, args: Args): TextResult {
  if (name === 'add') return textResult(String((args.a as number) + (args.b as number)));
  if (name === 'echo') return textResult(args.message as string);
  return textResult(String(args.x));
}

/** Returns a factory of McpServers with `count` tools; the zod shapes are shared between them. */
export function sdkServerFactory(count: number): () => McpServer {
  const tools = toolSpecs(count).map((spec) => ({ spec, shape: shapeOf(spec) }));
  const resources = resourcesFromEnv();
  const prompts = promptsFromEnv();
  const promptArgs = { a: z.string().describe(ADD_PROMPT.arguments[0].description), b: z.string().describe(ADD_PROMPT.arguments[1].description) };
  const structured = structuredFromEnv() ? { input: shapeOf(STRUCTURED_TOOL), output: { sum: z.number().int() } } : undefined;
  return () => {
    const server = new McpServer({ name: 'sdk-bench', version: '1.0.0' });
    for (const { spec, shape } of tools) {
      server.registerTool(spec.name, { description: spec.description, inputSchema: shape }, async (args: Args) => run(spec.name, args));
    }
    if (structured) {
      // structured output, the SDK's documented way: an outputSchema shape and structuredContent beside the text
      server.registerTool(STRUCTURED_TOOL.name, { description: STRUCTURED_TOOL.description, inputSchema: structured.input, outputSchema: structured.output }, async (args: Args) => {
        const output = { sum: (args.a as number) + (args.b as number) };
        return { content: [{ type: 'text' as const, text: JSON.stringify(output) }], structuredContent: output };
      });
    }
    if (prompts) {
      // the prompts/get workloads' prompt, the SDK's documented way
      server.registerPrompt(ADD_PROMPT.name, { description: ADD_PROMPT.description, argsSchema: promptArgs }, (args) => ({ messages: [{ role: 'user' as const, content: { type: 'text' as const, text: addPromptText(args) } }] }));
    }
    if (resources) {
      // the resources/read workloads' static text resource, the SDK's documented way
      server.registerResource(STATIC_RESOURCE.name, STATIC_RESOURCE.uri, { description: STATIC_RESOURCE.description, mimeType: STATIC_RESOURCE.mimeType }, async (uri) => ({
        contents: [{ uri: uri.href, mimeType: STATIC_RESOURCE.mimeType, text: STATIC_RESOURCE.text }],
      }));
    }
    if (process.env.PROGRESS === '1') {
      // the progress workload's tool, the SDK's documented way: extra.sendNotification with the request's token
      server.registerTool(PROGRESS_TOOL, { description: 'Reports progress 1 … 10 of 10, then answers done' }, async (extra) => {
        const progressToken = extra._meta?.progressToken;
        if (progressToken !== undefined) {
          for (let i = 1; i <= PROGRESS_STEPS; i++) await extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: i, total: PROGRESS_STEPS } });
        }
        return textResult('done');
      });
    }
    return server;
  };
}
