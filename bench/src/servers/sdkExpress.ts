/**
 * Server program: the official SDK in its documented stateless mode — `createMcpExpressApp()`
 * (express.json() plus localhost Host validation), and per request a new `McpServer` and a
 * `StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })`,
 * closed when the response closes.
 */
import { createServer } from 'node:http';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { sdkServerFactory } from './sdkDefinition';
import { listenOnLoopback, runServerProgram } from './serverIpc';
import { toolCountFromEnv } from '../fixture/toolSpecs';

const newServer = sdkServerFactory(toolCountFromEnv());
const app = createMcpExpressApp();

app.post('/mcp', async (req, res) => {
  const server = newServer();
  try {
    // SSE=1 (the progress workload): the SDK streams a response only with enableJsonResponse off
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: process.env.SSE !== '1' });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  } catch {
    if (!res.headersSent) res.status(500).json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null });
  }
});

runServerProgram(() => listenOnLoopback(createServer(app)));
