/**
 * mcpErrorHandler: Express error middleware that answers errors raised *before* the MCP endpoint
 * with a JSON-RPC error body instead of Express's HTML page. The case it exists for: an app-wide
 * `express.json({ limit })` refuses a large body (413) or bad JSON (400) by calling `next(err)`,
 * and Express then skips every ordinary handler — the MCP router included — so only an
 * error-handling middleware mounted on the MCP path can still answer in JSON.
 */
import type { ErrorRequestHandler } from 'express';
import { internalErrorResponse, parseErrorResponse, refusalResponse } from '@toolwire/core/transport';

interface HttpishError {
  status?: unknown;
  statusCode?: unknown;
  type?: unknown;
  expose?: unknown;
  message?: unknown;
  headers?: unknown;
}

/**
 * Returns an error handler for the MCP path. It keeps the error's HTTP status (4xx/5xx, else 500)
 * and headers, and writes a JSON-RPC error with `"id": null`: `-32700` for a body that is not
 * JSON, `-32600` for other client errors, `-32603` ("Internal error") for server errors.
 * @example
 * app.use(express.json({ limit: '100kb' }));
 * app.use('/mcp', mcpRouter(decl, defs), mcpErrorHandler());
 */
export function mcpErrorHandler(): ErrorRequestHandler {
  return function mcpErrorHandler(error: unknown, _req, res, next): void {
    if (res.headersSent) return next(error);
    const e: HttpishError = typeof error === 'object' && error !== null ? (error as HttpishError) : {};
    const raw = typeof e.status === 'number' ? e.status : e.statusCode;
    const status = typeof raw === 'number' && Number.isInteger(raw) && raw >= 400 && raw <= 599 ? raw : 500;
    const message = typeof e.message === 'string' && e.message !== '' ? e.message : 'Bad Request';
    let body: string;
    if (status >= 500) body = internalErrorResponse();
    else if (e.type === 'entity.parse.failed') body = parseErrorResponse(message);
    else body = refusalResponse(e.expose === false ? 'Invalid Request' : message);
    const headers: Record<string, string | number> = {};
    if (typeof e.headers === 'object' && e.headers !== null) {
      for (const [name, value] of Object.entries(e.headers)) if (typeof value === 'string') headers[name] = value;
    }
    if (status === 413) headers.Connection = 'close';
    headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = Buffer.byteLength(body);
    res.writeHead(status, headers);
    res.end(body);
  };
}
