/** Cold-start program: tmcp 1.20's `McpServer` with `StdioTransport` (`@tmcp/transport-stdio`). */
import { StdioTransport } from '@tmcp/transport-stdio';
import { tmcpServer } from './tmcpServer';

new StdioTransport(tmcpServer()).listen();
