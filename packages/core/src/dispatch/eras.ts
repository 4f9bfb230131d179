/**
 * eras: what differs between the legacy era (2024-11-05 … 2025-11-25) and the modern one
 * (2026-07-28) in how an admitted request is served — what an unknown method is answered with
 * (legacy: -32601 in-band; modern: -32601 with HTTP 404) and how a result is stamped: the one
 * place a typed result ({@link ResultReply}) is written, the modern era adding `resultType` and
 * the serverInfo `_meta` before its closing brace. Which era has which method is each method's
 * descriptor's to say (`methods/`).
 */
import type { Era, ProtocolProfile } from '../protocol/profile';
import type { ToolDeclaration } from '../declaration/ToolDeclaration';
import type { Answer, DispatchResult, Disposition, HandlerReply, Reply, ResultReply } from './DispatchResult';
import type { InboundRequest } from './Inbound';
import { isResultReply, writeResult } from './replies';

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

/** The answer to send for `answer`: a typed result written as it is, anything else as it is. */
function unstamped(answer: Answer): DispatchResult | undefined {
  return isResultReply(answer) ? writeResult(answer, '') : answer;
}

/** Writes replies without a stamp (every legacy reply, and modern replies of methods whose payloads carry their fields). */
const plain: ReplyWriter = (_request, reply) => (reply instanceof Promise ? reply.then(unstamped) : unstamped(reply));

const LEGACY: EraRules = Object.freeze({
  unknownMethod: 'response' as const,
  writer: (): ReplyWriter => plain,
});

/** The members `resultType` adds before the serverInfo `_meta`. */
const RESULT_TYPE = ',"resultType":"complete"';

const MODERN: EraRules = Object.freeze({
  unknownMethod: 'unknownMethod' as const,
  writer: (decl: ToolDeclaration, stamped: boolean): ReplyWriter => (stamped ? modernWriter(decl) : plain),
});

/**
 * The modern era's writer of stamped results for `decl`: each tail is looked up in the payloads
 * once per profile, then kept (the payloads build them once and never again: they name only the
 * server), so a request pays no cache lookup for its stamp.
 */
function modernWriter(decl: ToolDeclaration): ReplyWriter {
  let profile: ProtocolProfile | undefined;
  let tails: Partial<Record<ResultReply['stamp'], string>> = {};
  const tailOf = (stamp: ResultReply['stamp'], of: ProtocolProfile): string => {
    if (of !== profile) {
      profile = of;
      tails = {};
    }
    return (tails[stamp] ??= modernTail(stamp, of.version, decl));
  };
  const stamped = (answer: Answer, of: ProtocolProfile): DispatchResult | undefined => (isResultReply(answer) ? writeResult(answer, tailOf(answer.stamp, of)) : answer);
  return (request, reply) => (reply instanceof Promise ? reply.then((r) => stamped(r, request.profile)) : stamped(reply, request.profile));
}

/** What the modern era appends to a result of `stamp`. */
function modernTail(stamp: ResultReply['stamp'], version: string, decl: ToolDeclaration): string {
  switch (stamp) {
    case 'all':
      return decl.payloads.resultTail(version);
    case 'meta':
      return decl.payloads.metaTail(version);
    case 'resultType':
      return RESULT_TYPE;
    case 'cacheable':
      return decl.payloads.readTail(version);
  }
}

/** The rules of each era. */
export const ERAS: Readonly<Record<Era, EraRules>> = Object.freeze({ legacy: LEGACY, modern: MODERN });
