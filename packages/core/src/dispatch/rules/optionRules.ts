/**
 * optionRules: the chain of a dispatcher whose options add rules — telemetry outermost (its span
 * covers everything), then the audit (it sees every refusal), then the default rules with the rate
 * limit placed before the server's busy checks (a request the caller may not make, or cannot
 * make, costs no quota; one over its quota is told so before it is told the server is busy).
 */
import type { DispatcherOptions } from '../setup';
import type { ErrorPolicy } from '../errorPolicy';
import { resolveRateLimit } from '../../governance/RateLimitOptions';
import { DEFAULT_RULES } from './chain';
import { auditRule } from './audit';
import { rateLimitRule } from './rateLimit';
import type { Rule } from './Rule';
import { telemetryRule } from './telemetry';

/** The rules of a dispatcher with `options`, in order. */
export function rulesFor(options: DispatcherOptions, policy: ErrorPolicy): readonly Rule[] {
  if (!options.telemetry && !options.audit && !options.rateLimit) return DEFAULT_RULES;
  const rules: Rule[] = [];
  if (options.telemetry) rules.push(telemetryRule(options.telemetry));
  if (options.audit) rules.push(auditRule(options.audit, (error) => policy.report(error, {})));
  for (const rule of DEFAULT_RULES) {
    if (rule.name === 'concurrency' && options.rateLimit) rules.push(rateLimitRule(resolveRateLimit(options.rateLimit)));
    rules.push(rule);
  }
  return rules;
}
