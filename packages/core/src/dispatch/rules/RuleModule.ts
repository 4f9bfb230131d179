/**
 * RuleModule: what a rule's module states about it for the dispatcher's options — the options it
 * takes (their names and checks, run when the dispatcher is made), the limits among them with
 * their defaults, and how its {@link Rule} is made: a fixed rule, or one made from the options
 * when one of them is set (or none: an option rule such as telemetry is in the chain only when
 * asked for). The ordered list of modules (`registry.ts`) is the only place a rule is listed;
 * the option checks, the known option names, the options type and the chain derive from it.
 */
import type { ErrorPolicy } from '../errorPolicy';
import type { Rule } from './Rule';

/**
 * The check of one option's value (never run on `undefined`). `expected` and `ok`: refused as
 * "option NAME: expected EXPECTED, got VALUE"; `problem`: the check words its own message, what
 * follows "option NAME: expected ", or `undefined` when the value is acceptable.
 */
export type OptionCheck = { readonly expected: string; readonly ok: (value: unknown) => boolean } | { readonly problem: (value: unknown) => string | undefined };

/** A rule's module: `O` is its options (a part of the dispatcher's), `L` the limits among them, with defaults. */
export interface RuleModule<O extends object = object, L extends object = Record<never, never>> {
  /** The rule's name (its {@link Rule.name}). */
  readonly name: string;
  /** Its options, each with its check. */
  readonly options: { readonly [K in keyof O]-?: OptionCheck };
  /** Its limits' defaults (part of `DEFAULT_LIMITS`). */
  readonly limits?: L;
  /** Its rule in a dispatcher whose options set none of its options (`undefined`: none then). */
  readonly rule?: Rule;
  /**
   * Its rule in a dispatcher whose options set one of its options, made once when the dispatcher
   * is made (`undefined`: none). Absent: `rule`, whatever the options.
   */
  make?(options: O, policy: ErrorPolicy): Rule | undefined;
}

/** The options of a list of rule modules, as one type. */
export type OptionsOf<M extends readonly RuleModule<object, object>[]> = Intersection<M[number] extends infer E ? (E extends RuleModule<infer O, object> ? O : never) : never>;

/** The limits of a list of rule modules, as one type. */
export type LimitsOf<M extends readonly RuleModule<object, object>[]> = Intersection<M[number] extends infer E ? (E extends RuleModule<object, infer L> ? Readonly<L> : never) : never>;

/** The intersection of the members of union `U`. */
type Intersection<U> = (U extends unknown ? (member: U) => void : never) extends (member: infer I) => void ? I : never;

/** The module of a rule that takes no options: the same rule in every dispatcher. */
export function fixedRule(rule: Rule): RuleModule {
  return { name: rule.name, options: {}, rule };
}
