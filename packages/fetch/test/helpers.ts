/** The service the fetch tests serve, and a Request builder with JSON defaults. */
import { ServiceDefinition, ToolDeclaration, integerType, stringType } from '@toolwire/core';
import type { CallContext } from '@toolwire/core';

/** add, echo, and `whoami` (which reports what the procedure saw of its request). */
export function fetchService(): { decl: ToolDeclaration; defs: ServiceDefinition } {
  const decl = new ToolDeclaration('toolwire-fetch-test', '1.0.0');
  decl.addTool('add', 'Add two integers').addParam('a', integerType()).addParam('b', integerType());
  decl.addTool('echo', 'Echo a string').addParam('message', stringType());
  decl.addTool('whoami', 'What the procedure sees of its request');
  const defs = new ServiceDefinition()
    .registerProcedure('add', (a: number, b: number) => a + b)
    .registerProcedure('echo', async (message: string) => message)
    .registerProcedure('whoami', (context: CallContext) => {
      const request = context.request as Request;
      return { isRequest: request instanceof Request, user: request.headers.get('x-user'), signal: context.signal instanceof AbortSignal };
    });
  return { decl, defs };
}

/** A JSON-RPC request object; `id: null` makes it a notification. */
export function rpc(method: string, params?: unknown, id: number | null = 1): Record<string, unknown> {
  return { jsonrpc: '2.0', ...(id === null ? {} : { id }), method, ...(params === undefined ? {} : { params }) };
}

/** A POST of `body` (an object is sent as JSON) to http://localhost/mcp, headers merged over JSON defaults. */
export function post(body: unknown, headers: Record<string, string> = {}, url = 'http://localhost/mcp'): Request {
  return new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
