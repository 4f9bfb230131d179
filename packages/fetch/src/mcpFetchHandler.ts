/**
 * mcpFetchHandler: the stateless Streamable HTTP endpoint as a Web-standard handler,
 * `(request: Request) => Promise<Response>`, for runtimes and frameworks built on the Fetch API
 * (Bun, Deno, Cloudflare Workers, Next.js route handlers, Hono) — core's `HttpPipeline`, the very
 * one `@toolwire/express` runs, over a {@link FetchExchange}. Every protocol decision is core's.
 */
import { HttpPipeline } from '@toolwire/core/http';
import type { ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import type { McpFetchOptions } from './McpFetchOptions';
import { FetchExchange } from './FetchExchange';

/** A Web-standard request handler; it always resolves (with an error Response if need be), never rejects. */
export type McpFetchHandler = (request: Request) => Promise<Response>;

const OWNER = Object.freeze({ name: '@toolwire/fetch', factory: 'mcpFetchHandler' });

/**
 * Serves `decl`'s tools, implemented by `defs`, at whatever URL routes to the returned handler.
 * Options are checked and compiled here, once. Procedures receive the `Request` as
 * `context.request`; `context.signal` follows the request's own signal (it aborts when the
 * runtime sees the client go away, when the client cancels an event stream, or falls more than
 * `maxSseBufferBytes` behind it). The Response is JSON,
 * unless a tool call sends notifications (progress, log messages) and the client accepts
 * `text/event-stream`: then it resolves at the first notification with an SSE stream that
 * carries them as the client takes them and ends with the JSON-RPC response (`maxSseBufferBytes`
 * caps what a slow client may leave waiting). With the (experimental) `serverCard` option, a
 * request whose path ends in `/server-card` gets the server card.
 * @throws TypeError when `decl`, `defs` or an option has the wrong type.
 * @example
 * const handle = mcpFetchHandler(decl, defs);
 * Bun.serve({ hostname: '127.0.0.1', port: 3000, fetch: handle });                  // Bun
 * Deno.serve({ hostname: '127.0.0.1', port: 3000 }, handle);                         // Deno
 * export default { fetch: mcpFetchHandler(decl, defs, { allowedHosts: ['mcp.example.com'] }) }; // Workers
 * app.all('/mcp', (c) => handle(c.req.raw));                                          // Hono
 */
export function mcpFetchHandler(decl: ToolDeclaration, defs: ServiceDefinition, options?: McpFetchOptions): McpFetchHandler {
  const pipeline = new HttpPipeline(OWNER, decl, defs, options);
  return function mcpFetchHandler(request: Request): Promise<Response> {
    return new Promise<Response>((resolve) => pipeline.serve(new FetchExchange(request, resolve)));
  };
}
