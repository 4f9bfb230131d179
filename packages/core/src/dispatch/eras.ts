/**
 * eras: what differs between the legacy era (2024-11-05 … 2025-11-25) and the modern one
 * (2026-07-28) in how an admitted request is served — what an unknown method is answered with
 * (legacy: -32601 in-band; modern: -32601 with HTTP 404) and how a result is stamped: the one
 * place a typed result ({@link ResultReply}) is written: its own `_meta` on every era, the modern
 * era adding its result fields (`resultType`, a cacheable result's cache hints) and the serverInfo
 * in `_meta` before its closing brace. Which era has which method is each method's
 * descriptor's to say (`methods/`).
 */
import type { Era, ProtocolProfile } from '../protocol/profile';
import type { ToolDeclaration } from '../declaration/ToolDeclaration';
import type { Answer, DispatchResult, Disposition, HandlerReply, Reply, ResultReply } from './DispatchResult';
import type { InboundRequest } from './Inbound';
import { hasMembers, isResultReply, ownMetaTail, writeResult } from './replies';

/** Writes a handler's reply to one request as its era sends it. */
export type ReplyWriter = (request: InboundRequest, reply: HandlerReply) => Reply;

/** How one era serves admitted requests (which methods it has is the descriptors' to say: `methods/methods.ts`). */
export interface EraRules {
  /** The disposition (and so the HTTP status) of an unknown method's -32601. */
  readonly unknownMethod: Disposition;
  /**
   * The writer of one method's replies for `decl`, made once per chain; `stamped`: the method's
   * results carry the era's result fields (a descriptor's `stamped`).
   */
  writer(decl: ToolDeclaration, stamped: boolean): ReplyWriter;
}

/** The answer to send for `answer`: a typed result written as its legacy era writes it (its own `_meta`, if any, and nothing else), anything else as it is. */
function unstamped(answer: Answer): DispatchResult | undefined {
  return isResultReply(answer) ? writeResult(answer, ownMetaTail(answer)) : answer;
}

/** Writes replies without a stamp (every legacy reply, and modern replies of methods whose payloads carry their fields). */
const plain: ReplyWriter = (_request, reply) => (reply instanceof Promise ? reply.then(unstamped) : unstamped(reply));

const LEGACY: EraRules = Object.freeze({
  unknownMethod: 'response' as const,
  writer: (): ReplyWriter => plain,
});

const MODERN: EraRules = Object.freeze({
  unknownMethod: 'unknownMethod' as const,
  writer: (decl: ToolDeclaration, stamped: boolean): ReplyWriter => (stamped ? modernWriter(decl) : plain),
});

/**
 * What the modern era writes after a result's own members, for one kind of stamp and profile —
 * its result fields, then `_meta` with the serverInfo last — built once.
 */
interface ModernTail {
  /** After a result's members: `,<fields>,"_meta":{<serverInfo>}`. */
  readonly after: string;
  /** The same for a result without members of its own (no leading comma). */
  readonly alone: string;
  /** Before a result's own `_meta` members: `,<fields>,"_meta":{` (`alone`: without the leading comma). */
  readonly metaOpen: string;
  readonly metaOpenAlone: string;
  /** After them: `,<serverInfo>}` (the serverInfo last: it wins a clash of keys). */
  readonly metaClose: string;
}

/**
 * The modern era's writer of stamped results for `decl`: each tail is built from the payloads
 * once per profile, then kept (the payloads build their parts once and never again: they name
 * only the server), so a request pays no cache lookup for its stamp.
 */
function modernWriter(decl: ToolDeclaration): ReplyWriter {
  let profile: ProtocolProfile | undefined;
  let tails: Partial<Record<ResultReply['stamp'], ModernTail>> = {};
  const tailOf = (stamp: ResultReply['stamp'], of: ProtocolProfile): ModernTail => {
    if (of !== profile) {
      profile = of;
      tails = {};
    }
    return (tails[stamp] ??= modernTail(stamp, of.version, decl));
  };
  const stamped = (answer: Answer, of: ProtocolProfile): DispatchResult | undefined => {
    if (!isResultReply(answer)) return answer;
    const tail = tailOf(answer.stamp, of);
    const members = hasMembers(answer);
    if (answer.meta === undefined) return writeResult(answer, members ? tail.after : tail.alone);
    return writeResult(answer, (members ? tail.metaOpen : tail.metaOpenAlone) + answer.meta + tail.metaClose);
  };
  return (request, reply) => (reply instanceof Promise ? reply.then((r) => stamped(r, request.profile)) : stamped(reply, request.profile));
}

/** The modern tails of a result of `stamp`: the cache hints of a cacheable one, its `resultType`, the serverInfo `_meta`. */
function modernTail(stamp: ResultReply['stamp'], version: string, decl: ToolDeclaration): ModernTail {
  const resultType = `"resultType":${JSON.stringify(stamp === 'cacheable' ? 'complete' : stamp)}`;
  const fields = stamp === 'cacheable' ? `${decl.payloads.cacheHintMembers()},${resultType}` : resultType;
  const server = decl.payloads.serverMetaMembers(version);
  return Object.freeze({
    after: `,${fields},"_meta":{${server}}`,
    alone: `${fields},"_meta":{${server}}`,
    metaOpen: `,${fields},"_meta":{`,
    metaOpenAlone: `${fields},"_meta":{`,
    metaClose: `,${server}}`,
  });
}

/** The rules of each era. */
export const ERAS: Readonly<Record<Era, EraRules>> = Object.freeze({ legacy: LEGACY, modern: MODERN });
