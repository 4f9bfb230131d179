/**
 * mcpHandler: the stateless Streamable HTTP endpoint as a framework-neutral Node handler — core's
 * {@link HttpPipeline} over each Node request and response (core's `NodeExchange`). Every rule,
 * status, body and stream decision is core's; this file only hands over what an upstream body
 * parser left in `req.body`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpPipeline, NodeExchange } from '@toolwire/core/http';
import type { PipelineOwner } from '@toolwire/core/http';
import type { ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import type { McpHttpOptions } from './McpHttpOptions';
import { upstreamBody } from './httpRules/upstreamBody';

/**
 * A Node request handler; also usable as Express middleware (it always answers and never
 * calls `next`).
 */
export type McpRequestHandler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

const OWNER = Object.freeze({ name: '@toolwire/express', factory: 'mcpHandler' });

/**
 * Serves `decl`'s tools, implemented by `defs`, at whatever URL routes to the returned handler:
 * core's HTTP rules in the order SPEC.md gives them (method, Origin, Host, Accept, Content-Type,
 * then — with the `auth` option — the bearer token, before the body), then core's answer — JSON,
 * or an SSE stream of a tool call's notifications written at the pace the client reads
 * (`maxSseBufferBytes` caps what a slow client may leave waiting). Options are checked and
 * compiled here, once. With the (experimental) `serverCard` option, a request whose path ends in
 * `/server-card` gets the server card: route `<endpoint>/server-card` to this handler too.
 * @throws TypeError when `decl`, `defs` or an option has the wrong type.
 * @example
 * // node:http
 * const handle = mcpHandler(decl, defs);
 * http.createServer((req, res) => (req.url === '/mcp' ? handle(req, res) : notFound(res))).listen(3000, '127.0.0.1');
 * // Express
 * app.post('/mcp', mcpHandler(decl, defs));
 */
export function mcpHandler(decl: ToolDeclaration, defs: ServiceDefinition, options?: McpHttpOptions): McpRequestHandler {
  return nodeHandler(OWNER, decl, defs, options);
}

/**
 * @internal {@link mcpHandler} for a factory built on it (`mcpRouter`), whose name its setup
 * errors then carry: a swapped `mcpRouter(defs, decl)` is named as the user wrote it.
 */
export function nodeHandler(owner: PipelineOwner, decl: ToolDeclaration, defs: ServiceDefinition, options?: McpHttpOptions): McpRequestHandler {
  const pipeline = new HttpPipeline(owner, decl, defs, options);
  return function mcpHandler(req: IncomingMessage, res: ServerResponse): void {
    pipeline.serve(new NodeExchange(req, res, upstreamBody(req)));
  };
}
