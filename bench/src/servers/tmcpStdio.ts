/** Server program: tmcp 1.20's `McpServer` with `StdioTransport` (`@tmcp/transport-stdio`) over this process's stdin/stdout, as its README shows. */
import { StdioTransport } from '@tmcp/transport-stdio';
import { tmcpServer } from './tmcpDefinition';
import { runServerProgram } from './serverIpc';
import { toolCountFromEnv } from '../fixture/toolSpecs';

runServerProgram(async () => {
  new StdioTransport(tmcpServer(toolCountFromEnv())).listen();
  return 0;
});
