/**
 * ruleSet: what the registry's rule modules make together — the checks and names of their
 * options (the dispatcher's setup checks them with its own), the options as one type, and the
 * chain of a dispatcher: the frozen default one when its options set none of the rules' options
 * (so most dispatchers share it), else each module's rule, made once from the options.
 */
import type { ErrorPolicy } from '../errorPolicy';
import type { Rule } from './Rule';
import type { OptionCheck, OptionsOf, RuleModule } from './RuleModule';
import { RULE_MODULES } from './registry';

/** The options of the rules, as one type (part of `DispatcherOptions`). */
export type RuleOptions = OptionsOf<typeof RULE_MODULES>;

/** The modules, each seen as taking the dispatcher's options (a module reads its own of them). */
const MODULES: readonly RuleModule<object, object>[] = RULE_MODULES;

/** The checks of the rules' options, by option name. */
export const RULE_OPTION_CHECKS: Readonly<Record<string, OptionCheck>> = Object.freeze(Object.assign({}, ...MODULES.map((module) => module.options)) as Record<string, OptionCheck>);

/** The names of the rules' options, in the order of the chain. */
export const RULE_OPTION_NAMES: readonly string[] = Object.freeze(Object.keys(RULE_OPTION_CHECKS));

/** The rules of a dispatcher whose options set none of the rules' options, in order. */
export const DEFAULT_RULES: readonly Rule[] = Object.freeze(MODULES.flatMap((module) => (module.rule ? [module.rule] : [])));

/** The rules of a dispatcher with (checked) `options`, in order. */
export function rulesOf(options: RuleOptions, policy: ErrorPolicy): readonly Rule[] {
  const given = (module: RuleModule<object, object>): boolean => Object.keys(module.options).some((name) => (options as Record<string, unknown>)[name] !== undefined);
  if (!MODULES.some(given)) return DEFAULT_RULES;
  const rules: Rule[] = [];
  for (const module of MODULES) {
    const rule = module.make && given(module) ? module.make(options, policy) : module.rule;
    if (rule) rules.push(rule);
  }
  return rules;
}
