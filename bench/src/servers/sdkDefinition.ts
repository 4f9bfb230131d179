/**
 * The benchmark's tools on the official SDK's `McpServer`, registered the documented way
 * (`registerTool` with a zod shape). The zod shapes are built once per process; the stateless
 * HTTP program still builds a whole `McpServer` per request, as the SDK's docs show.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod/v4';
import { toolSpecs, type ToolSpec } from '../fixture/toolSpecs';

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
  return () => {
    const server = new McpServer({ name: 'sdk-bench', version: '1.0.0' });
    for (const { spec, shape } of tools) {
      server.registerTool(spec.name, { description: spec.description, inputSchema: shape }, async (args: Args) => run(spec.name, args));
    }
    return server;
  };
}
