/**
 * StandardSchema: the Standard Schema V1 and Standard JSON Schema V1 interfaces
 * (`@standard-schema/spec` 1.1) as toolwire reads them — the `~standard` member zod 4, valibot 1
 * and arktype 2 put on every schema — written out here so that core takes the user's schema
 * library as it is and depends on none (these are types; nothing of them exists at run time),
 * plus the few run-time readers the declaration and the dispatcher share: whether a value is
 * such a schema, its JSON Schema for a direction, and an issue list as one message.
 */
import type { JsonSchema } from './Type';

/** One problem a Standard Schema found: the library's own message and where. */
export interface StandardIssue {
  readonly message: string;
  /** The path to the failing value: keys, or `{ key }` segments (valibot). */
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/** What `~standard.validate` returns: the output value, or the issues. */
export type StandardResult<Output> = { readonly value: Output; readonly issues?: undefined } | { readonly issues: ReadonlyArray<StandardIssue> };

/** The Standard JSON Schema V1 converter (`~standard.jsonSchema`). */
export interface StandardJsonSchemaConverter {
  /** The JSON Schema of the values the schema accepts. */
  readonly input: (options: StandardJsonSchemaOptions) => Record<string, unknown>;
  /** The JSON Schema of the values validation produces. */
  readonly output: (options: StandardJsonSchemaOptions) => Record<string, unknown>;
}

/** Options of a Standard JSON Schema conversion. */
export interface StandardJsonSchemaOptions {
  readonly target: 'draft-2020-12' | 'draft-07' | 'openapi-3.0' | (string & {});
  readonly libraryOptions?: Record<string, unknown> | undefined;
}

/**
 * A Standard Schema V1 object (`~standard.version` 1): zod 4, valibot 1, arktype 2 and others.
 * `Input` is what it accepts, `Output` what validation yields (defaults applied, transforms run).
 */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown, options?: { readonly libraryOptions?: Record<string, unknown> | undefined }) => StandardResult<Output> | Promise<StandardResult<Output>>;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
    /** Standard JSON Schema V1, when the library publishes one. */
    readonly jsonSchema?: StandardJsonSchemaConverter;
  };
}

/** The type a Standard Schema accepts. */
export type InferInput<S extends StandardSchemaV1> = NonNullable<S['~standard']['types']>['input'];

/** The type a Standard Schema's validation yields. */
export type InferOutput<S extends StandardSchemaV1> = NonNullable<S['~standard']['types']>['output'];

/** Whether `value` is a Standard Schema V1 object. */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  const props = (value as { '~standard'?: unknown })['~standard'];
  return typeof props === 'object' && props !== null && (props as { version?: unknown }).version === 1 && typeof (props as { validate?: unknown }).validate === 'function';
}

/**
 * The schema's JSON Schema (draft 2020-12) for `direction`, from its Standard JSON Schema; a
 * `string` saying why there is none (the library has no converter, or it threw: a transform,
 * a `Date` …).
 */
export function standardJsonSchema(schema: StandardSchemaV1, direction: 'input' | 'output'): JsonSchema | string {
  const converter = schema['~standard'].jsonSchema;
  if (typeof converter !== 'object' || converter === null || typeof converter[direction] !== 'function') {
    return `the ${schema['~standard'].vendor} schema does not publish a Standard JSON Schema`;
  }
  let json: unknown;
  try {
    json = converter[direction]({ target: 'draft-2020-12' });
  } catch (error) {
    return `its Standard JSON Schema could not be written: ${error instanceof Error ? error.message : String(error)}`;
  }
  return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as JsonSchema) : `its Standard JSON Schema is not an object`;
}

/** The most issues one message names (a call may break its schema in thousands of places). */
const MAX_ISSUES = 10;

/**
 * The issues as one message, each with its path and the library's own message:
 * `argument "a.b": Invalid input: expected number; arguments: …` (`root` names a value without a
 * path, `noun` one with: `arguments`/`argument`, `result`/`result`, `content`/`content`); the
 * first {@link MAX_ISSUES}, then how many more.
 */
export function issuesMessage(issues: ReadonlyArray<StandardIssue>, root: string, noun: string): string {
  if (!Array.isArray(issues) || issues.length === 0) return `${root}: invalid`;
  const more = issues.length > MAX_ISSUES ? `; and ${issues.length - MAX_ISSUES} more` : '';
  return issues
    .slice(0, MAX_ISSUES)
    .map((issue: StandardIssue) => {
      const path = (Array.isArray(issue?.path) ? issue.path : []).map((segment: unknown) => String(typeof segment === 'object' && segment !== null ? (segment as { key: unknown }).key : segment)).join('.');
      return `${path === '' ? root : `${noun} "${path}"`}: ${typeof issue?.message === 'string' ? issue.message : 'invalid'}`;
    })
    .join('; ') + more;
}
