/**
 * notifications/cancelled: aborts the named request and suppresses its reply — on this connection
 * (stdio), or over stateless HTTP the same authenticated caller's call with that id on this
 * instance. An anonymous caller's cancel over stateless HTTP is not bound (anonymous callers
 * share one principal, so it could cancel another client's call): it is ignored, and said so once.
 */
import { isObject } from '../../guards';
import { principalOf } from '../principal';
import { warnOnce } from '../../faults/warnOnce';
import type { NotificationDescriptor } from './MethodDescriptor';
import { METHOD } from '../../protocol/methodNames';

export const cancelled: NotificationDescriptor = {
  method: METHOD.cancelled,
  handle: ({ params, context }, { tools }) => {
    if (!isObject(params)) return;
    const target = params.requestId;
    if (typeof target !== 'string' && typeof target !== 'number') return;
    if (context.session) {
      context.session.cancel(target, params.reason);
      return;
    }
    const principal = principalOf(context);
    if (principal.kind !== 'anonymous') tools.stateless.cancel(principal.key, target, params.reason);
    else warnOnce('stateless-anonymous-cancel', 'toolwire: notifications/cancelled from an unauthenticated caller over stateless HTTP is ignored: callers without a token share one principal, so a cancel cannot be bound to its own call safely (use a token, or stdio)');
  },
};
