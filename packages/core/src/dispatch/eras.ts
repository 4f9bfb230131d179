/**
 * eras: what differs between the legacy era (2024-11-05 … 2025-11-25) and the modern one
 * (2026-07-28) in how an admitted request is served — what an unknown method is answered with
 * (legacy: -32601 in-band; modern: -32601 with HTTP 404) and how a result is stamped: the one
 * place a typed result ({@link ResultReply}) is written, the modern era adding `resultType` and
 * the serverInfo `_meta` before its closing brace. Which era has which method is each method's
 * descriptor's to say (`methods/`).
 */
import type { Era } from '../protocol/profile';
import type { ToolDeclaration } from '../declaration/ToolDeclaration';
import type { Answer, DispatchResult, Disposition, HandlerReply, Reply, ResultReply } from './DispatchResult';
import type { InboundRequest } from './Inbound';
import { isResultReply, writeResult } from './replies';

/** How one era serves admitted requests (which methods it has is the descriptors' to say: `methods/methods.ts`). */
export interface EraRules {
  /** The disposition (and so the HTTP status) of an unknown method's -32601. */
  readonly unknownMethod: Disposition;
  /** Writes a handler's reply as this era sends it; `stamped`: the method's results carry the era's result fields (a descriptor's `stamped`). */
  write(request: InboundRequest, reply: HandlerReply, decl: ToolDeclaration, stamped: boolean): Reply;
}

/** The answer to send for `answer`: a typed result written with `tail`, anything else as it is. */
function written(answer: Answer, tail: (reply: ResultReply) => string): DispatchResult | undefined {
  return isResultReply(answer) ? writeResult(answer, tail(answer)) : answer;
}

const NO_TAIL = (): string => '';

const LEGACY: EraRules = Object.freeze({
  unknownMethod: 'response' as const,
  write: (_request: InboundRequest, reply: HandlerReply): Reply => (reply instanceof Promise ? reply.then((r) => written(r, NO_TAIL)) : written(reply, NO_TAIL)),
});

/** The members `resultType` adds before the serverInfo `_meta`. */
const RESULT_TYPE = ',"resultType":"complete"';

const MODERN: EraRules = Object.freeze({
  unknownMethod: 'unknownMethod' as const,
  write(request: InboundRequest, reply: HandlerReply, decl: ToolDeclaration, stamped: boolean): Reply {
    const version = request.profile.version;
    const tail = stamped ? (r: ResultReply): string => modernTail(r.stamp, version, decl) : NO_TAIL;
    return reply instanceof Promise ? reply.then((r) => written(r, tail)) : written(reply, tail);
  },
});

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
