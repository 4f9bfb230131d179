/**
 * taskOwner: who a task belongs to — the request's {@link Principal} (`principal.ts`): the
 * verified token's identity, the stdio connection, or the one anonymous principal of an open
 * HTTP endpoint (whoever can reach it is the same caller, and the 128-bit task ids are the only
 * secret).
 */
import { ANONYMOUS_KEY } from '../../auth/Principal';
import type { DispatchContext } from '../DispatchContext';
import { principalOf } from '../principal';

/** The owner of the tasks nobody authenticated for over HTTP. */
export const ANONYMOUS_OWNER = ANONYMOUS_KEY;

/** The owner string of the request's principal. */
export function taskOwnerOf(context: DispatchContext): string {
  return principalOf(context).key;
}
