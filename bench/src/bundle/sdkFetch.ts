/**
 * Bundle-size entry: the three tools on the official SDK 1.x, served Workers-style — per request a
 * new `McpServer` and a stateless `WebStandardStreamableHTTPServerTransport` (its Web-standard
 * transport), `export default { fetch }`.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { zodTools } from '../cold/zodTools';

const tools = zodTools();
export default {
  async fetch(request: Request): Promise<Response> {
    const server = new McpServer({ name: 'bundle-size', version: '1.0.0' });
    for (const tool of tools) {
      server.registerTool(tool.spec.name, { description: tool.spec.description, inputSchema: tool.schema.shape }, async (args: Record<string, unknown>) => ({ content: [{ type: 'text' as const, text: tool.run(args) }] }));
    }
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    return transport.handleRequest(request);
  },
};
