/** NullableType: wraps another type so that `null` is accepted as well. */
import { Type, JsonSchema, SchemaDialect, baseSchema } from './Type';
import { EnumType } from './EnumType';
import { describe } from './Property';
import { brand } from '../brand';
import type { Revision } from './revision';

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
  protected override publishParts(into: Revision): void {
    this.inner.publish?.(into);
  }

  /**
   * Primitives: `{"type":[K,"null"]}`; enums keep their values plus `null`; objects and arrays:
   * `{"oneOf":[inner, {"type":"null"}]}`. The description follows the type part. In the
   * `'portable'` dialect there is no type array and no `oneOf`: every kind is
   * `{"anyOf":[{"type":K, "enum"?:[...]} or inner, {"type":"null"}], description?}`.
   */
  toSchema(description?: string, dialect?: SchemaDialect): JsonSchema {
    const kind = this.inner.typeId;
    if (kind === 'null') return baseSchema('null', description);
    const portable = dialect === 'portable';
    if (kind === 'object' || kind === 'array' || portable) {
      const first = kind === 'object' || kind === 'array' ? this.inner.toSchema(undefined, dialect) : this.typed(kind);
      const schema: JsonSchema = { [portable ? 'anyOf' : 'oneOf']: [first, { type: 'null' }] };
      if (description) schema.description = description;
      return schema;
    }
    const schema = baseSchema([kind, 'null'], description);
    if (this.inner instanceof EnumType) schema.enum = [...this.inner.values, null];
    return schema;
  }

  /** `{"type": kind}`, with the enum's values for an enum. */
  private typed(kind: Type['typeId']): JsonSchema {
    const schema = baseSchema(kind);
    if (this.inner instanceof EnumType) schema.enum = [...this.inner.values];
    return schema;
  }
}

brand(NullableType, 'NullableType');
