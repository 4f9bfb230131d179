/**
 * ServerCardRoute: `GET <endpoint>/server-card` (the `serverCard` option; experimental, SEP-2127
 * draft) — the card's JSON, written once at construction, with the headers the draft asks for:
 * `application/mcp-server-card+json`, open CORS (`*`, GET, `If-None-Match` allowed, `ETag`
 * exposed), `Cache-Control: public, max-age=3600`, a strong ETag and 304 for an `If-None-Match`
 * that names it. `HEAD` is a GET without the body (the runtime drops it), `OPTIONS` the CORS
 * preflight (204), anything else 405. The card is public: the endpoint's Origin, Host and token
 * rules do not apply to it, so a browser on any origin and a crawler without a token can read it.
 */
import type { ToolDeclaration } from '../declaration/ToolDeclaration';
import { SERVER_CARD_MEDIA_TYPE, serverCard } from '../identity/serverCard';
import type { ServerCardOptions } from '../identity/serverCard';
import { ifNoneMatchHits, strongEtag } from '../identity/etag';
import type { HttpExchange } from './HttpExchange';

/** The last path segment that names the card. */
export const SERVER_CARD_SEGMENT = '/server-card';

const CORS: Readonly<Record<string, string>> = Object.freeze({
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET',
  'Access-Control-Allow-Headers': 'Content-Type, If-None-Match',
  'Access-Control-Expose-Headers': 'ETag',
});

/** The card of one declaration, served. */
export class ServerCardRoute {
  private readonly body: string;
  private readonly etag: string;
  private readonly headers: Readonly<Record<string, string>>;
  private readonly notModified: Readonly<Record<string, string>>;

  /** @throws TypeError for a card the declaration cannot have (see `serverCard`). */
  constructor(decl: ToolDeclaration, options: ServerCardOptions, what: string) {
    this.body = JSON.stringify(serverCard(decl, options, what));
    this.etag = strongEtag(this.body);
    this.notModified = Object.freeze({ ...CORS, 'Cache-Control': 'public, max-age=3600', ETag: this.etag });
    this.headers = Object.freeze({ ...this.notModified, 'Content-Type': SERVER_CARD_MEDIA_TYPE });
  }

  /** Whether `path` (the request's, without the query) names the card. */
  static matches(path: string | undefined): boolean {
    return path !== undefined && path.endsWith(SERVER_CARD_SEGMENT);
  }

  /** Answers one request for the card. */
  serve(exchange: HttpExchange): void {
    const method = exchange.method;
    if (method === 'GET' || method === 'HEAD') {
      if (ifNoneMatchHits(exchange.header('if-none-match'), this.etag)) {
        exchange.writeHead(304, this.notModified);
        return exchange.end();
      }
      exchange.writeHead(200, this.headers);
      return exchange.end(this.body);
    }
    if (method === 'OPTIONS') {
      exchange.writeHead(204, { ...CORS, 'Access-Control-Max-Age': '86400' });
      return exchange.end();
    }
    exchange.writeHead(405, { ...CORS, Allow: 'GET, HEAD, OPTIONS' });
    exchange.end();
  }
}
