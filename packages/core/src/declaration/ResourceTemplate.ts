/**
 * ResourceTemplate: a family of resources named by an RFC 6570 level-1 URI template
 * (`test://notes/{id}`). A read of a URI that matches it calls the procedure registered for the
 * template (`defs.registerResource`) with the variables in template order — each converted to
 * its declared type like a tool argument (a string unless {@link ResourceTemplate.setVariable}
 * says otherwise) — then the call context.
 *
 * A variable's value is percent-decoded before the procedure sees it: `..%2F..%2Fetc%2Fpasswd`
 * decodes to `../../etc/passwd`. So that such a value cannot walk out of a directory or a key
 * space, a decoded value holding `/`, `\`, `..` or NUL is refused (-32602) unless
 * {@link ResourceTemplate.allowAnyValue} lets that variable take it.
 */
import { brand } from '../brand';
import type { Type } from '../schema/Type';
import { checkPropertyArgs } from '../schema/Property';
import { EnumType } from '../schema/EnumType';
import type { ProtocolProfile } from '../protocol/profile';
import { ResourceEntry } from './ResourceEntry';
import type { ResourceEntryFields } from './ResourceEntry';
import { parseUriTemplate } from './uriTemplate';
import type { UriTemplate } from './uriTemplate';
import { checkCompletionFn } from './completion';
import type { CompletionFn } from './completion';

/** The `resources/templates/list` entry of a template. */
export interface ResourceTemplateListEntry extends ResourceEntryFields {
  uriTemplate: string;
}

/** The declared type of a template variable. */
interface Variable {
  readonly type?: Type;
  readonly description?: string;
}

/** A resource template of a {@link ToolDeclaration}. */
export class ResourceTemplate extends ResourceEntry {
  /** The parsed template. */
  readonly template: UriTemplate;
  private readonly types = new Map<string, Variable>();
  /** The variables whose decoded values may hold path separators, `..` and NUL. */
  private readonly unchecked = new Set<string>();
  private readonly completions = new Map<string, CompletionFn>();

  /** @internal created by `ToolDeclaration.addResourceTemplate`. */
  constructor(uriTemplate: string, name: string) {
    super(name, `ResourceTemplate "${uriTemplate}"`);
    this.template = parseUriTemplate(`addResourceTemplate "${uriTemplate}"`, uriTemplate);
  }

  /** The template text. */
  get uriTemplate(): string {
    return this.template.text;
  }

  /** @internal Its template text: what its collection finds it by. */
  get key(): string {
    return this.template.text;
  }

  /** The variable names in template order (the procedure's positional arguments). */
  get variables(): readonly string[] {
    return this.template.variables;
  }

  /**
   * Types a variable: `integerType()`, `numberType()`, `booleanType()`, an `EnumType` or
   * `stringType()` (the default). A URI whose variable does not convert is answered -32602.
   * @example decl.addResourceTemplate('test://notes/{id}', 'note').setVariable('id', integerType())
   */
  setVariable(name: string, type: Type, description?: string): this {
    checkPropertyArgs(`ResourceTemplate "${this.uriTemplate}" setVariable`, name, type, description);
    if (!this.variables.includes(name)) throw new RangeError(`ResourceTemplate "${this.uriTemplate}" setVariable: the template has no variable "${name}" (it has: ${this.variables.join(', ') || 'none'})`);
    if (!['string', 'integer', 'number', 'boolean'].includes(type.typeId)) throw new TypeError(`ResourceTemplate "${this.uriTemplate}" setVariable "${name}": only string, integer, number, boolean and enum types`);
    this.types.set(name, { type, description });
    return this;
  }

  /**
   * Lets variable `name` receive any decoded value. By default a value that, once
   * percent-decoded, holds `/`, `\`, `..` or NUL is refused with -32602 before the procedure runs,
   * because a value built into a file path or a storage key would otherwise reach outside it
   * (`..%2F..%2Fetc%2Fpasswd` decodes to `../../etc/passwd`). Call this for a variable whose
   * procedure checks such values itself (or never builds paths or keys from it).
   * @example decl.addResourceTemplate('test://search/{query}', 'search').allowAnyValue('query')
   */
  allowAnyValue(name: string): this {
    if (!this.variables.includes(name)) throw new RangeError(`ResourceTemplate "${this.uriTemplate}" allowAnyValue: the template has no variable "${name}" (it has: ${this.variables.join(', ') || 'none'})`);
    this.unchecked.add(name);
    return this;
  }

  /**
   * Completes variable `name` as the user types (`completion/complete` with `ref/resource`
   * naming this template): `fn(value, { arguments, ctx })` returns the candidate values (at most
   * 100 are sent; more set `hasMore`) or `{ values, total?, hasMore? }`, or a Promise of either.
   * Declaring one advertises the `completions` capability.
   * @example decl.addResourceTemplate('test://notes/{id}', 'note').setCompletion('id', (value) => ids.filter((id) => id.startsWith(value)))
   */
  setCompletion(name: string, fn: CompletionFn): this {
    const what = `ResourceTemplate "${this.uriTemplate}" setCompletion`;
    if (!this.variables.includes(name)) throw new RangeError(`${what}: the template has no variable "${name}" (it has: ${this.variables.join(', ') || 'none'})`);
    this.completions.set(name, checkCompletionFn(`${what} "${name}"`, fn));
    this.changed();
    return this;
  }

  /** Whether any variable has a completion function. */
  get hasCompletions(): boolean {
    return this.completions.size > 0;
  }

  /** The completion function of variable `name`, or `undefined`. */
  completionOf(name: string): CompletionFn | undefined {
    return this.completions.get(name);
  }

  /**
   * @internal The positional arguments for `uri` (variables converted), a string naming the
   * variable that does not convert, or `undefined` when `uri` does not match.
   */
  bind(uri: string): unknown[] | string | undefined {
    const values = this.template.match(uri);
    if (!values) return undefined;
    const args: unknown[] = [];
    for (const name of this.variables) {
      if (!this.unchecked.has(name) && UNSAFE_VALUE.test(values[name])) return `variable "${name}": a decoded value may not hold "/", "\\", ".." or NUL (allowAnyValue("${name}") lets it)`;
      const converted = convert(values[name], this.types.get(name)?.type);
      if (converted === INVALID) return `variable "${name}": expected ${this.types.get(name)?.type?.typeId ?? 'string'}, got ${JSON.stringify(values[name])}`;
      args.push(converted);
    }
    return args;
  }

  /** @internal This template's `resources/templates/list` entry with the fields `profile`'s version defines. */
  toListEntry(profile: ProtocolProfile): ResourceTemplateListEntry {
    return { uriTemplate: this.uriTemplate, ...this.entryFields(profile) };
  }
}

const INVALID = Symbol('invalid');

/** What a decoded value may not hold unless its variable allows any value: a path separator, a parent-directory step, NUL. */
const UNSAFE_VALUE = /[/\\\0]|\.\./;

function convert(text: string, type: Type | undefined): unknown {
  switch (type?.typeId) {
    case undefined:
      return text;
    case 'integer':
      return /^-?(0|[1-9]\d{0,15})$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : INVALID;
    case 'number':
      return /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(text) ? Number(text) : INVALID;
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : INVALID;
    default:
      return type instanceof EnumType && !type.values.includes(text) ? INVALID : text;
  }
}

brand(ResourceTemplate, 'ResourceTemplate');
