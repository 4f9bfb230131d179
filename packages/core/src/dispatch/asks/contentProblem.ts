/**
 * contentProblem: checks the `content` of an elicitation answer against the `requestedSchema`
 * the tool sent. MCP's elicitation schema is flat — an object of primitive properties: strings
 * (with `enum`, titled `oneOf` constants, `minLength`/`maxLength`, `format` email, uri, date,
 * date-time), numbers and integers (`minimum`/`maximum`), booleans, and multi-select arrays of
 * strings (`items.enum` or titled `items.anyOf`, `minItems`/`maxItems`) — with a `required` list.
 * A member the schema does not define is refused too: the tool gets only what it asked for.
 */
import { isObject } from '../../guards';

/** Why `content` does not answer `schema` (a message starting with its path, `content.age: …`), or `undefined`. */
export function contentProblem(schema: unknown, content: Record<string, unknown>, accepted: boolean): string | undefined {
  const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : undefined;
  for (const name of Object.keys(content)) {
    const value = content[name];
    const property = properties === undefined ? undefined : Object.prototype.hasOwnProperty.call(properties, name) ? properties[name] : null;
    if (property === null) return `content.${name}: requestedSchema has no property "${name}"`;
    const problem = valueProblem(isObject(property) ? property : {}, value);
    if (problem) return `content.${name}: ${problem}`;
  }
  const required = isObject(schema) && Array.isArray(schema.required) ? schema.required : [];
  if (accepted) {
    for (const name of required) {
      if (typeof name === 'string' && !Object.prototype.hasOwnProperty.call(content, name)) return `content.${name}: required by requestedSchema, missing`;
    }
  }
  return undefined;
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${short(value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `an ${typeof value}`;
}

function short(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

/** The constants a string may take (`enum`, or titled `oneOf`/`anyOf` entries with `const`), or `undefined` for any. */
function choices(schema: Record<string, unknown>): unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum;
  const titled = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  return titled?.filter(isObject).map((entry) => entry.const);
}

function valueProblem(schema: Record<string, unknown>, value: unknown): string | undefined {
  switch (schema.type) {
    case 'string':
      return typeof value === 'string' ? stringProblem(schema, value) : `expected a string, got ${kind(value)}`;
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return `expected a number, got ${kind(value)}`;
      if (schema.type === 'integer' && !Number.isInteger(value)) return `expected an integer, got ${value}`;
      if (typeof schema.minimum === 'number' && value < schema.minimum) return `${value} is below the minimum ${schema.minimum}`;
      if (typeof schema.maximum === 'number' && value > schema.maximum) return `${value} is above the maximum ${schema.maximum}`;
      return undefined;
    }
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `expected a boolean, got ${kind(value)}`;
    case 'array':
      return arrayProblem(schema, value);
    default: {
      // a property without a known type: still one of the values an ElicitResult may carry
      const primitive = typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
      if (!primitive && !(Array.isArray(value) && value.every((item) => typeof item === 'string'))) return `expected a string, number, boolean or array of strings, got ${kind(value)}`;
      const allowed = choices(schema);
      return allowed && !allowed.includes(value) ? `${kind(value)} is not one of ${JSON.stringify(allowed)}` : undefined;
    }
  }
}

function stringProblem(schema: Record<string, unknown>, value: string): string | undefined {
  const allowed = choices(schema);
  if (allowed && !allowed.includes(value)) return `${kind(value)} is not one of ${JSON.stringify(allowed)}`;
  if (typeof schema.minLength === 'number' && value.length < schema.minLength) return `a string of ${value.length} characters is shorter than minLength ${schema.minLength}`;
  if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return `a string of ${value.length} characters is longer than maxLength ${schema.maxLength}`;
  if (typeof schema.format === 'string' && !formatOk(schema.format, value)) return `${kind(value)} is not a valid ${schema.format}`;
  return undefined;
}

function arrayProblem(schema: Record<string, unknown>, value: unknown): string | undefined {
  if (!Array.isArray(value)) return `expected an array of strings, got ${kind(value)}`;
  const items = isObject(schema.items) ? schema.items : {};
  const allowed = choices(items);
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (typeof item !== 'string') return `[${i}]: expected a string, got ${kind(item)}`;
    if (allowed && !allowed.includes(item)) return `[${i}]: ${kind(item)} is not one of ${JSON.stringify(allowed)}`;
  }
  if (typeof schema.minItems === 'number' && value.length < schema.minItems) return `${value.length} items, fewer than minItems ${schema.minItems}`;
  if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) return `${value.length} items, more than maxItems ${schema.maxItems}`;
  return undefined;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** The formats MCP names; another format is not checked. */
function formatOk(format: string, value: string): boolean {
  switch (format) {
    case 'email':
      return /^[^\s@]+@[^\s@]+$/.test(value);
    case 'uri':
      return /^[A-Za-z][A-Za-z\d+.-]*:\S*$/.test(value);
    case 'date': {
      const match = DATE.exec(value);
      if (!match) return false;
      const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
      return date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
    }
    case 'date-time':
      return DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
    default:
      return true;
  }
}
