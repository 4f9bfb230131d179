/**
 * clientKey: who a request counts against when requests are counted per caller (the
 * `rateLimit` option) — the principal's key (a token's caller, a stdio connection) or, for the
 * anonymous principal of an open HTTP endpoint, the client's address: the socket's, or with
 * `trustProxy` proxies in front the entry that many from the right of `X-Forwarded-For`. A
 * transport that sees no address (a Web handler) leaves every anonymous caller one key.
 */
import { principalOf } from './principal';
import type { DispatchContext } from './DispatchContext';

/**
 * The key of the caller of a message, for one `trustProxy`; it remembers the last address's key,
 * so a client sending request after request costs a comparison, not a string built per request.
 */
export function clientKeyOf(trustProxy: number): (context: DispatchContext) => string {
  let lastAddress: string | undefined;
  let lastKey = '';
  return (context) => {
    const principal = principalOf(context);
    if (principal.kind !== 'anonymous') return principal.key;
    const address = clientAddress(context, trustProxy);
    if (address === undefined) return principal.key;
    if (address !== lastAddress) {
      lastAddress = address;
      lastKey = JSON.stringify(['address', address]);
    }
    return lastKey;
  };
}

/** The client's address: the socket's, or the `trustProxy`-th entry from the right of `X-Forwarded-For`. */
export function clientAddress(context: DispatchContext, trustProxy: number): string | undefined {
  if (trustProxy > 0) {
    const forwarded = context.header?.('x-forwarded-for');
    if (forwarded) {
      const hops = forwarded.split(',').map((hop) => hop.trim()).filter((hop) => hop !== '');
      // fewer entries than proxies: the request passed fewer of them; the leftmost is the furthest known
      if (hops.length > 0) return hops[Math.max(0, hops.length - trustProxy)];
    }
  }
  return context.peer?.()?.address;
}
