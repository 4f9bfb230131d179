/**
 * discoverJwksUri: finds an authorization server's JWKS URL from its metadata — RFC 8414
 * (`/.well-known/oauth-authorization-server` inserted before the issuer's path), then OpenID
 * Connect Discovery (`/.well-known/openid-configuration` appended to the issuer, then inserted).
 * The document's `issuer` must be the configured issuer exactly (RFC 8414 §3.3), so a metadata
 * document cannot redirect verification to another server's keys.
 */

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
    const response = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    if (!response.ok) {
      await response.body?.cancel();
      tried.push(`${url} (${response.status})`);
      continue;
    }
    const metadata: unknown = await response.json();
    const { issuer: named, jwks_uri: jwksUri } = (typeof metadata === 'object' && metadata !== null ? metadata : {}) as Record<string, unknown>;
    if (named !== issuer) throw new Error(`jwtVerifier: the metadata at ${url} names issuer ${JSON.stringify(named)}, not ${JSON.stringify(issuer)}`);
    if (typeof jwksUri !== 'string' || !URL.canParse(jwksUri)) throw new Error(`jwtVerifier: the metadata at ${url} has no jwks_uri`);
    return jwksUri;
  }
  throw new Error(`jwtVerifier: no authorization server metadata for ${issuer}: tried ${tried.join(', ')}`);
}
