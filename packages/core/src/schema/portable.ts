/**
 * portable: the rules of the `'portable'` schema dialect, checked of the raw schemas a
 * declaration publishes verbatim (`setInputSchema`, `setOutputSchema`). Hosts and model
 * providers reject some valid JSON Schema — Gemini refuses a session over one `type` array,
 * MCP Inspector's `--strict` flags the same — so, under `schemaDialect: 'portable'`, a raw schema
 * holding one of these is named once on stderr when serving starts (it is still published as
 * given: toolwire does not rewrite a schema the user wrote; `declaration/unportableSchemas`
 * names them). A schema a Standard Schema library wrote is rewritten where the rules allow
 * ({@link publishedSchema}), and what is left is named the same way.
 *
 * The rules: no `type` array; no bare `true`/`false` where a schema is expected; no `$ref`
 * outside the document (not starting with `#`); no schema without a validation keyword (`{}`).
 */
import type { JsonSchema, SchemaDialect } from './Type';

/** Keywords whose value is one schema. */
const SCHEMA_KEYWORDS = ['items', 'contains', 'not', 'propertyNames', 'if', 'then', 'else', 'additionalProperties', 'unevaluatedProperties', 'additionalItems', 'unevaluatedItems', 'contentSchema'];
/** Keywords whose value is a list of schemas. */
const LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
/** Keywords whose value maps names to schemas. */
const MAP_KEYWORDS = ['properties', 'patternProperties', 'dependentSchemas', 'dependencies', '$defs', 'definitions'];
/** Keywords where `true`/`false` is a usual flag (`additionalProperties: false` closes an object), not a stray schema. */
const BOOLEAN_VALUED = new Set(['additionalProperties', 'unevaluatedProperties', 'additionalItems', 'unevaluatedItems']);
/**
 * Keywords that constrain a value; a node with none accepts anything (like a bare `true`).
 * `if`/`then`/`else` constrain only as a pair.
 */
const CONSTRAINING = new Set([
  'type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength',
  'pattern', 'format', 'contentMediaType', 'contentEncoding', 'contentSchema', 'maxItems', 'minItems', 'uniqueItems',
  'maxContains', 'minContains', 'maxProperties', 'minProperties', 'required', 'dependentRequired', 'allOf', 'anyOf', 'oneOf',
  'not', 'items', 'prefixItems', 'contains', 'additionalItems', 'unevaluatedItems', 'properties', 'patternProperties',
  'additionalProperties', 'unevaluatedProperties', 'propertyNames', 'dependentSchemas', 'dependencies', '$ref', '$dynamicRef', '$recursiveRef',
]);
const KINDS = new Set(['null', 'boolean', 'object', 'array', 'number', 'string', 'integer']);
const MAX_DEPTH = 64;

/**
 * The places in `schema` (as JSON Pointers) that the portable rules reject, each with its rule:
 * `a type array`, `a boolean schema`, `a remote $ref` (unless the schema embeds `$id`s),
 * `an untyped schema`. The rules are MCP Inspector 2.12's `--strict` schema lints.
 */
export function portableSchemaProblems(schema: unknown): string[] {
  const problems: string[] = [];
  visit(schema, '', undefined, 0, embedsIds(schema, 0), problems);
  return problems;
}

function isObject(node: unknown): node is JsonSchema {
  return typeof node === 'object' && node !== null && !Array.isArray(node);
}

/** Calls `each` with every direct subschema of `node`, its place and the keyword holding it. */
function children(node: JsonSchema, at: string, each: (child: unknown, at: string, keyword: string) => void): void {
  for (const key of MAP_KEYWORDS) {
    const map = node[key];
    if (isObject(map)) for (const [name, child] of Object.entries(map)) each(child, `${at}/${key}/${pointer(name)}`, key);
  }
  for (const key of LIST_KEYWORDS) {
    const list = node[key];
    if (Array.isArray(list)) list.forEach((child, i) => each(child, `${at}/${key}/${i}`, key));
  }
  for (const key of SCHEMA_KEYWORDS) {
    if (!(key in node)) continue;
    const value = node[key];
    if (key === 'items' && Array.isArray(value)) value.forEach((child, i) => each(child, `${at}/items/${i}`, key));
    else each(value, `${at}/${key}`, key);
  }
}

function embedsIds(node: unknown, depth: number): boolean {
  if (depth > MAX_DEPTH || !isObject(node)) return false;
  if (typeof node.$id === 'string' && node.$id !== '') return true;
  let found = false;
  children(node, '', (child) => (found ||= embedsIds(child, depth + 1)));
  return found;
}

function visit(node: unknown, at: string, keyword: string | undefined, depth: number, embedded: boolean, problems: string[]): void {
  if (depth > MAX_DEPTH) return;
  if (typeof node === 'boolean') {
    if (keyword === undefined || !BOOLEAN_VALUED.has(keyword)) problems.push(`a boolean schema at ${at || '/'}`);
    return;
  }
  if (!isObject(node)) return;
  const type = node.type;
  if (Array.isArray(type) && type.length > 0 && type.every((t) => KINDS.has(t as string)) && new Set(type).size === type.length) {
    problems.push(`a type array at ${at}/type`);
  }
  if (typeof node.$ref === 'string' && node.$ref !== '' && !node.$ref.startsWith('#') && !embedded) problems.push(`a remote $ref at ${at}/$ref`);
  const constrains = Object.keys(node).some((key) => CONSTRAINING.has(key)) || ('if' in node && ('then' in node || 'else' in node));
  if (!constrains && keyword !== 'not') problems.push(`an untyped schema at ${at || '/'}`);
  children(node, at, (child, childAt, childKeyword) => visit(child, childAt, childKeyword, depth + 1, embedded, problems));
}

function pointer(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * A copy of a schema toolwire publishes from a schema library (Standard JSON Schema), written
 * for hosts: without the root `$schema` (toolwire writes none), and under `'portable'` with each
 * `type` array as an `anyOf` of single types and each stray `true`/`false` schema as `{}` /
 * `{"not":{}}`. What is still not portable is named on stderr as for raw schemas.
 */
export function publishedSchema(schema: JsonSchema, dialect: SchemaDialect): JsonSchema {
  const copy = JSON.parse(JSON.stringify(schema)) as JsonSchema;
  delete copy.$schema;
  return dialect === 'portable' ? (rewrite(copy, undefined, 0) as JsonSchema) : copy;
}

function rewrite(node: unknown, keyword: string | undefined, depth: number): unknown {
  if (depth > MAX_DEPTH) return node;
  if (typeof node === 'boolean') return keyword !== undefined && BOOLEAN_VALUED.has(keyword) ? node : node ? {} : { not: {} };
  if (!isObject(node)) return node;
  for (const key of MAP_KEYWORDS) {
    const map = node[key];
    if (isObject(map)) for (const name of Object.keys(map)) map[name] = rewrite(map[name], key, depth + 1);
  }
  for (const key of LIST_KEYWORDS) {
    const list = node[key];
    if (Array.isArray(list)) list.forEach((child, i) => (list[i] = rewrite(child, key, depth + 1)));
  }
  for (const key of SCHEMA_KEYWORDS) {
    if (!(key in node)) continue;
    const value = node[key];
    node[key] = key === 'items' && Array.isArray(value) ? value.map((child) => rewrite(child, key, depth + 1)) : rewrite(value, key, depth + 1);
  }
  const type = node.type;
  if (!Array.isArray(type) || type.length === 0) return node;
  // {"type":["string","null"],"minLength":1} → {"minLength":1,"anyOf":[{"type":"string"},{"type":"null"}]}: a kind's keywords apply only to values of it anyway
  delete node.type;
  const branches = { anyOf: type.map((kind: unknown) => ({ type: kind })) };
  if (Array.isArray(node.anyOf)) node.allOf = [...(Array.isArray(node.allOf) ? node.allOf : []), branches];
  else node.anyOf = branches.anyOf;
  return node;
}
