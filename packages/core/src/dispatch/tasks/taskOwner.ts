/**
 * taskOwner: who a task belongs to — with authorization (the HTTP `auth` option), the verified
 * token's issuer and subject; without it, one anonymous owner (stdio, an open endpoint: whoever
 * can reach the server is the same principal, and the 128-bit task ids are the only secret).
 */
import type { DispatchContext } from '../Dispatcher';

/** The owner of the tasks nobody authenticated for. */
export const ANONYMOUS_OWNER = 'anonymous';

/** The owner string of the request's principal. */
export function taskOwnerOf(context: DispatchContext): string {
  const auth = context.access?.auth;
  if (!auth) return ANONYMOUS_OWNER;
  // JSON keeps the two parts apart whatever characters they hold
  return `auth:${JSON.stringify([auth.issuer ?? null, auth.subject ?? auth.clientId ?? null])}`;
}
