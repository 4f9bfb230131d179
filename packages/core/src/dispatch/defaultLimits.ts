/**
 * defaultLimits: every limit a dispatcher's options can set, as one type and one value of
 * defaults — those the engine's parts keep (`limits.ts`) joined with those of the rules (each
 * rule module's `limits`, from the registry), so a new rule's limit is listed here without a
 * line here.
 */
import { ENGINE_LIMITS } from './limits';
import type { EngineLimits } from './limits';
import type { LimitsOf, RuleModule } from './rules/RuleModule';
import { RULE_MODULES } from './rules/registry';

/** The limits in force for one dispatcher; `Infinity` turns one off. */
export interface Limits extends EngineLimits, LimitsOf<typeof RULE_MODULES> {}

/**
 * The defaults: depth 64, batches of 100, 10,000 argument values, strings of 4 Mi code units
 * (4,194,304, the HTTP body cap), request states of 64 KiB (65,536 bytes), resource URIs of
 * 8 Ki code units (8,192), calls of 5 minutes
 * (300,000 ms), 1,000 calls in flight at once and 100 per principal, task procedures of 15
 * minutes (900,000 ms), 100 running tasks per principal, and 1,000 waiting `tasks/result`
 * requests, 100 per principal; 10,000 listeners (100 per principal), each subscribed to at most
 * 1,000 resources.
 */
export const DEFAULT_LIMITS: Limits = Object.freeze(Object.assign({}, ENGINE_LIMITS, ...(RULE_MODULES as readonly RuleModule<object, object>[]).map((module) => module.limits)) as Limits);
