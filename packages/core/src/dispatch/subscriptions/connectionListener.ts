/**
 * connectionListener: the legacy era's listener of a connection (stdio) — made once per session,
 * when the client finishes its handshake (`notifications/initialized`) or first subscribes to a
 * resource. It hears every list's `list_changed` and the `notifications/resources/updated` of the
 * URIs `resources/subscribe` named, writes them on the connection, and lets go when the
 * connection ends. A bus outage does not end it: delivery resumes when the bus is back.
 */
import type { DispatchContext } from '../DispatchContext';
import type { Session } from '../Session';
import type { Services } from '../methods/Handler';
import { Listener } from './Listener';
import type { ListKind } from '../../notifications/CatalogChange';
import type { LiveCapabilities } from '../../declaration/results';

const ALL_LISTS: readonly ListKind[] = ['tools', 'prompts', 'resources'];

const bySession = new WeakMap<Session, Listener>();

/**
 * The listener of the connection `context` belongs to, made on first use; `undefined` without a
 * connection that can carry notifications (stateless HTTP) or when the listener bounds refuse it.
 */
export function connectionListener(context: DispatchContext, services: Services): Listener | undefined {
  const session = context.session;
  const notify = context.notify;
  if (!session || !notify) return undefined;
  const held = bySession.get(session);
  if (held) return held;
  const hub = services.notifications;
  const principal = session.principal.key;
  if (hub.refusal(principal)) return undefined;
  const listener = new Listener(principal, undefined, { send: (json) => notify.call(context, json, 'legacy'), end: () => undefined }, context.access);
  for (const list of ALL_LISTS) listener.lists.add(list);
  bySession.set(session, listener);
  hub.attach(listener);
  session.onEnd(() => {
    bySession.delete(session);
    hub.detach(listener);
  });
  return listener;
}

/**
 * What a legacy `initialize` on this transport may declare of live lists: a connection that
 * carries notifications (stdio) delivers both; stateless HTTP `listChanged` only when it serves
 * the `GET` stream, and never `resources.subscribe`.
 */
export function legacyLiveCapabilities(context: DispatchContext, services: Services): LiveCapabilities {
  if (context.session && context.notify) return { listChanged: true, subscribe: true };
  return { listChanged: services.notifications.broadcasts, subscribe: false };
}
