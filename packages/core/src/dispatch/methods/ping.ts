/** ping: answers an empty result. */
import { resultResponse } from '../jsonRpc';
import type { RequestHandler } from './Handler';

export const ping: RequestHandler = ({ id }) => ({ body: resultResponse(id, '{}') });
