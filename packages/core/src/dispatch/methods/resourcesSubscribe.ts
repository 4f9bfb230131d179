/**
 * resources/subscribe and resources/unsubscribe (legacy era): where a subscription can be held —
 * a connection (stdio) — the URI joins (or leaves) the connection's listener, and each
 * `decl.resourceUpdated(uri)` on any instance sharing the bus is sent to it as
 * `notifications/resources/updated`; `{}` answers. Stateless HTTP holds no subscription and does
 * not declare `resources.subscribe`: there both are -32601. A missing or empty `uri` is -32602,
 * as is one more URI than `maxResourceSubscriptions`; subscribing to a URI whose resource needs
 * scopes the token lacks is refused like reading it.
 */
import { ErrorCodes } from '../../faults/ErrorCodes';
import { errorReply } from '../replies';
import { isObject } from '../../guards';
import { answer } from '../DispatchResult';
import { resultResponse } from '../jsonRpc';
import { connectionListener } from '../subscriptions/connectionListener';
import { mayRead } from '../subscriptions/listenFilter';
import type { InboundRequest } from '../Inbound';
import type { RequestHandler, Services } from './Handler';
import type { MethodDescriptor } from './MethodDescriptor';
import { METHOD } from '../../protocol/methodNames';

/** The answer when no subscription can be held here, or the URI a request names. */
function subject(request: InboundRequest): string | { refusal: ReturnType<typeof answer> } {
  const { id, params, context, method } = request;
  if (!context.session || !context.notify) return { refusal: errorReply(id, ErrorCodes.MethodNotFound, `Method not found: ${method} (this stateless endpoint holds no subscriptions)`) };
  const uri = isObject(params) ? params.uri : undefined;
  if (typeof uri !== 'string' || uri === '') return { refusal: errorReply(id, ErrorCodes.InvalidParams, `Invalid params: ${method} needs params.uri, a non-empty string`) };
  return uri;
}

const subscribe: RequestHandler = (request, services: Services) => {
  const uri = subject(request);
  if (typeof uri !== 'string') return uri.refusal;
  const { id, context } = request;
  if (!mayRead(services.decl, uri, context.access)) return errorReply(id, ErrorCodes.InvalidRequest, `Forbidden: insufficient_scope: reading ${JSON.stringify(uri)} needs scopes this token lacks`);
  const listener = connectionListener(context, services);
  const hub = services.notifications;
  if (!listener) return errorReply(id, ErrorCodes.ServerBusy, `Server busy: ${hub.refusal(context.session!.principal.key) ?? 'no listener'}; try again later`);
  if (!hub.watch(listener, uri)) {
    return errorReply(id, ErrorCodes.InvalidParams, `Invalid params: this connection is subscribed to ${listener.resources.size} resources (maxResourceSubscriptions (${hub.limits.maxResourceSubscriptions}))`);
  }
  return answer(resultResponse(id, '{}'));
};

const unsubscribe: RequestHandler = (request, services: Services) => {
  const uri = subject(request);
  if (typeof uri !== 'string') return uri.refusal;
  const listener = connectionListener(request.context, services);
  if (listener) services.notifications.unwatch(listener, uri);
  return answer(resultResponse(request.id, '{}'));
};

export const resourcesSubscribe: MethodDescriptor = { method: METHOD.resourcesSubscribe, eras: ['legacy'], offered: (decl) => decl.catalog.hasResources, handle: subscribe };

export const resourcesUnsubscribe: MethodDescriptor = { method: METHOD.resourcesUnsubscribe, eras: ['legacy'], offered: (decl) => decl.catalog.hasResources, handle: unsubscribe };
