/**
 * tools/list: the declaration's cached payload for the request's profile, with its pre-encoded
 * bytes as `parts` when it is large (writing it is then a copy, not an encode).
 */
import { resultOpening, resultResponse } from '../jsonRpc';
import { answer } from '../DispatchResult';
import type { RequestHandler } from './Handler';

export const toolsList: RequestHandler = ({ id, profile }, { decl }) => {
  const body = resultResponse(id, decl.toolsListJson(profile.version));
  const bytes = decl.toolsListBytes(profile.version);
  return answer(body, 'response', bytes && [resultOpening(id), bytes, '}']);
};
