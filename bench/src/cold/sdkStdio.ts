/** Cold-start program: the official SDK 1.x `McpServer` (`registerTool` with zod) and `StdioServerTransport`. */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { zodTools } from './zodTools';

const server = new McpServer({ name: 'cold-start', version: '1.0.0' });
for (const tool of zodTools()) {
  server.registerTool(tool.spec.name, { description: tool.spec.description, inputSchema: tool.schema.shape }, async (args: Record<string, unknown>) => ({ content: [{ type: 'text' as const, text: tool.run(args) }] }));
}
void server.connect(new StdioServerTransport());
