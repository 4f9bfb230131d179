/** ping: answers an empty result. */
import { resultResponse } from '../jsonRpc';
import { answer } from '../DispatchResult';
import type { RequestHandler } from './Handler';

export const ping: RequestHandler = ({ id }) => answer(resultResponse(id, '{}'));
