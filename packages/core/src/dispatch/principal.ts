/**
 * principal: the one derivation of a request's {@link Principal} from what its transport says —
 * the verified token (HTTP with `auth`), else the connection (stdio's session), else anonymous.
 */
import { ANONYMOUS, tokenPrincipal } from '../auth/Principal';
import type { Principal } from '../auth/Principal';
import type { AuthInfo } from '../auth/AuthInfo';
import type { DispatchContext } from './DispatchContext';

/** The principal of each verified token, derived once however many parts of a request ask (the rules, the task owner, the requestState binding). */
const byToken = new WeakMap<AuthInfo, Principal>();

/** The caller of a message with this context. */
export function principalOf(context: DispatchContext): Principal {
  const auth = context.access?.auth;
  if (auth) {
    let principal = byToken.get(auth);
    if (!principal) byToken.set(auth, (principal = tokenPrincipal(auth)));
    return principal;
  }
  return context.session?.principal ?? ANONYMOUS;
}
