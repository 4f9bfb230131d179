/**
 * mcpHandler: the stateless Streamable HTTP endpoint as a framework-neutral Node handler. It
 * applies core's HTTP rules in the order SPEC.md gives them (method, Origin, Host, Accept,
 * Content-Type, then — with the `auth` option — the bearer token, before the body), hands the
 * message to core's Dispatcher and writes what comes back: core's status and body — or, when a
 * tool call sent notifications and the client accepts `text/event-stream`, an SSE stream of those
 * notifications ending with the response, written at the pace the client reads (`maxSseBufferBytes`
 * caps what a slow client may leave waiting). It never looks at a method name or builds a result;
 * every protocol decision is core's.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Dispatcher, HttpRules, checkDispatcherArguments } from '@toolwire/core';
import type { Access, AuthOutcome, DispatchResult, ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import { McpHttpOptions, resolveHttpOptions } from './McpHttpOptions';
import { readBody, BodyReceiver } from './httpRules/readBody';
import { upstreamBody } from './httpRules/upstreamBody';
import { HttpDispatchContext } from './HttpDispatchContext';
import { refuseWithLingeringClose } from './httpRules/lingeringClose';
import { closing, refuse, Refusals, sendAccepted, sendJson, sendParts } from './replies';

/**
 * A Node request handler; also usable as Express middleware (it always answers and never
 * calls `next`).
 */
export type McpRequestHandler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

/**
 * Serves `decl`'s tools, implemented by `defs`, at whatever URL routes to the returned handler.
 * Options are checked and compiled here, once.
 * @throws TypeError when `decl`, `defs` or an option has the wrong type.
 * @example
 * // node:http
 * const handle = mcpHandler(decl, defs);
 * http.createServer((req, res) => (req.url === '/mcp' ? handle(req, res) : notFound(res))).listen(3000, '127.0.0.1');
 * // Express
 * app.post('/mcp', mcpHandler(decl, defs));
 */
export function mcpHandler(decl: ToolDeclaration, defs: ServiceDefinition, options?: McpHttpOptions): McpRequestHandler {
  const resolved = resolveHttpOptions(options);
  checkDispatcherArguments('mcpHandler', defs, decl, resolved.dispatcher, 'decl, defs');
  const dispatcher = new Dispatcher(defs, decl, resolved.dispatcher);
  const rules = new HttpRules(resolved, '@toolwire/express');
  const { maxBodyBytes } = rules;
  const { maxSseBufferBytes } = resolved;
  const tooLarge = closing(rules.tooLarge);

  function dispatch(req: IncomingMessage, res: ServerResponse, message: unknown, access: Access | undefined): void {
    let result: DispatchResult | Promise<DispatchResult>;
    const context = new HttpDispatchContext(req, res, access, maxSseBufferBytes);
    try {
      result = dispatcher.handle(message, context);
    } catch {
      return refuse(res, Refusals.internal); // the dispatcher does not throw; this is a last resort
    }
    if (result instanceof Promise) result.then((r) => send(res, r, context)).catch(() => refuse(res, Refusals.internal));
    else send(res, result, context);
  }

  /** The request passed every rule but the body's: read it (unless a parser did) and dispatch it. */
  function admitted(req: IncomingMessage, res: ServerResponse, outcome: AuthOutcome): void {
    if (outcome.refusal) return refuse(res, outcome.refusal);
    const access = outcome.access;
    const parsed = upstreamBody(req);
    if (parsed !== undefined) return dispatch(req, res, parsed, access);
    const receiver: BodyReceiver = {
      body: (text) => dispatch(req, res, text, access),
      tooLarge: () => refuseWithLingeringClose(req, res, tooLarge),
      consumed: () => refuse(res, Refusals.bodyConsumed),
    };
    readBody(req, maxBodyBytes, receiver);
  }

  return function mcpHandler(req: IncomingMessage, res: ServerResponse): void {
    const headers = req.headers;
    const head = {
      method: req.method,
      origin: headers.origin,
      host: headers.host,
      accept: headers.accept,
      contentType: headers['content-type'],
      localAddress: req.socket.localAddress,
      authorization: headers.authorization,
    };
    const refusal = rules.check(head);
    if (refusal) return refuse(res, refusal);
    const outcome = rules.authenticate(head, req);
    if (outcome instanceof Promise) outcome.then((o) => admitted(req, res, o)).catch(() => refuse(res, Refusals.internal));
    else admitted(req, res, outcome);
  };
}

/** Writes what core decided: its status, its headers, its body (202 carries none); after notifications, the last event of the stream. */
function send(res: ServerResponse, result: DispatchResult, context: HttpDispatchContext): void {
  if (context.streaming) context.endStream(result.body);
  else if (result.status === 202) sendAccepted(res);
  else if (result.parts) sendParts(res, result.status, result.parts, result.headers);
  else sendJson(res, result.status, result.body, result.headers);
}
