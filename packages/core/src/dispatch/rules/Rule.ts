/**
 * Rule: one cross-cutting rule of the request pipeline — something every request must pass
 * before its method's handler runs (a scope, a capability, a cap on work in flight). A rule
 * decides for itself which methods it concerns, and either refuses the request with the answer
 * the client gets or lets it pass. The chain (`rules/chain.ts`) runs them in order.
 */
import type { DispatchResult } from '../DispatchResult';
import type { InboundRequest } from '../Inbound';
import type { Services } from '../methods/Handler';

/** Refuses `request` (its answer) or lets it pass (`undefined`). Synchronous: a rule never waits. */
export type Rule = (request: InboundRequest, services: Services) => DispatchResult | undefined;
