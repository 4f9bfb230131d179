/** Server program: the official SDK's `McpServer` with `StdioServerTransport` over this process's stdin/stdout. */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { sdkServerFactory } from './sdkDefinition';
import { runServerProgram } from './serverIpc';
import { toolCountFromEnv } from '../fixture/toolSpecs';

runServerProgram(async () => {
  const server = sdkServerFactory(toolCountFromEnv())();
  await server.connect(new StdioServerTransport());
  return 0;
});
