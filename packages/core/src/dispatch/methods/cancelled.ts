/**
 * notifications/cancelled: aborts the named request on this connection and suppresses its
 * reply. Stateless transports have no session, so there is nothing to cancel.
 */
import { isObject } from '../../guards';
import type { NotificationDescriptor } from './MethodDescriptor';
import { METHOD } from '../../protocol/methodNames';

export const cancelled: NotificationDescriptor = {
  method: METHOD.cancelled,
  handle: ({ params, context }) => {
    if (!isObject(params) || !context.session) return;
    const target = params.requestId;
    if (typeof target === 'string' || typeof target === 'number') context.session.cancel(target, params.reason);
  },
};
