/**
 * redactRedisUrl: a Redis URL as it may be printed — in an error message or a startup line — with
 * its credentials left out. The URL is read with the WHATWG URL parser, which splits the user
 * name and password off at the last `@` of the authority, so a password holding `@`, `:` or
 * `%40` is never partly printed (a pattern stopping at the first `@` printed the rest of it).
 */

/**
 * `url` without its user name and password: the scheme, host, port and database number only (a
 * path that is not a database number, a query and a fragment are shown as `…`). A URL that does
 * not parse is shown by its scheme alone when it has an `@` that could start credentials.
 * @example redactRedisUrl('redis://app:p@ss:w0rd@redis.internal:6379/2') // 'redis://redis.internal:6379/2'
 */
export function redactRedisUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url.includes('@') ? `${/^[A-Za-z][A-Za-z0-9+.-]*:/.exec(url)?.[0] ?? ''}//…` : url;
  }
  const database = /^\/?\d*$/.test(parsed.pathname) ? parsed.pathname : '/…';
  const rest = parsed.search !== '' || parsed.hash !== '' ? '?…' : '';
  return `${parsed.protocol}//${parsed.host}${database}${rest}`;
}
