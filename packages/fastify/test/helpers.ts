/** A small service for the Fastify tests: add, echo and a tool that reports progress. */
import { CallContext, ServiceDefinition, ToolDeclaration, integerType, stringType } from '@toolwire/core';

export function fastifyService(): { decl: ToolDeclaration; defs: ServiceDefinition } {
  const decl = new ToolDeclaration('fastify-test', '1.0.0');
  decl.addTool('add', 'Add two integers').addParam('a', integerType()).addParam('b', integerType());
  decl.addTool('echo', 'Echo a string').addParam('message', stringType());
  decl.addTool('count', 'Counts to n, reporting progress').addParam('n', integerType());
  const defs = new ServiceDefinition()
    .registerProcedure('add', (a: number, b: number) => a + b)
    .registerProcedure('echo', (message: string) => message)
    .registerProcedure('count', async (n: number, ctx: CallContext) => {
      for (let i = 1; i <= n; i++) ctx.progress(i, n);
      return `counted ${n}`;
    });
  return { decl, defs };
}

/** One JSON-RPC request. */
export const rpc = (method: string, params?: unknown, id: number | null = 1) => ({ jsonrpc: '2.0', ...(id === null ? {} : { id }), method, ...(params === undefined ? {} : { params }) });
