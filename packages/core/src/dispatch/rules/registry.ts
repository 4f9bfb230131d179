/**
 * registry: the rules of the chain, in order — the only place a rule is listed. Telemetry is
 * outermost (its span covers everything), then the audit (it sees every refusal), then who may
 * call (scopes, 403) before what the client can do (capabilities, -32021) before the rate limit
 * (a request the caller may not make, or cannot make, costs no quota) before how busy the server
 * is (503). A new rule is one module in this folder and one entry here: its options, their
 * checks and its limits join the dispatcher's from its module (`ruleSet.ts`).
 */
import type { RuleModule } from './RuleModule';
import { telemetry } from './telemetry';
import { audit } from './audit';
import { scopes } from './scopes';
import { requiredCapabilities } from './requiredCapabilities';
import { taskCapability } from './taskCapability';
import { paramHeaders } from './paramHeaders';
import { rateLimit } from './rateLimit';
import { concurrency } from './concurrency';
import { principalCalls } from './principalCalls';

/** The rule modules, in the order of the chain. */
export const RULE_MODULES = [telemetry, audit, scopes, requiredCapabilities, taskCapability, paramHeaders, rateLimit, concurrency, principalCalls] as const satisfies readonly RuleModule<object, object>[];
