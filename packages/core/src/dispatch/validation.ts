/**
 * Argument validation, compiled once per tool from its declared schema: each Type becomes a
 * check function, and a tool becomes a plan that maps named arguments to positions and reports
 * the first problem with the argument's path ("argument \"pos.x\": expected number, got null").
 * A tool declared with a Standard Schema (zod, valibot, arktype …) is validated by the schema's
 * own `~standard.validate` instead: its one positional argument is the schema's output.
 */
import type { Type } from '../schema/Type';
import { ObjectType } from '../schema/ObjectType';
import { ArrayType } from '../schema/ArrayType';
import { EnumType } from '../schema/EnumType';
import { NullableType } from '../schema/NullableType';
import type { Tool } from '../declaration/Tool';
import { describe as jsonKind } from '../schema/Property';
import { isObject as isPlainObject, isThenable } from '../guards';
import { issuesMessage } from '../schema/StandardSchema';
import type { StandardResult, StandardSchemaV1 } from '../schema/StandardSchema';

/** Returns a problem description for `value` at `path`, or `undefined` when it is acceptable. */
export type Check = (value: unknown, path: string) => string | undefined;

/** A tool compiled for calls: argument names → positions, checks, required flags. */
export interface ToolPlan {
  readonly tool: Tool;
  /** Number of declared parameters (the call context goes after them). */
  readonly arity: number;
  /**
   * Validates `args` and writes them into `positional` by parameter index.
   * @returns the first problem (a Standard Schema's: each), or `undefined` — a Promise of it
   * when the tool's Standard Schema validates asynchronously (or its validator threw: it rejects).
   */
  bind(args: Record<string, unknown>, positional: unknown[]): string | undefined | Promise<string | undefined>;
  /** The check of the tool's structured output, when it has one. */
  readonly output?: Check;
  /** A Standard Schema output: validates a result, giving the value to send or the problem. */
  readonly outputValue?: (value: unknown) => { readonly value: unknown } | string;
}

const ok = (): undefined => undefined;


/** What a checked value is called in messages: a tool's `argument`, or its `result`. */
type Noun = 'argument' | 'result';

/** `argument "pos.x"`, or for the root of a result just `result`. */
const at = (noun: Noun, path: string): string => (path === '' ? noun : `${noun} "${path}"`);

const expected = (what: string, value: unknown, path: string, noun: Noun = 'argument'): string => `${at(noun, path)}: expected ${what}, got ${jsonKind(value)}`;

const PRIMITIVE: Record<string, (v: unknown) => boolean> = {
  null: (v) => v === null,
  boolean: (v) => typeof v === 'boolean',
  integer: (v) => Number.isInteger(v),
  number: (v) => typeof v === 'number',
  string: (v) => typeof v === 'string',
  object: isPlainObject,
  array: Array.isArray,
};

/** Compiles the check for one schema type; `noun` names the value in messages. */
export function compileType(type: Type, noun: Noun = 'argument'): Check {
  if (type instanceof NullableType) {
    const inner = compileType(type.inner, noun);
    return (v, path) => (v === null ? undefined : inner(v, path));
  }
  if (type instanceof EnumType) {
    const values = new Set(type.values);
    const list = type.values.map((v) => JSON.stringify(v)).join(', ');
    return (v, path) =>
      typeof v === 'string' && values.has(v)
        ? undefined
        : `${at(noun, path)}: expected one of ${list}, got ${typeof v === 'string' ? JSON.stringify(v) : jsonKind(v)}`;
  }
  if (type instanceof ArrayType) {
    const items = compileType(type.items, noun);
    return (v, path) => {
      if (!Array.isArray(v)) return expected('array', v, path, noun);
      for (let i = 0; i < v.length; i++) {
        const problem = items(v[i], `${path}[${i}]`);
        if (problem) return problem;
      }
      return undefined;
    };
  }
  if (type instanceof ObjectType) {
    const members = compileMembers(type.properties, type.strict, noun);
    return (v, path) => (isPlainObject(v) ? members(v, path === '' ? '' : path + '.') : expected('object', v, path, noun));
  }
  const test = PRIMITIVE[type.typeId];
  return test ? (v, path) => (test(v) ? undefined : expected(type.typeId, v, path, noun)) : ok;
}

interface Member {
  readonly name: string;
  readonly required: boolean;
  readonly check: Check;
  /** An optional parameter whose type does not admit `null`: a `null` sent for it means "not given". */
  readonly nullIsAbsent?: boolean;
}

function compileMembers(
  properties: readonly { name: string; type: Type; required: boolean }[],
  strict: boolean,
  noun: Noun,
): (v: Record<string, unknown>, prefix: string) => string | undefined {
  const members: Member[] = properties.map((p) => ({ name: p.name, required: p.required, check: compileType(p.type, noun) }));
  const known = new Set(members.map((m) => m.name));
  return (v, prefix) => {
    for (const m of members) {
      const value = v[m.name];
      if (value === undefined || !Object.prototype.hasOwnProperty.call(v, m.name)) {
        if (m.required) return `missing required ${noun} "${prefix}${m.name}"`;
        continue;
      }
      const problem = m.check(value, prefix + m.name);
      if (problem) return problem;
    }
    if (strict) for (const key in v) if (!known.has(key)) return `unknown ${noun} "${prefix}${key}"`;
    return undefined;
  };
}

/** Compiles a tool: its declared parameters, its Standard Schema, or its raw input schema. */
export function compileTool(tool: Tool): ToolPlan {
  const standard = tool.standardInput;
  if (standard) return { tool, arity: 1, output: compileOutput(tool), outputValue: outputValueOf(tool), bind: (args, positional) => bindStandard(standard, args, positional) };
  const raw = tool.rawInputSchema;
  const params: Member[] = raw
    ? rawParams(raw)
    : tool.params.map((p) => ({ name: p.name, required: p.required, check: compileType(p.type), nullIsAbsent: !p.required && !admitsNull(p.type) }));
  const index = new Map<string, number>();
  params.forEach((p, i) => index.set(p.name, i));
  const arity = params.length;
  return {
    tool,
    arity,
    output: compileOutput(tool),
    outputValue: outputValueOf(tool),
    bind(args, positional) {
      for (const key in args) {
        const i = index.get(key);
        if (i === undefined) return `unknown argument "${key}"`;
        if (args[key] === null && params[i].nullIsAbsent) continue;
        const problem = params[i].check(args[key], key);
        if (problem) return problem;
        positional[i] = args[key];
      }
      for (let i = 0; i < arity; i++) {
        if (positional[i] === undefined && params[i].required) return `missing required argument "${params[i].name}"`;
      }
      return undefined;
    },
  };
}

/**
 * What is checked of a raw input schema: the names in `properties` (their order gives the
 * positions; names only in `required` come after them), `required`, and the JSON kind of
 * properties whose `type` is a plain kind name or a list of them. Nested keywords (`$ref`, `oneOf`, formats, ranges) are published, not enforced.
 */
function rawParams(schema: Record<string, unknown>): Member[] {
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
  const members: Member[] = Object.entries(properties).map(([name, sub]) => {
    const kinds = rawKinds(sub);
    return { name, required: required.has(name), check: rawCheck(kinds), nullIsAbsent: !required.has(name) && kinds !== undefined && !kinds.includes('null') };
  });
  // required names without a property still take a position (after the properties) and are checked
  for (const name of required) if (!(name in properties)) members.push({ name, required: true, check: ok });
  return members;
}

/** The kinds a raw schema's `type` names, when it is a kind name or a list of them; else `undefined` (not checked). */
function rawKinds(sub: unknown): string[] | undefined {
  const declared = isPlainObject(sub) ? sub.type : undefined;
  const kinds = (Array.isArray(declared) ? declared : [declared]).filter((k): k is string => typeof k === 'string' && k in PRIMITIVE);
  return kinds.length === 0 || kinds.length !== (Array.isArray(declared) ? declared.length : 1) ? undefined : kinds;
}

function rawCheck(kinds: string[] | undefined, noun: Noun = 'argument'): Check {
  if (!kinds) return ok;
  return (v, path) => (kinds.some((k) => PRIMITIVE[k](v)) ? undefined : expected(kinds.join(' or '), v, path, noun));
}

/** Whether a value of `type` may be `null`. */
function admitsNull(type: Type): boolean {
  return type instanceof NullableType || type.typeId === 'null';
}

/**
 * Compiles the check of a tool's structured output: its Type, or what is checked of a raw
 * schema (the root's kind; for an object root, `required` names and top-level property kinds).
 * `undefined` for a tool without structured output; none for a Standard Schema (see `outputValue`).
 */
export function compileOutput(tool: Tool): Check | undefined {
  const output = tool.output;
  if (!output) return undefined;
  if (output.type) return compileType(output.type, 'result');
  if (output.standard) return ok; // validated by the schema itself (outputValue)
  const schema = output.schema;
  const root = rawCheck(rawKinds(schema), 'result');
  if (!output.objectRoot) return root;
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  const members = Object.entries(properties).map(([name, sub]) => [name, rawCheck(rawKinds(sub), 'result')] as const);
  return (v, path) => {
    const problem = root(v, path);
    if (problem) return problem;
    if (!isPlainObject(v)) return expected('object', v, path, 'result');
    for (const name of required) if (!Object.prototype.hasOwnProperty.call(v, name)) return `missing required result "${name}"`;
    for (const [name, check] of members) {
      if (v[name] === undefined) continue;
      const memberProblem = check(v[name], name);
      if (memberProblem) return memberProblem;
    }
    return undefined;
  };
}

/** A Standard Schema output's validation of a result: the value to send (the schema's output), or the problem. */
function outputValueOf(tool: Tool): ToolPlan['outputValue'] {
  const schema = tool.output?.standard;
  return schema && ((value) => outputValue(schema, value));
}

/**
 * Validates `args` with a Standard Schema (a tool's input, a prompt's arguments) and writes its
 * output into `positional[0]`: the problem (each issue), or `undefined` — a Promise of either
 * when the schema validates asynchronously (rejected when its validator threw).
 */
export function bindStandard(schema: StandardSchemaV1, args: Record<string, unknown>, positional: unknown[]): string | undefined | Promise<string | undefined> {
  let result: StandardResult<unknown> | Promise<StandardResult<unknown>>;
  try {
    result = schema['~standard'].validate(args);
  } catch (error) {
    return Promise.reject(error as Error);
  }
  if (!isThenable(result)) return take(result, positional);
  return Promise.resolve(result).then((settled) => take(settled, positional));
}

function take(result: StandardResult<unknown>, positional: unknown[]): string | undefined {
  if (result.issues) return issuesMessage(result.issues, 'arguments', 'argument');
  positional[0] = result.value;
  return undefined;
}

function outputValue(schema: StandardSchemaV1, value: unknown): { readonly value: unknown } | string {
  let result: StandardResult<unknown> | Promise<StandardResult<unknown>>;
  try {
    result = schema['~standard'].validate(value);
  } catch (error) {
    return `its output schema threw: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (isThenable(result)) {
    Promise.resolve(result).catch(() => undefined);
    return 'its output schema validated asynchronously (returned a Promise); an output schema must validate synchronously';
  }
  return result.issues ? issuesMessage(result.issues, 'result', 'result') : { value: result.value };
}
