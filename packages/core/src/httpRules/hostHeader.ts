/**
 * hostHeader: splits a `Host` header (or the authority of an Origin) into a lower-case hostname
 * and a port. IPv6 literals keep their brackets (`[::1]`), which is how they appear in a Host
 * header and in the default allowed-host list.
 */

/** A `host[:port]` authority, hostname lower-cased, port `''` when absent. */
export interface Authority {
  readonly hostname: string;
  readonly port: string;
}

/** Parses `host[:port]`; returns `undefined` for an empty or malformed value. */
export function parseAuthority(value: string): Authority | undefined {
  let hostname: string;
  let rest: string;
  if (value.charCodeAt(0) === 0x5b /* [ */) {
    const close = value.indexOf(']');
    if (close < 0) return undefined;
    hostname = value.slice(0, close + 1);
    rest = value.slice(close + 1);
  } else {
    const colon = value.indexOf(':');
    hostname = colon < 0 ? value : value.slice(0, colon);
    rest = colon < 0 ? '' : value.slice(colon);
  }
  if (hostname === '' || hostname === '[]') return undefined;
  if (rest === '') return { hostname: hostname.toLowerCase(), port: '' };
  if (rest.charCodeAt(0) !== 0x3a /* : */ || !/^\d{1,5}$/.test(rest.slice(1))) return undefined;
  return { hostname: hostname.toLowerCase(), port: rest.slice(1) };
}

/** The hostname of a `Host` header, lower-cased, port dropped; `undefined` when malformed or absent. */
export function hostnameOf(host: string | undefined): string | undefined {
  return host === undefined ? undefined : parseAuthority(host)?.hostname;
}
