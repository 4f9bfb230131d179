/** The cold-start programs' three tools on a fresh SDK v2 `McpServer` (`registerTool` with `z.object`). */
import { McpServer } from '@modelcontextprotocol/server';
import type { ZodTool } from './zodTools';

/** A new SDK v2 server with `tools`. */
export function sdk2Server(tools: readonly ZodTool[]): McpServer {
  const server = new McpServer({ name: 'cold-start', version: '1.0.0' });
  for (const tool of tools) {
    server.registerTool(tool.spec.name, { description: tool.spec.description, inputSchema: tool.schema }, async (args: Record<string, unknown>) => ({ content: [{ type: 'text' as const, text: tool.run(args) }] }));
  }
  return server;
}
