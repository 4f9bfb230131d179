/** server/discover (modern era): the declaration's cached discover result for the request's version. */
import { resultResponse } from '../jsonRpc';
import { answer } from '../DispatchResult';
import type { RequestHandler } from './Handler';
import type { MethodDescriptor } from './MethodDescriptor';
import { METHOD } from '../../protocol/methodNames';

const handle: RequestHandler = ({ id, profile }, { decl }) => answer(resultResponse(id, decl.payloads.discover(profile.version).json));

export const discover: MethodDescriptor = { method: METHOD.discover, eras: ['modern'], handle };
