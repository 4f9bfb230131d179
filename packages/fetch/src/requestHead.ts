/**
 * requestHead: what core's HTTP rules look at, read off a Web `Request`. There is no socket, so
 * no local address; the host is the `Host` header, or the authority of the request URL when a
 * runtime does not pass that header on (the URL is then the runtime's own idea of the host).
 */
import type { HttpRequestHead } from '@toolwire/core';

/** The method and the headers the rules check; `localAddress` stays unknown. */
export function requestHead(request: Request): HttpRequestHead {
  const headers = request.headers;
  return {
    method: request.method,
    origin: headers.get('origin') ?? undefined,
    host: headers.get('host') ?? urlAuthority(request.url),
    accept: headers.get('accept') ?? undefined,
    contentType: headers.get('content-type') ?? undefined,
    authorization: headers.get('authorization') ?? undefined,
  };
}

/** `host[:port]` of an absolute URL such as `http://localhost:8787/mcp`, without user info. */
export function urlAuthority(url: string): string | undefined {
  const start = url.indexOf('//');
  if (start < 0) return undefined;
  let end = url.length;
  for (const stop of ['/', '?', '#']) {
    const at = url.indexOf(stop, start + 2);
    if (at >= 0 && at < end) end = at;
  }
  const authority = url.slice(start + 2, end);
  const at = authority.lastIndexOf('@');
  return at < 0 ? authority : authority.slice(at + 1);
}
