/** ArrayType: a JSON array whose elements all have one schema type. */
import { Type, JsonSchema, SchemaDialect, baseSchema } from './Type';
import { describe } from './Property';
import { brand } from '../brand';
import type { Revision } from './revision';

/** A composed schema type describing a JSON array. */
export class ArrayType<T = unknown> extends Type<T[]> {
  readonly typeId = 'array' as const;

  /** @param items - the schema of every element (referenced, not copied). */
  constructor(readonly items: Type<T>) {
    super();
    if (typeof items !== 'object' || items === null || typeof items.toSchema !== 'function') {
      throw new TypeError(`ArrayType: expected a Type for items, got ${describe(items)}`);
    }
  }

  /** Publishing a composed type publishes the type it wraps. */
  protected override publishParts(into: Revision): void {
    this.items.publish?.(into);
  }

  /** `{"type":"array", description?, "items"}`. */
  toSchema(description?: string, dialect?: SchemaDialect): JsonSchema {
    const schema = baseSchema('array', description);
    schema.items = this.items.toSchema(undefined, dialect);
    return schema;
  }
}

brand(ArrayType, 'ArrayType');
