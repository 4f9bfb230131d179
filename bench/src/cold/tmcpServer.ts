/** The cold-start programs' three tools on tmcp's `McpServer` (`server.tool` with `z.object` through `ZodJsonSchemaAdapter`). */
import { McpServer } from 'tmcp';
import { ZodJsonSchemaAdapter } from '@tmcp/adapter-zod';
import { zodTools } from './zodTools';

/** A tmcp server with the three tools. */
export function tmcpServer(): McpServer {
  const server = new McpServer({ name: 'cold-start', version: '1.0.0', description: 'cold start' }, { adapter: new ZodJsonSchemaAdapter(), capabilities: { tools: {} } });
  for (const tool of zodTools()) {
    server.tool({ name: tool.spec.name, description: tool.spec.description, schema: tool.schema }, async (args: Record<string, unknown>) => ({ content: [{ type: 'text' as const, text: tool.run(args) }] }));
  }
  return server;
}
