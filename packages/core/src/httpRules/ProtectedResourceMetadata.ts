/**
 * ProtectedResourceMetadata: the RFC 9728 document of a protected MCP endpoint — `resource`,
 * `authorization_servers`, `scopes_supported`, `bearer_methods_supported` — built once from the
 * same `auth` option the endpoint takes, and the answer to each method at its URL (GET and HEAD
 * 200, the CORS preflight 204, anything else 405), so every HTTP transport serves the same bytes.
 * Clients find it through the `resource_metadata` of a 401's challenge.
 */
import { refusalResponse } from '../dispatch/jsonRpc';
import { resolveAuthOptions } from './AuthOptions';

/** The RFC 9728 document. */
export interface ProtectedResourceMetadataDocument {
  readonly resource: string;
  readonly authorization_servers: readonly string[];
  readonly scopes_supported?: readonly string[];
  readonly bearer_methods_supported: readonly string[];
}

/** A prepared HTTP answer: status, headers, body (`''` for none). */
export interface HttpReply {
  readonly status: 200 | 204 | 405;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * The metadata of one protected resource.
 * @example
 * const metadata = new ProtectedResourceMetadata(auth);
 * metadata.url;           // 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp'
 * metadata.answer('GET'); // { status: 200, headers: { 'Content-Type': 'application/json', … }, body: '{"resource":…}' }
 */
export class ProtectedResourceMetadata {
  /** The document, frozen. */
  readonly document: ProtectedResourceMetadataDocument;
  /** Where it is published: `auth.resourceMetadataUrl`, by default derived from `auth.resource`. */
  readonly url: string;
  private readonly ok: HttpReply;
  private readonly preflight: HttpReply;
  private readonly notAllowed: HttpReply;

  /**
   * @param auth - the endpoint's `auth` option (checked here as the endpoint checks it).
   * @param owner - the package or factory asking, for error messages.
   * @throws TypeError for an `auth` option the endpoint would refuse.
   */
  constructor(auth: unknown, owner = 'protectedResourceMetadata') {
    const resolved = resolveAuthOptions(owner, auth);
    const document: ProtectedResourceMetadataDocument = {
      resource: resolved.resource,
      authorization_servers: resolved.authorizationServers,
      ...(resolved.scopesSupported ? { scopes_supported: resolved.scopesSupported } : {}),
      bearer_methods_supported: Object.freeze(['header']),
    };
    this.document = Object.freeze(document);
    this.url = resolved.resourceMetadataUrl;
    // public information, read by browser-based clients from other origins
    const cors = { 'Access-Control-Allow-Origin': '*' };
    this.ok = Object.freeze({ status: 200, headers: Object.freeze({ ...cors, 'Content-Type': 'application/json' }), body: JSON.stringify(document) });
    this.preflight = Object.freeze({
      status: 204,
      headers: Object.freeze({ ...cors, 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS', 'Access-Control-Allow-Headers': '*', 'Access-Control-Max-Age': '86400' }),
      body: '',
    });
    this.notAllowed = Object.freeze({
      status: 405,
      headers: Object.freeze({ Allow: 'GET, HEAD, OPTIONS', 'Content-Type': 'application/json' }),
      body: refusalResponse('Method Not Allowed: the resource metadata is read with GET'),
    });
  }

  /** The answer to a request with this method at {@link url}. */
  answer(method: string | undefined): HttpReply {
    if (method === 'GET' || method === 'HEAD') return this.ok;
    return method === 'OPTIONS' ? this.preflight : this.notAllowed;
  }
}
