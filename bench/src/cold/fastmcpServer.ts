/** The cold-start programs' three tools on a fastmcp `FastMCP` (`addTool` with zod parameters). */
import { FastMCP } from 'fastmcp';
import { zodTools } from './zodTools';

/** A FastMCP server with the three tools. */
export function fastmcpServer(): FastMCP {
  const server = new FastMCP({ name: 'cold-start', version: '1.0.0' });
  for (const tool of zodTools()) server.addTool({ name: tool.spec.name, description: tool.spec.description, parameters: tool.schema, execute: async (args: Record<string, unknown>) => tool.run(args) });
  return server;
}
