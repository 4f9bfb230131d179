/**
 * hostRule: protection against DNS rebinding. With `allowedHosts`, the `Host` header's hostname
 * (port ignored) must be listed. Without it, a request that reached the server on a loopback
 * address must name `localhost`, `127.0.0.1` or `[::1]`; on any other address every Host passes
 * (such a server is meant to be reached by other names; protect it with `allowedHosts`). When the
 * transport cannot see the local address at all (Web-standard runtimes hand over a `Request`
 * without a socket), the loopback names are the default: the safe assumption is a local server.
 */
import { hostnameOf, parseAuthority } from './hostHeader';

/**
 * Decides whether a request with this `Host` header, received on this local address, may
 * proceed; `localAddress` is `undefined` when the transport cannot know it.
 */
export type HostRule = (host: string | undefined, localAddress: string | undefined) => boolean;

const LOOPBACK_NAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Builds the Host check once from `allowedHosts` (hostnames; a port, if given, is ignored;
 * an IPv6 literal may be written with or without brackets).
 * @param owner - the package whose option this is, for the error message.
 * @throws TypeError for an entry that is not a hostname.
 */
export function createHostRule(allowedHosts: readonly string[] | undefined, owner = '@toolwire/core'): HostRule {
  return remembered(decideHost(allowedHosts, owner));
}

function decideHost(allowedHosts: readonly string[] | undefined, owner: string): HostRule {
  if (allowedHosts === undefined) {
    return function hostAllowed(host: string | undefined, localAddress: string | undefined): boolean {
      if (localAddress !== undefined && !isLoopback(localAddress)) return true;
      const hostname = hostnameOf(host);
      return hostname !== undefined && LOOPBACK_NAMES.has(hostname);
    };
  }
  const allowed = new Set<string>();
  for (const entry of allowedHosts) {
    const authority = parseAuthority(bareIpv6(entry) ? `[${entry}]` : entry);
    if (!authority) throw new TypeError(`${owner}: allowedHosts: expected host names like "example.com", got ${JSON.stringify(entry)}`);
    allowed.add(authority.hostname);
  }
  return function hostAllowed(host: string | undefined): boolean {
    const hostname = hostnameOf(host);
    return hostname !== undefined && allowed.has(hostname);
  };
}

/**
 * The rule with its last answer remembered: a client sends the same `Host` on the same address
 * request after request, and parsing it again each time was a tenth of the endpoint's own work
 * per request. The answer depends on nothing else, so one remembered pair is exact; any other
 * pair is decided afresh (and remembered instead).
 */
function remembered(decide: HostRule): HostRule {
  let lastHost: string | undefined;
  let lastAddress: string | undefined;
  let lastAnswer: boolean | undefined;
  return function hostAllowed(host: string | undefined, localAddress: string | undefined): boolean {
    if (lastAnswer !== undefined && host === lastHost && localAddress === lastAddress) return lastAnswer;
    const answer = decide(host, localAddress);
    lastHost = host;
    lastAddress = localAddress;
    lastAnswer = answer;
    return answer;
  };
}

/** An IPv6 literal written without brackets (`::1`): more than one colon, no `[`. */
function bareIpv6(entry: string): boolean {
  return !entry.startsWith('[') && entry.indexOf(':') !== entry.lastIndexOf(':');
}

/** True for `127.0.0.0/8`, `::1` and their IPv4-mapped IPv6 forms. */
export function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}
