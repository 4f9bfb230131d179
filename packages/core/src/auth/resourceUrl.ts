/**
 * resourceUrl: the URLs of a protected resource — its canonical form (to compare a token's
 * audience with the configured `resource`, RFC 8707) and where its RFC 9728 metadata lives
 * (`/.well-known/oauth-protected-resource` inserted between the host and the path). Both are
 * computed from configuration only, never from a request's Host header.
 */

/**
 * The configured resource as a URL, or a reason why it cannot be one: an absolute `http(s)`
 * URL without a fragment or user info (RFC 8707 §2).
 */
export function parseResource(value: string): URL | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'an http(s) URL';
  if (value.includes('#')) return 'a URL without a fragment';
  if (url.username !== '' || url.password !== '') return 'a URL without user info';
  return url;
}

/**
 * A resource identifier in the form two equal identifiers share: an http(s) URL with its scheme
 * and host lower-cased, the default port dropped and an empty path equal to `/`; any other
 * string as it is.
 */
export function canonicalResource(value: string): string {
  if (!/^https?:\/\//i.test(value)) return value;
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}${url.pathname === '/' ? '' : url.pathname}${url.search}`;
  } catch {
    return value;
  }
}

/**
 * Where RFC 9728 puts the metadata of `resource`: `https://mcp.example.com/tools/mcp` →
 * `https://mcp.example.com/.well-known/oauth-protected-resource/tools/mcp`.
 * @throws TypeError when `resource` is not an absolute http(s) URL.
 */
export function resourceMetadataUrl(resource: string): string {
  const url = parseResource(resource);
  if (typeof url === 'string') throw new TypeError(`resourceMetadataUrl: expected ${url}, got ${JSON.stringify(resource)}`);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return `${url.origin}/.well-known/oauth-protected-resource${path}${url.search}`;
}
