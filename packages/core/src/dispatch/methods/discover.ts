/** server/discover (modern era): the declaration's cached discover result for the request's version. */
import { resultResponse } from '../jsonRpc';
import { answer } from '../DispatchResult';
import type { RequestHandler } from './Handler';

export const discover: RequestHandler = ({ id, profile }, { decl }) => answer(resultResponse(id, decl.discoverJson(profile.version)));
