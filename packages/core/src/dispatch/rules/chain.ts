/**
 * chain: the ordered rules every request passes after its era admitted it and before its
 * method's handler runs, whatever its era or transport. A new rule is one module in this folder
 * and one entry here. The order is the order a client learns of refusals: who may call (scopes,
 * 403) before what the client can do (capabilities, -32021) before how busy the server is (503).
 * Rules that concern other methods let a request pass at the cost of one comparison each.
 */
import type { DispatchResult } from '../DispatchResult';
import type { InboundRequest } from '../Inbound';
import type { Services } from '../methods/Handler';
import type { Rule } from './Rule';
import { scopes } from './scopes';
import { requiredCapabilities } from './requiredCapabilities';
import { paramHeaders } from './paramHeaders';
import { taskCapability } from './taskCapability';
import { concurrency } from './concurrency';

/** The rules, in the order they run. */
export const RULES: readonly Rule[] = Object.freeze([scopes, requiredCapabilities, taskCapability, paramHeaders, concurrency]);

/** The first refusal of `request` by the chain, or `undefined` when every rule lets it pass. */
export function refusalOf(request: InboundRequest, services: Services): DispatchResult | undefined {
  for (const rule of RULES) {
    const refusal = rule(request, services);
    if (refusal) return refusal;
  }
  return undefined;
}
