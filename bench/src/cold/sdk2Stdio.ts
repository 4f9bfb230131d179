/** Cold-start program: the official SDK v2 (`@modelcontextprotocol/server` 2.4.0) `McpServer` and its `StdioServerTransport`. */
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { sdk2Server } from './sdk2Server';
import { zodTools } from './zodTools';

void sdk2Server(zodTools()).connect(new StdioServerTransport());
