/**
 * initialize (legacy era): negotiates the protocol version — the requested one when the
 * declaration supports it, else the latest legacy version — records it on the connection's
 * session with the client's capabilities and answers the cached initialize payload. Never inside a batch.
 */
import { ErrorCodes } from '../../faults/ErrorCodes';
import { errorReply } from '../replies';
import { resultResponse } from '../jsonRpc';
import { isObject } from '../../guards';
import { answer } from '../DispatchResult';
import type { RequestHandler } from './Handler';
import type { MethodDescriptor } from './MethodDescriptor';
import { METHOD } from '../../protocol/methodNames';
import { legacyLiveCapabilities } from '../subscriptions/connectionListener';

const handle: RequestHandler = (request, services) => {
  const { decl } = services;
  const { id, params, inBatch, context } = request;
  if (inBatch) return errorReply(id, ErrorCodes.InvalidRequest, 'Invalid Request: initialize must not be part of a batch');
  if (params !== undefined && !isObject(params)) {
    return errorReply(id, ErrorCodes.InvalidParams, 'Invalid params: initialize expects an object');
  }
  const requested = params?.protocolVersion;
  const version = decl.preferredVersion(typeof requested === 'string' ? requested : undefined);
  context.session?.negotiated(version);
  if (isObject(params?.capabilities)) context.session?.initialized(Object.freeze({ ...params.capabilities }));
  return answer(resultResponse(id, decl.payloads.initialize(version, legacyLiveCapabilities(context, services)).json));
};

export const initialize: MethodDescriptor = { method: METHOD.initialize, eras: ['legacy'], handle };
