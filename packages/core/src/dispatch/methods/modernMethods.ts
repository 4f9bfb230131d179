/**
 * modernMethods: the method table of the modern era (2026-07-28). `initialize`, `ping`,
 * `logging/setLevel` and every other method are unknown here (-32601, HTTP 404). Every result
 * carries `resultType` and the serverInfo `_meta`: the cached payloads of discover and tools/list
 * have them built in; a tools/call result gets them appended.
 */
import type { MethodTable, RequestHandler } from './Handler';
import { discover } from './discover';
import { toolsList } from './toolsList';
import { toolsCall as callTool } from './toolsCall';
import { cancelled } from './cancelled';
import { idJson } from '../jsonRpc';
import { answer, DispatchResult } from '../DispatchResult';

/** Every response body starts so; the member after the id (`"result"` or `"error"`) follows a comma. */
const ID_AT = '{"jsonrpc":"2.0","id":'.length;

/**
 * Appends the modern result fields to a tools/call result (errors are left as they are). The
 * body is told from an error by the member at its known offset, not by building its opening
 * again: that string and the comparison cost more than the rest of this step (bench: ~150 ns).
 * An interim `input_required` result has its resultType and gets the serverInfo `_meta` only.
 */
function withResultFields(result: DispatchResult, resultAt: number, tail: string, metaTail: string): DispatchResult {
  if (!result.body.startsWith('"result":', resultAt)) return result;
  const interim = result.body.startsWith('{"resultType":"input_required"', resultAt + '"result":'.length);
  return answer(result.body.slice(0, -2) + (interim ? metaTail : tail) + '}}');
}

/** The one tools/call handler (every rule, then the call), its results stamped with the modern fields. */
const toolsCall: RequestHandler = (request, services) => {
  const { decl } = services;
  const resultAt = ID_AT + idJson(request.id).length + 1;
  const version = request.profile.version;
  const tail = decl.resultTail(version);
  const metaTail = decl.metaTail(version);
  const reply = callTool(request, services);
  return reply instanceof Promise ? reply.then((r) => r && withResultFields(r, resultAt, tail, metaTail)) : reply && withResultFields(reply, resultAt, tail, metaTail);
};

export const modernMethods: MethodTable = Object.freeze({
  requests: new Map([
    ['server/discover', discover],
    ['tools/list', toolsList],
    ['tools/call', toolsCall],
  ]),
  notifications: new Map([['notifications/cancelled', cancelled]]),
});
