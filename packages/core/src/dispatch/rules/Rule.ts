/**
 * Rule: one cross-cutting rule of the request pipeline — a module of its own (its options come
 * from the dispatcher's options when it is made), placed in the dispatcher's ordered chain. A rule
 * says once per method whether it concerns it, then runs for each such request: `before` the rest
 * of the chain and the handler (refusing with the answer the client gets — its HTTP status and
 * headers are data on it, so a later rule can answer 429 with `Retry-After` — or letting it pass),
 * and/or `around` them (acting on their reply). Either may return a Promise; a chain whose rules
 * answer at once allocates none. A rule may also observe what never reaches a chain: messages
 * refused before one (not JSON, too deep, the 2026-07-28 admission ladder).
 */
import type { DispatchResult, Reply } from '../DispatchResult';
import type { DispatchContext } from '../DispatchContext';
import type { Inbound, InboundRequest } from '../Inbound';
import type { Services } from '../methods/Handler';
import type { MethodTraits } from '../methods/MethodTraits';
import type { Target } from '../Target';
import type { Envelope } from '../classify';

/** A refusal (the answer to send), or `undefined`: the request goes on. */
export type Verdict = DispatchResult | undefined;

/** One rule of the chain. */
export interface Rule {
  /** Its name, for messages (and the `rule` of a refusal where one is recorded). */
  readonly name: string;
  /**
   * Whether it runs for requests of `method` (`undefined`: a method the request's era lacks, and
   * notifications); decided once per method when the chain is built. Absent: every request.
   */
  concerns?(method: MethodTraits | undefined): boolean;
  /** Runs before the rest of the chain: a refusal ends the request with that answer. */
  before?(request: InboundRequest, services: Services): Verdict | Promise<Verdict>;
  /**
   * Runs around the rest of the chain (a notification's handling included): calls `next` once and
   * returns its reply, or one in its place. `services` are its dispatcher's: a rule that counts
   * (what a caller holds at once) keys its state by them.
   */
  around?(message: Inbound, next: () => Reply, services: Services): Reply;
  /** Sees every message, or batch, from its arrival to its answer (`dispatch` runs it). */
  arrive?<T>(dispatch: () => T): T;
  /** Sees a message refused before it reached a chain; returns the answer to send (`result`, or one in its place). */
  refused?(result: DispatchResult, context: DispatchContext, envelope: Envelope | undefined, target: Target | undefined): DispatchResult;
}
