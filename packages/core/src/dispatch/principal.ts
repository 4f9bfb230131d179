/**
 * principal: the one derivation of a request's {@link Principal} from what its transport says —
 * the verified token (HTTP with `auth`), else the connection (stdio's session), else anonymous.
 */
import { ANONYMOUS, tokenPrincipal } from '../auth/Principal';
import type { Principal } from '../auth/Principal';
import type { DispatchContext } from './DispatchContext';

/** The caller of a message with this context. */
export function principalOf(context: DispatchContext): Principal {
  const auth = context.access?.auth;
  if (auth) return tokenPrincipal(auth);
  return context.session?.principal ?? ANONYMOUS;
}
