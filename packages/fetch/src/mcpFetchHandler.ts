/**
 * mcpFetchHandler: the stateless Streamable HTTP endpoint as a Web-standard handler,
 * `(request: Request) => Promise<Response>`, for runtimes and frameworks built on the Fetch API
 * (Bun, Deno, Cloudflare Workers, Next.js route handlers, Hono). It applies core's HTTP rules —
 * the very ones `@toolwire/express` applies, the bearer-token rules of the `auth` option included
 * (before the body is read) — reads the body within the limit, hands the message
 * to core's Dispatcher and turns what comes back into a Response. Every protocol decision is core's.
 */
import { Dispatcher, HttpRefusals, HttpRules, checkDispatcherArguments, resolveHttpOptions } from '@toolwire/core';
import type { DispatchResult, ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import type { McpFetchOptions } from './McpFetchOptions';
import { requestHead } from './requestHead';
import { readBody } from './readBody';
import { dispatchResponse, refusalResponse } from './responses';
import { FetchDispatchContext } from './FetchDispatchContext';

/** A Web-standard request handler; it always resolves (with an error Response if need be), never rejects. */
export type McpFetchHandler = (request: Request) => Promise<Response>;

/**
 * Serves `decl`'s tools, implemented by `defs`, at whatever URL routes to the returned handler.
 * Options are checked and compiled here, once. Procedures receive the `Request` as
 * `context.request`; `context.signal` follows the request's own signal (it aborts when the
 * runtime sees the client go away, when the client cancels an event stream, or falls more than
 * `maxSseBufferBytes` behind it). The Response is JSON,
 * unless a tool call sends notifications (progress, log messages) and the client accepts
 * `text/event-stream`: then it resolves at the first notification with an SSE stream that
 * carries them as the client takes them and ends with the JSON-RPC response (`maxSseBufferBytes`
 * caps what a slow client may leave waiting).
 * @throws TypeError when `decl`, `defs` or an option has the wrong type.
 * @example
 * const handle = mcpFetchHandler(decl, defs);
 * Bun.serve({ hostname: '127.0.0.1', port: 3000, fetch: handle });                  // Bun
 * Deno.serve({ hostname: '127.0.0.1', port: 3000 }, handle);                         // Deno
 * export default { fetch: mcpFetchHandler(decl, defs, { allowedHosts: ['mcp.example.com'] }) }; // Workers
 * app.all('/mcp', (c) => handle(c.req.raw));                                          // Hono
 */
export function mcpFetchHandler(decl: ToolDeclaration, defs: ServiceDefinition, options?: McpFetchOptions): McpFetchHandler {
  const resolved = resolveHttpOptions('@toolwire/fetch', options);
  checkDispatcherArguments('mcpFetchHandler', defs, decl, resolved.dispatcher, 'decl, defs');
  const dispatcher = new Dispatcher(defs, decl, resolved.dispatcher);
  const rules = new HttpRules(resolved, '@toolwire/fetch');
  const { maxBodyBytes } = rules;
  const { maxSseBufferBytes } = resolved;

  async function answer(request: Request): Promise<Response> {
    const head = requestHead(request);
    const refusal = rules.check(head);
    if (refusal) return refusalResponse(refusal);
    const authenticated = rules.authenticate(head, request);
    const outcome = authenticated instanceof Promise ? await authenticated : authenticated;
    if (outcome.refusal) return refusalResponse(outcome.refusal);
    const body = await readBody(request, maxBodyBytes);
    if ('problem' in body) return refusalResponse(body.problem === 'tooLarge' ? rules.tooLarge : HttpRefusals.bodyConsumed);
    return new Promise<Response>((resolve) => {
      const context = new FetchDispatchContext(request, resolve, outcome.access, maxSseBufferBytes);
      const finish = (result: DispatchResult): void => {
        if (!context.end(result.body)) resolve(dispatchResponse(result));
      };
      const result = dispatcher.handle(body.text, context);
      if (result instanceof Promise) result.then(finish, () => resolve(refusalResponse(HttpRefusals.internal)));
      else finish(result);
    });
  }

  return async function mcpFetchHandler(request: Request): Promise<Response> {
    try {
      return await answer(request);
    } catch {
      return refusalResponse(HttpRefusals.internal); // a body stream that failed mid-read; the dispatcher itself never throws
    }
  };
}
