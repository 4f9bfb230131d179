/**
 * Cold-start program: the official SDK 1.x in its documented stateless mode — `createMcpExpressApp()`
 * and per request a new `McpServer` and `StreamableHTTPServerTransport` — on `PORT`; writes `ready`
 * to stdout once listening.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { zodTools } from './zodTools';

const tools = zodTools();
const app = createMcpExpressApp();
app.post('/mcp', async (req, res) => {
  const server = new McpServer({ name: 'cold-start', version: '1.0.0' });
  for (const tool of tools) {
    server.registerTool(tool.spec.name, { description: tool.spec.description, inputSchema: tool.schema.shape }, async (args: Record<string, unknown>) => ({ content: [{ type: 'text' as const, text: tool.run(args) }] }));
  }
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});
app.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
