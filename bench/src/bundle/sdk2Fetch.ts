/** Bundle-size entry: the three tools on the official SDK v2's `createMcpHandler(factory)`, a Workers-style module (`export default { fetch }`). */
import { createMcpHandler } from '@modelcontextprotocol/server';
import { sdk2Server } from '../cold/sdk2Server';
import { zodTools } from '../cold/zodTools';

const tools = zodTools();
export default { fetch: createMcpHandler(() => sdk2Server(tools)) };
