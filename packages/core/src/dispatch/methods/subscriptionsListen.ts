/**
 * subscriptions/listen (2026-07-28, SEP-2575): the push channel of the modern era. The request's
 * stream (an SSE response over HTTP, the connection over stdio) first carries
 * `notifications/subscriptions/acknowledged` with the subset of `params.notifications` the server
 * honours, then only the notifications asked for, each tagged with the listen's id; it ends with
 * its final result when the server ends it, and releases everything when the client cancels
 * ({@link openListen}). Malformed params are -32602; a client that cannot take a stream -32600;
 * past `maxSubscriptions` (or the caller's `maxSubscriptionsPerPrincipal`) -32000, HTTP 503 with
 * `Retry-After`; while the notification bus is down -32603.
 */
import { ErrorCodes } from '../../faults/ErrorCodes';
import { errorReply } from '../replies';
import { busy } from '../DispatchResult';

import { principalOf } from '../principal';
import { openListen } from '../subscriptions/listenStream';
import { honouredFilter, readListenFilter } from '../subscriptions/listenFilter';
import type { RequestHandler } from './Handler';
import type { MethodDescriptor } from './MethodDescriptor';
import { METHOD } from '../../protocol/methodNames';

const handle: RequestHandler = (request, services) => {
  const { id, params, context } = request;
  const hub = services.notifications;
  const read = readListenFilter(params, hub.limits.maxResourceSubscriptions);
  if ('problem' in read) return errorReply(id, ErrorCodes.InvalidParams, `Invalid params: ${read.problem}`);
  const streams = context.canStream ? context.canStream() : context.notify !== undefined;
  if (!streams) return errorReply(id, ErrorCodes.InvalidRequest, 'Invalid Request: subscriptions/listen answers with a stream of notifications; send Accept: text/event-stream');
  if (request.mode === 'sync') return errorReply(id, ErrorCodes.InternalError, 'subscriptions/listen holds a stream open: serve it with StdioService or serveStdio, not the synchronous Service');
  if (hub.down) return errorReply(id, ErrorCodes.InternalError, 'Internal error: the notification bus is unavailable; listen again later');
  const principal = principalOf(context).key;
  const problem = hub.refusal(principal);
  if (problem) return busy(errorReply(id, ErrorCodes.ServerBusy, `Server busy: ${problem}; try again later`));
  return openListen(request, services, principal, honouredFilter(read.filter, services.decl, context.access));
};

export const subscriptionsListen: MethodDescriptor = { method: METHOD.subscriptionsListen, eras: ['modern'], stamped: true, handle };
