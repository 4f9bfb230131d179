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

/** Appends the modern result fields to a tools/call result (errors are left as they are). */
function withResultFields(result: DispatchResult, opening: string, tail: string): DispatchResult {
  return result.body.startsWith(opening) ? answer(result.body.slice(0, -2) + tail + '}}') : result;
}

const toolsCall: RequestHandler = (request, { tools, decl }) => {
  const opening = resultOpening(request.id);
  const tail = decl.resultTail(request.profile.version);
  const reply = tools.call(request);
  return reply instanceof Promise ? reply.then((r) => r && withResultFields(r, opening, tail)) : withResultFields(reply, opening, tail);
};

export const modernMethods: MethodTable = Object.freeze({
  requests: new Map([
    ['server/discover', discover],
    ['tools/list', toolsList],
    ['tools/call', toolsCall],
  ]),
  notifications: new Map([['notifications/cancelled', cancelled]]),
});
