/**
 * notifications/initialized (legacy era): the client's end of the handshake. A connection's
 * version and capabilities are taken from `initialize` itself; on a connection that can carry
 * notifications (stdio) this is where its listener starts, so the client hears every
 * `list_changed` from now on.
 */
import type { NotificationDescriptor } from './MethodDescriptor';
import { METHOD } from '../../protocol/methodNames';
import { connectionListener } from '../subscriptions/connectionListener';

export const initialized: NotificationDescriptor = {
  method: METHOD.initialized,
  handle: (notification, services) => {
    if (notification.profile.era === 'legacy') connectionListener(notification.context, services);
  },
};
