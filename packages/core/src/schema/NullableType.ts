/** NullableType: wraps another type so that `null` is accepted as well. */
import { Type, JsonSchema, baseSchema } from './Type';
import { EnumType } from './EnumType';
import { describe } from './Property';
import { brand } from '../brand';

/** A composed schema type accepting `null` or a value of the inner type. */
export class NullableType<T = unknown> extends Type<T | null> {
  /** @param inner - the wrapped type (referenced, not copied). */
  constructor(readonly inner: Type<T>) {
    super();
    if (typeof inner !== 'object' || inner === null || typeof inner.toSchema !== 'function') {
      throw new TypeError(`NullableType: expected a Type, got ${describe(inner)}`);
    }
  }

  /** The inner type's kind. */
  get typeId(): Type['typeId'] {
    return this.inner.typeId;
  }

  /** Publishing a composed type publishes the type it wraps. */
  protected override publishParts(): void {
    this.inner.publish?.();
  }

  /**
   * Primitives: `{"type":[K,"null"]}`; enums keep their values plus `null`; objects and arrays:
   * `{"oneOf":[inner, {"type":"null"}]}`. The description follows the type part.
   */
  toSchema(description?: string): JsonSchema {
    const kind = this.inner.typeId;
    if (kind === 'object' || kind === 'array') {
      const schema: JsonSchema = { oneOf: [this.inner.toSchema(), { type: 'null' }] };
      if (description) schema.description = description;
      return schema;
    }
    const schema = baseSchema(kind === 'null' ? 'null' : [kind, 'null'], description);
    if (this.inner instanceof EnumType) schema.enum = [...this.inner.values, null];
    return schema;
  }
}

brand(NullableType, 'NullableType');
