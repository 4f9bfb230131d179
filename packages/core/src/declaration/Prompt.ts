/**
 * Prompt: one prompt of a ToolDeclaration — a name, a description, ordered string arguments
 * (required by default, as a tool's parameters are), the metadata hosts read (title, icons,
 * `_meta`), the OAuth scopes a `prompts/get` needs and the completion functions of its
 * arguments. The arguments come from `addArgument` calls, or from a Standard Schema given as
 * `addPrompt(name, description, { arguments })` (read by promptArguments; it then validates
 * them). Prompts come from `ToolDeclaration.addPrompt()`; `prompts/get` runs the procedure
 * registered with `defs.registerPrompt`. It is also what a `prompts/get` acts on (its target).
 *
 * The type parameter records the arguments for the compiler: `A` maps each declared argument's
 * name to `string` (optional ones optional); `ServiceDefinition.registerPrompt` types the
 * procedure's `args` from it (with a schema: its output type).
 */
import { CatalogEntry } from './CatalogEntry';
import { describe } from '../schema/Property';
import type { ProtocolProfile } from '../protocol/profile';
import { brand } from '../brand';
import { scopeList } from '../auth/scopes';
import { checkIcons, checkText, copyJsonObject } from './metadata';
import type { Icon, JsonObject } from './metadata';
import { checkCompletionFn } from './completion';
import type { CompletionFn } from './completion';
import type { StandardSchemaV1 } from '../schema/StandardSchema';

/** One declared argument of a prompt. */
export interface PromptArgument {
  readonly name: string;
  readonly description?: string;
  readonly required: boolean;
}

/** The `prompts/list` entry of a prompt. */
export interface PromptListEntry {
  name: string;
  title?: string;
  description?: string;
  arguments?: { name: string; description?: string; required?: boolean }[];
  icons?: Icon[];
  _meta?: JsonObject;
}

/** Options of {@link Prompt.addArgument}. */
export interface PromptArgumentOptions<R extends boolean = boolean> {
  /** Whether a `prompts/get` must give it (default `true`): without it the request is answered -32602. */
  required?: R;
}

/** `A` with string argument `N` added (optional unless `R` is `true`). */
export type WithArgument<A, N extends string, R extends boolean> = A & (R extends false ? { [K in N]?: string } : { [K in N]: string });

/** @internal What an argument name may be. */
export const ARGUMENT_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/** A prompt of a {@link ToolDeclaration}. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export class Prompt<A extends object = {}> extends CatalogEntry {
  private readonly _arguments: PromptArgument[] = [];
  private _title?: string;
  private _icons?: readonly Icon[];
  private _meta?: JsonObject;
  private _scopes: readonly string[] = [];
  private readonly completions = new Map<string, CompletionFn>();
  private readonly _schema?: StandardSchemaV1;
  /** Only for the compiler: the arguments' types. */
  declare readonly argumentTypes?: A;

  /** @internal created by `ToolDeclaration.addPrompt`. */
  constructor(
    /** The name `prompts/get` asks for. */
    readonly name: string,
    /** The description (`''`: none is published). */
    readonly description: string,
    /** The `{ arguments }` Standard Schema and the arguments read from its JSON Schema, if given. */
    declared?: { readonly schema: StandardSchemaV1; readonly arguments: readonly PromptArgument[] },
  ) {
    super();
    if (declared) {
      this._schema = declared.schema;
      this._arguments.push(...declared.arguments);
    }
  }

  /** @internal Its name: what its collection finds it by. */
  get key(): string {
    return this.name;
  }

  /** What a prompts/get acts on: a prompt (the kind of a request's target). */
  get kind(): 'prompt' {
    return 'prompt';
  }

  /** The declared arguments, in order. */
  get arguments(): readonly PromptArgument[] {
    return this._arguments;
  }

  /** The Standard Schema given as `addPrompt(name, description, { arguments })`, if any: it validates a `prompts/get`'s arguments. */
  get argumentsSchema(): StandardSchemaV1 | undefined {
    return this._schema;
  }

  /** The human-readable title, if set. */
  get title(): string | undefined {
    return this._title;
  }

  /** The OAuth scopes a `prompts/get` needs (see {@link setScopes}); empty when none. */
  override get scopes(): readonly string[] {
    return this._scopes;
  }

  /** Whether any argument has a completion function. */
  get hasCompletions(): boolean {
    return this.completions.size > 0;
  }

  /** The completion function of argument `name`, or `undefined`. */
  completionOf(name: string): CompletionFn | undefined {
    return this.completions.get(name);
  }

  /**
   * Declares a string argument. Required by default: a `prompts/get` without it is answered
   * -32602; `{ required: false }` makes it optional (then `args.name` may be `undefined`).
   * @example decl.addPrompt('review', 'Review code').addArgument('code', 'The code').addArgument('style', 'A style guide', { required: false })
   */
  addArgument<N extends string, R extends boolean = true>(name: N, description?: string, options: PromptArgumentOptions<R> = {}): Prompt<WithArgument<A, N, R>> {
    const what = `Prompt "${this.name}" addArgument`;
    if (this._schema) throw new TypeError(`${what}: cannot be combined with addPrompt's { arguments } schema (declare every argument in the schema)`);
    if (typeof name !== 'string' || !ARGUMENT_NAME.test(name)) throw new TypeError(`${what}: expected an argument name of 1-64 characters A-Z a-z 0-9 _ - ., got ${typeof name === 'string' ? JSON.stringify(name) : describe(name)}`);
    if (this._arguments.some((a) => a.name === name)) throw new RangeError(`${what}: duplicate argument "${name}"`);
    if (description !== undefined && typeof description !== 'string') throw new TypeError(`${what} "${name}": expected a string description, got ${describe(description)}`);
    if (typeof options !== 'object' || options === null) throw new TypeError(`${what} "${name}": expected options { required? }, got ${describe(options)}`);
    const unknown = Object.keys(options).find((key) => key !== 'required');
    if (unknown !== undefined) throw new TypeError(`${what} "${name}": unknown option "${unknown}" (known: required)`);
    if (options.required !== undefined && typeof options.required !== 'boolean') throw new TypeError(`${what} "${name}": expected required to be a boolean, got ${describe(options.required)}`);
    this._arguments.push(Object.freeze({ name, description: description || undefined, required: options.required !== false }));
    this.changed();
    return this as unknown as Prompt<WithArgument<A, N, R>>;
  }

  /** Sets the human-readable title (`title`, 2025-06-18 on). */
  setTitle(title: string): this {
    this._title = checkText(`Prompt "${this.name}" setTitle`, title);
    this.changed();
    return this;
  }

  /** Sets the icons (`icons`, 2025-11-25 on). */
  setIcons(icons: readonly Icon[]): this {
    this._icons = checkIcons(`Prompt "${this.name}" setIcons`, icons);
    this.changed();
    return this;
  }

  /** Sets `_meta` of its list entry (2025-06-18 on), copied. */
  setMeta(meta: JsonObject): this {
    this._meta = copyJsonObject(`Prompt "${this.name}" setMeta`, meta);
    this.changed();
    return this;
  }

  /**
   * Sets the OAuth scopes a `prompts/get` needs, all of them: on an endpoint with the `auth`
   * option a token without them is answered 403 `insufficient_scope` before the procedure runs,
   * and `prompts/list` leaves the prompt out with `auth.listOnlyPermittedTools`. Not published.
   * Changing the scopes of a listed prompt emits one `listChanged` for the callers who could list
   * it before or can now; set right after `addPrompt`, they are the addition's.
   * @example decl.addPrompt('incident', 'Draft an incident report').setScopes(['ops'])
   */
  setScopes(scopes: readonly string[]): this {
    if (!Array.isArray(scopes)) throw new TypeError(`Prompt "${this.name}" setScopes: expected an array of scope strings, got ${describe(scopes)}`);
    const list = scopeList(scopes);
    if (typeof list === 'number') throw new TypeError(`Prompt "${this.name}" setScopes: expected scopes[${list}] to be a scope, got ${describe(scopes[list])}`);
    const previous = this._scopes;
    this._scopes = list;
    this.changed();
    this.scopesChanged(previous);
    return this;
  }

  /**
   * Completes argument `name` as the user types (`completion/complete` with `ref/prompt`):
   * `fn(value, { arguments, ctx })` returns the candidate values (at most 100 are sent; more set
   * `hasMore`) or `{ values, total?, hasMore? }`, or a Promise of either. Declaring one
   * advertises the `completions` capability.
   * @example prompt.setCompletion('language', (value) => ['python', 'typescript'].filter((l) => l.startsWith(value)))
   */
  setCompletion(name: keyof A & string, fn: CompletionFn): this {
    const what = `Prompt "${this.name}" setCompletion`;
    if (!this._arguments.some((a) => a.name === name)) throw new RangeError(`${what}: the prompt has no argument ${JSON.stringify(name)} (it has: ${this._arguments.map((a) => a.name).join(', ') || 'none'})`);
    this.completions.set(name, checkCompletionFn(`${what} "${name}"`, fn));
    this.changed();
    return this;
  }

  /** @internal This prompt's `prompts/list` entry with the fields `profile`'s version defines. */
  toListEntry(profile: ProtocolProfile): PromptListEntry {
    const entry: PromptListEntry = { name: this.name };
    if (this._title !== undefined && profile.titles) entry.title = this._title;
    if (this.description) entry.description = this.description;
    if (this._arguments.length) {
      entry.arguments = this._arguments.map((a) => {
        const out: { name: string; description?: string; required?: boolean } = { name: a.name };
        if (a.description !== undefined) out.description = a.description;
        out.required = a.required;
        return out;
      });
    }
    if (this._icons && profile.icons) entry.icons = this._icons.map((icon) => ({ ...icon }));
    if (this._meta && profile.resourceLinks) entry._meta = this._meta;
    return entry;
  }
}

brand(Prompt, 'Prompt');
