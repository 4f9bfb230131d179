/**
 * protectedResourceMetadata: core's RFC 9728 document as a Web-standard handler, for the URL
 * the `401` challenge of an `mcpFetchHandler` with the same `auth` option points clients to
 * (`/.well-known/oauth-protected-resource/<the endpoint's path>`). Route that path to it.
 */
import { ProtectedResourceMetadata } from '@toolwire/core/http';
import type { AuthOptions } from '@toolwire/core';
import { replyResponse } from './responses';

/**
 * Returns `(request) => Response` serving the Protected Resource Metadata of `auth`: GET/HEAD
 * 200 with the JSON document (and `Access-Control-Allow-Origin: *`), OPTIONS 204, others 405.
 * @throws TypeError for an `auth` option `mcpFetchHandler` would refuse.
 * @example
 * const metadata = protectedResourceMetadata(auth);
 * app.all('/.well-known/oauth-protected-resource/mcp', (c) => metadata(c.req.raw)); // Hono
 */
export function protectedResourceMetadata(auth: AuthOptions): (request: Request) => Response {
  const metadata = new ProtectedResourceMetadata(auth, '@toolwire/fetch protectedResourceMetadata');
  return function protectedResourceMetadata(request: Request): Response {
    return replyResponse(metadata.answer(request.method));
  };
}
