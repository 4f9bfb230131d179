/**
 * The abstract schema node every tool parameter is described by. A Type writes the JSON Schema
 * fragment the declaration publishes in tools/list; the dispatcher compiles the same tree into
 * an argument validator. Types are identity objects: composed types hold references, never copies.
 */
import { touchSchema } from './revision';
import { brand } from '../brand';

/** The JSON Schema kinds a {@link Type} can describe. */
export type TypeId = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'object' | 'array';

/** A JSON Schema object as toolwire writes it (a plain, JSON-serializable object). */
export type JsonSchema = { [key: string]: unknown };

/**
 * How schemas are written: `'default'` is the seed's exact output (a nullable primitive is
 * `{"type":[K,"null"]}`); `'portable'` never writes a `type` array — nullable types are
 * `{"anyOf":[<the type>, {"type":"null"}]}` — for hosts and models that reject type arrays.
 */
export type SchemaDialect = 'default' | 'portable';

/**
 * A parameter schema: a primitive from {@link integerType} and the other factories, or a
 * composed type ({@link ObjectType}, {@link ArrayType}, {@link EnumType}, {@link NullableType}).
 *
 * `T` is the TypeScript type of the values the schema accepts (`integerType()` is a
 * `Type<number>`); it exists only for the compiler and lets `ServiceDefinition.registerTool`
 * type a procedure's parameters from its tool's declaration.
 */
export abstract class Type<T = unknown> {
  /** Compile-time only: the TypeScript type of accepted values (never set at run time). */
  declare readonly valueType?: T;

  /** The JSON Schema kind this type describes. */
  abstract readonly typeId: TypeId;

  /**
   * Returns the JSON Schema object of this type.
   * @param description - written as `"description"` when non-empty.
   * @param dialect - how nullable types are written (default `'default'`); composed types pass it on.
   */
  abstract toSchema(description?: string, dialect?: SchemaDialect): JsonSchema;

  private referenced = false;

  /**
   * @internal Records that a property, array, nullable or tool refers to this type, so its later
   * changes can reach a declaration's cached payloads.
   */
  markReferenced(): void {
    this.referenced = true;
  }

  /**
   * Marks cached payloads stale; subclasses call it when they change. A type nothing refers to
   * (yet) cannot be in any payload, so building and changing one — even inside a procedure, on
   * every call — costs the caches nothing.
   */
  protected changed(): void {
    if (this.referenced) touchSchema();
  }
}

/** Writes `{"type": kind, "description"?: d}` — the opening every schema shares. */
export function baseSchema(type: unknown, description?: string): JsonSchema {
  const schema: JsonSchema = { type };
  if (description) schema.description = description;
  return schema;
}

/** The TypeScript type a schema type accepts: `TypeOf<typeof pos>` for `pos = new ObjectType().addProperty(...)`. */
export type TypeOf<S> = S extends Type<infer T> ? T : never;

brand(Type, 'Type');
