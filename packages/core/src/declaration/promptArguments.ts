/**
 * promptArguments: the declared arguments of a prompt whose arguments are a Standard Schema
 * (`decl.addPrompt(name, description, { arguments: schema })`), read from the schema's Standard
 * JSON Schema once, at declaration: each property of its object root is one argument (its
 * `description`, required when `required` names it). Prompt arguments are strings on the wire, so
 * a root that is not an object, a property that is not a string (`type: "string"`, or an `enum`
 * / `const` of strings) or a schema without JSON Schema is a TypeError.
 */
import { isStandardSchema, standardJsonSchema } from '../schema/StandardSchema';
import type { StandardSchemaV1 } from '../schema/StandardSchema';
import type { JsonSchema } from '../schema/Type';
import { copyJsonObject } from './metadata';
import { describe } from '../schema/Property';
import { ARGUMENT_NAME } from './Prompt';
import type { PromptArgument } from './Prompt';

/** Options of `ToolDeclaration.addPrompt`. */
export interface PromptOptions<S extends StandardSchemaV1 = StandardSchemaV1> {
  /**
   * The arguments as a Standard Schema of an object of strings (zod 4, valibot 1, arktype 2 …):
   * the listed arguments come from its JSON Schema, `prompts/get` validates with it and the
   * procedure receives its output.
   */
  arguments: S;
  /**
   * The JSON Schema to read the arguments from, for a schema library without Standard JSON
   * Schema (or to list others); by default it comes from `~standard.jsonSchema` (draft 2020-12).
   */
  jsonSchema?: JsonSchema;
}

/** Whether JSON Schema `node` describes strings only. */
function isStringSchema(node: unknown): boolean {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return false;
  const { type, enum: values, const: constant } = node as Record<string, unknown>;
  if (type !== undefined) return type === 'string';
  if (Array.isArray(values)) return values.length > 0 && values.every((value) => typeof value === 'string');
  return typeof constant === 'string';
}

/**
 * The checked options of `addPrompt` (`what` names the prompt in messages) and the arguments
 * their schema declares; `undefined` without options.
 * @throws TypeError for options that are not `{ arguments }`, a value that is not a Standard
 * Schema, one without JSON Schema, a root that is not an object or a property that is not a string.
 */
export function schemaArguments(what: string, options: unknown): { schema: StandardSchemaV1; arguments: PromptArgument[] } | undefined {
  if (options === undefined) return undefined;
  if (typeof options !== 'object' || options === null) throw new TypeError(`${what}: expected options { arguments }, got ${describe(options)}`);
  const unknown = Object.keys(options).find((key) => key !== 'arguments' && key !== 'jsonSchema');
  if (unknown !== undefined) throw new TypeError(`${what}: unknown option "${unknown}" (known: arguments, jsonSchema)`);
  const { arguments: schema, jsonSchema } = options as { arguments?: unknown; jsonSchema?: unknown };
  if (!isStandardSchema(schema)) throw new TypeError(`${what}: expected arguments to be a Standard Schema (a zod, valibot or arktype object schema …), got ${describe(schema)}`);
  const json = jsonSchema !== undefined ? (copyJsonObject(`${what} jsonSchema`, jsonSchema) as JsonSchema) : standardJsonSchema(schema, 'input');
  if (typeof json === 'string') {
    throw new TypeError(
      `${what}: no JSON Schema to read the arguments from: ${json}. Pass one as { arguments, jsonSchema }, or give a schema with Standard JSON Schema (valibot: toStandardJsonSchema(schema) from @valibot/to-json-schema)`,
    );
  }
  if (json.type !== 'object') throw new TypeError(`${what}: the arguments must be an object schema (z.object, v.object, type({ … })), got one with "type": ${JSON.stringify(json.type ?? null)}`);
  const properties = (typeof json.properties === 'object' && json.properties !== null ? json.properties : {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(json.required) ? (json.required as unknown[]) : []);
  const list: PromptArgument[] = [];
  for (const [name, property] of Object.entries(properties)) {
    if (!ARGUMENT_NAME.test(name)) throw new TypeError(`${what}: expected argument names of 1-64 characters A-Z a-z 0-9 _ - ., got ${JSON.stringify(name)}`);
    if (!isStringSchema(property)) throw new TypeError(`${what}: prompt arguments are strings, but argument "${name}" has the JSON Schema ${JSON.stringify(property)}`);
    const description = (property as { description?: unknown }).description;
    list.push(Object.freeze({ name, description: typeof description === 'string' && description ? description : undefined, required: required.has(name) }));
  }
  return { schema, arguments: list };
}
