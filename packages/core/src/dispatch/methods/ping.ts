/** ping: answers an empty result. */
import { resultResponse } from '../jsonRpc';
import { answer } from '../DispatchResult';
import type { RequestHandler } from './Handler';
import type { MethodDescriptor } from './MethodDescriptor';
import { METHOD } from '../../protocol/methodNames';

const handle: RequestHandler = ({ id }) => answer(resultResponse(id, '{}'));

export const ping: MethodDescriptor = { method: METHOD.ping, eras: ['legacy'], handle };
