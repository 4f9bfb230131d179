/**
 * discoverJwksUri: finds an authorization server's JWKS URL from its metadata — RFC 8414
 * (`/.well-known/oauth-authorization-server` inserted before the issuer's path), then OpenID
 * Connect Discovery (`/.well-known/openid-configuration` appended to the issuer, then inserted).
 * A 4xx answer means "not here": the next location is tried; a 5xx answer, a network error or a
 * document that is not JSON ends the attempt (the server is in trouble, asking it more would not
 * help). The document's `issuer` must be the configured issuer exactly (RFC 8414 §3.3), so a
 * metadata document cannot redirect verification to another server's keys.
 */
import { fetchJson } from './fetchJson';

/** The metadata URLs to try for `issuer`, in order. */
export function metadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  const urls = [`${url.origin}/.well-known/oauth-authorization-server${path}`, `${url.origin}${path}/.well-known/openid-configuration`];
  if (path) urls.push(`${url.origin}/.well-known/openid-configuration${path}`);
  return urls;
}

/**
 * The `jwks_uri` of `issuer`'s metadata.
 * @throws Error when no metadata document is found, its `issuer` differs, or it names no `jwks_uri`.
 */
export async function discoverJwksUri(issuer: string, timeoutMs: number): Promise<string> {
  const tried: string[] = [];
  for (const url of metadataUrls(issuer)) {
    const answer = await fetchJson(url, timeoutMs, 'the authorization server metadata');
    if (!answer.ok) {
      tried.push(`${url} (${answer.status})`);
      if (answer.status >= 400 && answer.status < 500) continue;
      break;
    }
    const metadata = answer.document;
    const { issuer: named, jwks_uri: jwksUri } = (typeof metadata === 'object' && metadata !== null ? metadata : {}) as Record<string, unknown>;
    if (named !== issuer) throw new Error(`the metadata at ${url} names issuer ${JSON.stringify(named)}, not ${JSON.stringify(issuer)}`);
    if (typeof jwksUri !== 'string' || !/^https?:\/\//i.test(jwksUri) || !URL.canParse(jwksUri)) throw new Error(`the metadata at ${url} has no http(s) jwks_uri`);
    return jwksUri;
  }
  throw new Error(`no authorization server metadata for ${issuer}: tried ${tried.join(', ')}`);
}
