/**
 * HttpDispatchContext: what the dispatcher learns about one HTTP request — the raw
 * `MCP-Protocol-Version` header, the other headers on demand (the 2026-07-28 checks), the request itself
 * (procedures see it as `context.request`), its verified authorization (with the `auth` option), and an
 * AbortSignal that fires when the client disconnects before its response is written.
 * The signal is created on first use, so requests that start no tool call pay nothing for it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Access, DispatchContext } from '@toolwire/core';

/** The {@link DispatchContext} of one HTTP request. */
export class HttpDispatchContext implements DispatchContext {
  /** The `MCP-Protocol-Version` header as sent; absent → the dispatcher assumes 2025-03-26. */
  readonly protocolVersion: string | undefined;
  private controller: AbortController | undefined;

  constructor(
    /** The request, handed to procedures as `context.request`. */
    readonly request: IncomingMessage,
    private readonly response: ServerResponse,
    /** The verified token of a protected endpoint (core's `HttpRules.authenticate`). */
    readonly access?: Access,
  ) {
    const version = request.headers['mcp-protocol-version'];
    this.protocolVersion = typeof version === 'string' ? version : undefined;
  }

  /** A request header by lower-case name (repeated headers joined with `, `), `undefined` when absent. */
  header(name: string): string | undefined {
    const value = this.request.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  /** Aborts when the client disconnects before the response has been written. */
  get signal(): AbortSignal {
    if (this.controller) return this.controller.signal;
    const controller = new AbortController();
    this.controller = controller;
    const res = this.response;
    if (res.destroyed) controller.abort(clientGone());
    else res.once('close', () => {
      if (!res.writableFinished) controller.abort(clientGone());
    });
    return controller.signal;
  }
}

function clientGone(): Error {
  return new Error('the HTTP client disconnected');
}
