/**
 * rateLimit: the rule of the `rateLimit` option — each request of a method a limit counts is
 * checked against every such limit in one call to the store (one round trip to Redis), before
 * its handler runs; over any of them it is refused at once with JSON-RPC code 429
 * (`ErrorCodes.RateLimited`, `data.retryAfterSeconds`), HTTP 429 with `Retry-After` in seconds.
 * It comes after the rules that say who may call and what the client can do (a 403 costs no
 * quota) and before the server's busy checks. A store that fails admits (`onStoreError: 'open'`)
 * or refuses with 503 (`'closed'`), and the failure goes to the error policy once per outage.
 */
import { ErrorCodes } from '../../faults/ErrorCodes';
import { busy, limited } from '../DispatchResult';
import type { DispatchResult } from '../DispatchResult';
import { errorReply } from '../replies';
import { clientKeyOf } from '../clientKey';
import type { InboundRequest } from '../Inbound';
import type { Services } from '../methods/Handler';
import { rateLimitProblem, resolveRateLimit } from '../../governance/RateLimitOptions';
import type { CompiledLimit, RateLimitOptions, ResolvedRateLimit } from '../../governance/RateLimitOptions';
import type { RateLimitCheck, RateLimitDecision } from '../../governance/RateLimitStore';
import type { Rule, Verdict } from './Rule';
import type { RuleModule } from './RuleModule';

/** The dispatcher option of the rate-limit rule. */
export interface RateLimitRuleOptions {
  /**
   * Rate limits keyed by who is calling — `{ limits: [{ window: '1s', max: 5, per: 'principal',
   * methods?, tools? }], store?, onStoreError?, trustProxy? }` (see {@link RateLimitOptions}).
   * A request over a limit is refused before its handler runs: JSON-RPC code 429
   * (`ErrorCodes.RateLimited`), HTTP 429 with `Retry-After`. Default: none.
   */
  rateLimit?: RateLimitOptions;
}

/** The rate-limit rule's module: in the chain only when the `rateLimit` option is given. */
export const rateLimit: RuleModule<RateLimitRuleOptions> = {
  name: 'rateLimit',
  options: { rateLimit: { problem: rateLimitProblem } },
  make: (options) => options.rateLimit && rateLimitRule(resolveRateLimit(options.rateLimit)),
};

/** The rule of a dispatcher's `rateLimit` option. */
export function rateLimitRule(options: ResolvedRateLimit): Rule {
  const { limits, store, failOpen, trustProxy } = options;
  const callerOf = clientKeyOf(trustProxy);
  /** Each limit's last check: the next request of the same caller (and tool) reuses it, key string and all (no string built, its hash already computed). */
  const lastChecks: (LastCheck | undefined)[] = limits.map(() => undefined);
  /** Whether the store's last call failed: a failure is reported when it starts, not per request. */
  let failing = false;
  const failed = (request: InboundRequest, services: Services, error: unknown): Verdict => {
    if (!failing) {
      failing = true;
      services.policy.report(new Error(`rateLimit: the store failed; requests are ${failOpen ? 'admitted' : 'refused'} until it answers again (onStoreError: '${failOpen ? 'open' : 'closed'}')`, { cause: error }), { requestId: request.id, method: request.method });
    }
    if (failOpen) return undefined;
    return busy(errorReply(request.id, ErrorCodes.ServerBusy, 'Server busy: the rate limiter is unavailable; try again later'));
  };
  const decided = (request: InboundRequest, applied: readonly CompiledLimit[], decision: RateLimitDecision): Verdict => {
    failing = false;
    if (decision.allowed) return undefined;
    return refusal(request, applied[decision.refusedBy ?? 0], decision.retryAfterMs);
  };
  return {
    name: 'rateLimit',
    concerns: (method) => method !== undefined && limits.some((limit) => !limit.methods || limit.methods.has(method.method)),
    before(request, services) {
      let applied: CompiledLimit[] | undefined;
      let checks: RateLimitCheck[] | undefined;
      let caller: string | undefined;
      for (let i = 0; i < limits.length; i++) {
        const limit = limits[i];
        if (!counts(limit, request)) continue;
        caller ??= callerOf(request.context);
        const tool = limit.per === 'principal+tool' ? (request.target?.name ?? '') : '';
        let last = lastChecks[i];
        if (last?.caller !== caller || last.tool !== tool) lastChecks[i] = last = { caller, tool, check: Object.freeze({ key: keyOf(limit, caller, tool), windowMs: limit.windowMs, max: limit.max }) };
        (applied ??= []).push(limit);
        (checks ??= []).push(last.check);
      }
      if (!checks) return undefined;
      const counted = applied!;
      let decision: RateLimitDecision | Promise<RateLimitDecision>;
      try {
        decision = store.hit(checks);
      } catch (error) {
        return failed(request, services, error);
      }
      if (!(decision instanceof Promise)) return decided(request, counted, decision);
      return decision.then(
        (d) => decided(request, counted, d),
        (error: unknown) => failed(request, services, error),
      );
    },
  };
}

/** Whether `limit` counts `request` (its method, and for a limit of `tools` the named tool or prompt). */
function counts(limit: CompiledLimit, request: InboundRequest): boolean {
  if (limit.methods && !limit.methods.has(request.method)) return false;
  return !limit.tools || (request.target !== undefined && limit.tools.has(request.target.name));
}

/** A limit's check for one caller and tool (`''` unless the limit is per tool). */
interface LastCheck {
  readonly caller: string;
  readonly tool: string;
  readonly check: RateLimitCheck;
}

/** The counter of `limit` for this caller (and tool, the resolved target's name): an unknown tool's calls share one counter, so names a client makes up grow nothing. */
function keyOf(limit: CompiledLimit, caller: string, tool: string): string {
  if (limit.per === 'global') return `${limit.index}`;
  if (limit.per === 'principal') return `${limit.index}|${caller}`;
  return `${limit.index}|${caller}|${tool}`;
}

/** The answer to a request over `limit`: 429 on every transport, with when to retry. */
function refusal(request: InboundRequest, limit: CompiledLimit, retryAfterMs: number): DispatchResult {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const whose = limit.per === 'global' ? 'for the server' : limit.per === 'principal' ? 'per caller' : 'per caller and tool';
  const message = `Rate limit exceeded: at most ${limit.max} requests per ${limit.window} ${whose}; retry after ${seconds} s`;
  return limited(errorReply(request.id, ErrorCodes.RateLimited, message, { retryAfterSeconds: seconds }), seconds);
}
