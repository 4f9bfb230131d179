/**
 * protectedResourceMetadata: the Express face of core's RFC 9728 document — a Router whose root
 * path answers `GET` with the metadata of the endpoint protected by the same `auth` option, to
 * mount at `/.well-known/oauth-protected-resource/<the endpoint's path>`, where the `401`
 * challenge of the endpoint points clients. The document and its URL come from configuration.
 */
import type { Router } from 'express';
import { expressRouter } from './expressRouter';
import { ProtectedResourceMetadata } from '@toolwire/core/http';
import type { AuthOptions } from '@toolwire/core';

/**
 * Returns a Router serving the RFC 9728 Protected Resource Metadata of `auth` (`resource`,
 * `authorization_servers`, `scopes_supported`, `bearer_methods_supported`) at the path it is
 * mounted on: GET/HEAD 200 (with `Access-Control-Allow-Origin: *`), OPTIONS 204, others 405.
 * @throws TypeError for an `auth` option `mcpRouter` would refuse.
 * @example
 * app.use('/.well-known/oauth-protected-resource/mcp', protectedResourceMetadata(auth));
 * app.use('/mcp', mcpRouter(decl, defs, { auth }));
 */
export function protectedResourceMetadata(auth: AuthOptions): Router {
  const metadata = new ProtectedResourceMetadata(auth, '@toolwire/express protectedResourceMetadata');
  const router = expressRouter();
  router.all('/', function protectedResourceMetadata(req, res): void {
    const reply = metadata.answer(req.method);
    res.writeHead(reply.status, { ...reply.headers, 'Content-Length': Buffer.byteLength(reply.body) });
    res.end(reply.body);
  });
  return router;
}
