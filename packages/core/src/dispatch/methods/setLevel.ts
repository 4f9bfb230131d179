/**
 * logging/setLevel (legacy era): answers `{}` and, on a connection, sets the level `log()`
 * sends at from now on. Stateless HTTP has no connection to hold it, so there it changes nothing
 * and the declaration's default level applies to every request. An unknown level is -32602; a
 * declaration without `logging` has no such method (-32601).
 */
import { ErrorCodes } from '../../faults/ErrorCodes';
import { errorReply } from '../replies';
import { resultResponse } from '../jsonRpc';
import { isObject } from '../../guards';
import { answer } from '../DispatchResult';
import { isLoggingLevel, LOGGING_LEVELS } from '../../protocol/logLevels';
import type { RequestHandler } from './Handler';
import type { MethodDescriptor } from './MethodDescriptor';
import { METHOD } from '../../protocol/methodNames';

const handle: RequestHandler = ({ id, params, context }, { decl }) => {
  if (decl.loggingLevel === undefined) return errorReply(id, ErrorCodes.MethodNotFound, 'Method not found');
  const level = isObject(params) ? params.level : undefined;
  if (!isLoggingLevel(level)) {
    return errorReply(id, ErrorCodes.InvalidParams, `Invalid params: level must be one of ${LOGGING_LEVELS.join(', ')}, got ${JSON.stringify(level) ?? 'nothing'}`);
  }
  context.session?.setLoggingLevel(level);
  return answer(resultResponse(id, '{}'));
};

export const setLevel: MethodDescriptor = { method: METHOD.setLevel, eras: ['legacy'], handle };
