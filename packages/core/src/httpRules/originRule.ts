/**
 * originRule: the `Origin` check. A request with an Origin is allowed when that origin is listed
 * in `allowedOrigins`, or when it is the request's own origin: same hostname as the `Host`
 * header (case-insensitive) and the same port, a missing port meaning the default port of the
 * Origin's scheme (80 for http, 443 for https). Only http and https origins can be same-origin.
 */
import { parseAuthority } from './hostHeader';

/** Decides whether a request with this `Origin` (present) and `Host` header may proceed. */
export type OriginRule = (origin: string, host: string | undefined) => boolean;

interface ParsedOrigin {
  /** The serialized origin: lower case, default port omitted. */
  readonly origin: string;
  readonly hostname: string;
  /** The effective port: the explicit one or the scheme's default. */
  readonly port: string;
  readonly defaultPort: string;
}

const ORIGIN = /^(https?):\/\/([^/?#@\s]+)$/i;

/**
 * Builds the Origin check once from `allowedOrigins`; each entry must be an origin such as
 * `https://app.example.com` or `http://localhost:5173` (a trailing `/` is tolerated).
 * @param owner - the package whose option this is, for the error message.
 * @throws TypeError for an entry that is not an http(s) origin.
 */
export function createOriginRule(allowedOrigins: readonly string[] | undefined, owner = '@toolwire/core'): OriginRule {
  const allowed = new Set<string>();
  for (const entry of allowedOrigins ?? []) {
    const parsed = parseOrigin(entry.endsWith('/') ? entry.slice(0, -1) : entry);
    if (!parsed) {
      throw new TypeError(`${owner}: allowedOrigins: expected origins like "https://app.example.com", got ${JSON.stringify(entry)}`);
    }
    allowed.add(parsed.origin);
  }
  return function originAllowed(origin: string, host: string | undefined): boolean {
    if (allowed.has(origin)) return true; // browsers send origins already serialized
    const parsed = parseOrigin(origin);
    if (!parsed) return false;
    if (allowed.size !== 0 && allowed.has(parsed.origin)) return true;
    if (host === undefined) return false;
    const own = parseAuthority(host);
    return own !== undefined && own.hostname === parsed.hostname && (own.port || parsed.defaultPort) === parsed.port;
  };
}

function parseOrigin(value: string): ParsedOrigin | undefined {
  const match = ORIGIN.exec(value);
  if (!match) return undefined;
  const scheme = match[1].toLowerCase();
  const authority = parseAuthority(match[2]);
  if (!authority) return undefined;
  const defaultPort = scheme === 'https' ? '443' : '80';
  const port = authority.port === '' ? defaultPort : String(Number(authority.port));
  const origin = `${scheme}://${authority.hostname}${port === defaultPort ? '' : `:${port}`}`;
  return { origin, hostname: authority.hostname, port, defaultPort };
}
