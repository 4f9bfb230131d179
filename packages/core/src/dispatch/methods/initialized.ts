/**
 * notifications/initialized (legacy era): the client's end of the handshake. Nothing is kept —
 * a connection's version and capabilities are taken from `initialize` itself — but the method is
 * known, so telemetry names its span.
 */
import type { NotificationDescriptor } from './MethodDescriptor';
import { METHOD } from '../../protocol/methodNames';

export const initialized: NotificationDescriptor = { method: METHOD.initialized, handle: () => undefined };
