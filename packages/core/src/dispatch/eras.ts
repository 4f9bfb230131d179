/**
 * eras: what differs between the legacy era (2024-11-05 … 2025-11-25) and the modern one
 * (2026-07-28) in how an admitted request is served — which methods exist, what an unknown
 * method is answered with (legacy: -32601 in-band; modern: -32601 with HTTP 404), and how a
 * result is stamped (modern results carry `resultType` and the serverInfo `_meta`). Method
 * handlers are written once (`methods/methods.ts`) and know nothing of eras; the dispatcher asks
 * the era of the request's profile. (Admission — the modern ladder — runs before a profile is
 * known, in `modern.ts`.)
 */
import type { Era } from '../protocol/profile';
import type { ToolDeclaration } from '../declaration/ToolDeclaration';
import { idJson } from './jsonRpc';
import { answer } from './DispatchResult';
import type { DispatchResult, Disposition, Reply } from './DispatchResult';
import type { InboundRequest } from './Inbound';

/** How one era serves admitted requests. */
export interface EraRules {
  /** The request methods this era has; any other is unknown. */
  readonly methods: ReadonlySet<string>;
  /** The disposition (and so the HTTP status) of an unknown method's -32601. */
  readonly unknownMethod: Disposition;
  /** The reply as this era sends it: a handler's reply, stamped where the era's results need it. */
  stamp(request: InboundRequest, reply: Reply, decl: ToolDeclaration): Reply;
}

const LEGACY: EraRules = Object.freeze({
  // tasks/*: the experimental tasks of 2025-11-25 (-32601 on the versions before it: their handlers ask the profile)
  methods: new Set(['initialize', 'tools/list', 'tools/call', 'resources/list', 'resources/templates/list', 'resources/read', 'ping', 'logging/setLevel', 'tasks/get', 'tasks/result', 'tasks/list', 'tasks/cancel']),
  unknownMethod: 'response' as const,
  stamp: (_request: InboundRequest, reply: Reply) => reply,
});

/**
 * Methods whose results are made per call and get the modern fields appended; the others'
 * payloads (discover, the lists) are cached with the fields built in, and resources/read writes
 * its own (it carries cache hints too).
 */
const STAMPED: ReadonlySet<string> = new Set(['tools/call']);

/** Every response body starts so; the member after the id (`"result"` or `"error"`) follows a comma. */
const ID_AT = '{"jsonrpc":"2.0","id":'.length;

const MODERN: EraRules = Object.freeze({
  methods: new Set(['server/discover', 'tools/list', 'tools/call', 'resources/list', 'resources/templates/list', 'resources/read', 'tasks/get', 'tasks/update', 'tasks/cancel']),
  unknownMethod: 'unknownMethod' as const,
  stamp(request: InboundRequest, reply: Reply, decl: ToolDeclaration): Reply {
    if (!STAMPED.has(request.method)) return reply;
    const resultAt = ID_AT + idJson(request.id).length + 1;
    const version = request.profile.version;
    const tail = decl.resultTail(version);
    const metaTail = decl.metaTail(version);
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
