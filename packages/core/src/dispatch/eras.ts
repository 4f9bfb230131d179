/**
 * eras: what differs between the legacy era (2024-11-05 … 2025-11-25) and the modern one
 * (2026-07-28) in how an admitted request is served — what an unknown method is answered with
 * (legacy: -32601 in-band; modern: -32601 with HTTP 404) and how a stamped method's result is
 * stamped (modern results carry `resultType` and the serverInfo `_meta`). Which era has which
 * method is each method's descriptor's to say (`methods/`).
 */
import type { Era } from '../protocol/profile';
import type { ToolDeclaration } from '../declaration/ToolDeclaration';
import { idJson } from './jsonRpc';
import { answer } from './DispatchResult';
import type { DispatchResult, Disposition, Reply } from './DispatchResult';
import type { InboundRequest } from './Inbound';

/** How one era serves admitted requests (which methods it has is the descriptors' to say: `methods/methods.ts`). */
export interface EraRules {
  /** The disposition (and so the HTTP status) of an unknown method's -32601. */
  readonly unknownMethod: Disposition;
  /** The reply of a stamped method (a descriptor's `stamped`) as this era sends it. */
  stamp(request: InboundRequest, reply: Reply, decl: ToolDeclaration): Reply;
}

const LEGACY: EraRules = Object.freeze({
  unknownMethod: 'response' as const,
  stamp: (_request: InboundRequest, reply: Reply) => reply,
});

/** Every response body starts so; the member after the id (`"result"` or `"error"`) follows a comma. */
const ID_AT = '{"jsonrpc":"2.0","id":'.length;

const MODERN: EraRules = Object.freeze({
  unknownMethod: 'unknownMethod' as const,
  stamp(request: InboundRequest, reply: Reply, decl: ToolDeclaration): Reply {
    const resultAt = ID_AT + idJson(request.id).length + 1;
    const version = request.profile.version;
    const tail = decl.payloads.resultTail(version);
    const metaTail = decl.payloads.metaTail(version);
    return reply instanceof Promise ? reply.then((r) => r && withResultFields(r, resultAt, tail, metaTail)) : reply && withResultFields(reply, resultAt, tail, metaTail);
  },
});

/** The rules of each era. */
export const ERAS: Readonly<Record<Era, EraRules>> = Object.freeze({ legacy: LEGACY, modern: MODERN });

/**
 * Appends the modern result fields to a result (errors are left as they are). The body is told
 * from an error by the member at its known offset, not by building its opening again: that
 * string and the comparison cost more than the rest of this step (bench: ~150 ns). An interim
 * `input_required` result and a `CreateTaskResult` (`resultType: "task"`) have their resultType
 * and get the serverInfo `_meta` only; a result that carries its own `_meta` (with the serverInfo
 * in it) gets `resultType` only.
 */
function withResultFields(result: DispatchResult, resultAt: number, tail: string, metaTail: string): DispatchResult {
  if (!result.body.startsWith('"result":', resultAt)) return result;
  const at = resultAt + '"result":'.length;
  const interim = result.body.startsWith('{"resultType":"input_required"', at) || result.body.startsWith('{"resultType":"task"', at);
  const fields = interim ? metaTail : result.ownMeta ? tail.slice(0, tail.length - metaTail.length) : tail;
  return answer(result.body.slice(0, -2) + fields + '}}');
}
