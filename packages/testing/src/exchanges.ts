/**
 * exchanges: how the test client delivers one JSON-RPC message and reads the answer, picked
 * once from the kind of its target — straight into a core Dispatcher (no HTTP), over HTTP
 * ({@link httpExchanges}: a supertest agent, a fetch handler, a URL, a `node:http` listener or
 * server), or as lines to a stdio server (a spawned process, or `serveStdio` on in-process streams).
 */
import { Dispatcher } from '@toolwire/core';
import { describeArgument } from '@toolwire/core/transport';
import { StdioConnection } from './stdioConnection';
import type { StdioPeer, StdioReadable, StdioWritable } from './stdioConnection';
import { fetchExchange, listenerExchange, serverExchange, supertestExchange } from './httpExchanges';
import { isHttpServer } from './McpTestTarget';
import { dispatcherOpener, fetchOpener, listenerOpener, serverOpener } from './streams';
import type { StreamOpener } from './streams';
import type { FetchHandler, FetchTarget, McpTestTarget, NodeListener, SupertestLike } from './McpTestTarget';
import type { Exchange } from './Exchange';

/** How the client reaches its target: the exchange, and for stdio the connection (to close). */
export interface Delivery {
  readonly exchange: Exchange;
  /** Opens a stream (a subscription) on HTTP targets and a Dispatcher; absent for supertest (which buffers whole answers) and stdio (see `stdio`). */
  readonly open?: StreamOpener;
  /** The stdio connection, when the target is a stdio server. */
  readonly stdio?: StdioConnection;
}

/** The HTTP header carrying the protocol version; a Dispatcher reads it from the context instead. */
export const VERSION_HEADER = 'MCP-Protocol-Version';

/**
 * Picks the exchange for `target`. A function of two parameters or more is a `node:http`
 * listener (an Express app takes three), one of fewer a fetch handler.
 * @throws TypeError for a target of none of the supported kinds.
 */
export function exchangeFor(target: McpTestTarget, path: string, peer: StdioPeer): Delivery {
  if (target instanceof Dispatcher) return { exchange: dispatcherExchange(target), open: dispatcherOpener(target, (headers) => headers[VERSION_HEADER]) };
  if (typeof target === 'function') {
    if (target.length >= 2) return { exchange: listenerExchange(target as NodeListener, path), open: listenerOpener(target as NodeListener, path) };
    return { exchange: fetchExchange(target as FetchHandler, path), open: fetchOpener(target as FetchHandler, path) };
  }
  if (typeof target === 'string' || target instanceof URL) {
    const url = endpointUrl(target);
    return { exchange: fetchExchange((request) => fetch(request), url), open: fetchOpener((request) => fetch(request), url) };
  }
  if (typeof target === 'object' && target !== null) {
    if (typeof (target as FetchTarget).fetch === 'function') {
      const handle: FetchHandler = (request) => (target as FetchTarget).fetch(request);
      return { exchange: fetchExchange(handle, path), open: fetchOpener(handle, path) };
    }
    if (isHttpServer(target)) return { exchange: serverExchange(target, path), open: serverOpener(target, path) };
    if (typeof (target as SupertestLike).post === 'function') return { exchange: supertestExchange(target as SupertestLike, path) };
    if (StdioConnection.isTarget(target)) {
      const stdio = new StdioConnection(target as { stdin: StdioWritable; stdout: StdioReadable }, peer);
      return { exchange: (json, headers) => stdio.send(json, headers[VERSION_HEADER]), stdio };
    }
  }
  throw new TypeError(
    'mcpTestClient: expected an Express app (or node:http listener or server), a supertest agent, a fetch handler (or an object with fetch(request)), ' +
      `an endpoint URL, a Dispatcher or a stdio server ({ stdin, stdout }), got ${describeArgument(target)}`,
  );
}

/**
 * An endpoint URL target, checked: absolute, `http:` or `https:`.
 * @throws TypeError for anything else (a path alone, another scheme, not a URL).
 */
function endpointUrl(target: string | URL): URL {
  const url = URL.canParse(String(target)) ? new URL(target) : undefined;
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
    throw new TypeError(`mcpTestClient: expected an endpoint URL to be an absolute http: or https: URL (e.g. 'http://127.0.0.1:3000/mcp'), got ${describeArgument(String(target))}`);
  }
  return url;
}

/** Like stdio, a Dispatcher target has no headers (the 2026-07-28 header checks do not apply); its notifications are collected. */
function dispatcherExchange(dispatcher: Dispatcher): Exchange {
  return async (json, headers) => {
    const notifications: string[] = [];
    const result = await dispatcher.dispatch(json, { protocolVersion: headers[VERSION_HEADER], notify: (message) => void notifications.push(message) });
    return { status: result.status, text: result.body, notifications };
  };
}
