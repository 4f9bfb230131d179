/**
 * modernMethods: the method table of the modern era (2026-07-28). `initialize`, `ping`,
 * `logging/setLevel` and every other method are unknown here (-32601, HTTP 404). Every result
 * carries `resultType` and the serverInfo `_meta`: the cached payloads of discover and tools/list
 * have them built in; a tools/call result gets them appended.
 */
import type { MethodTable, RequestHandler } from './Handler';
import { discover } from './discover';
import { toolsList } from './toolsList';
import { cancelled } from './cancelled';
import { resultOpening } from '../jsonRpc';
import { answer, DispatchResult } from '../DispatchResult';

/**
 * Appends the modern result fields to a tools/call result (errors are left as they are): an
 * interim `input_required` result has its resultType and gets the serverInfo `_meta` only.
 */
function withResultFields(result: DispatchResult, opening: string, tail: string, metaTail: string): DispatchResult {
  if (!result.body.startsWith(opening)) return result;
  const interim = result.body.startsWith('{"resultType":"input_required"', opening.length);
  return answer(result.body.slice(0, -2) + (interim ? metaTail : tail) + '}}');
}

const toolsCall: RequestHandler = (request, { tools, decl }) => {
  const opening = resultOpening(request.id);
  const version = request.profile.version;
  const tail = decl.resultTail(version);
  const metaTail = decl.metaTail(version);
  const reply = tools.call(request);
  return reply instanceof Promise ? reply.then((r) => r && withResultFields(r, opening, tail, metaTail)) : withResultFields(reply, opening, tail, metaTail);
};

export const modernMethods: MethodTable = Object.freeze({
  requests: new Map([
    ['server/discover', discover],
    ['tools/list', toolsList],
    ['tools/call', toolsCall],
  ]),
  notifications: new Map([['notifications/cancelled', cancelled]]),
});
