/** EnumType: a JSON string restricted to a fixed list of values. */
import { Type, JsonSchema, baseSchema } from './Type';
import { describe } from './Property';
import { brand } from '../brand';

/** A composed schema type describing a string with a fixed set of allowed values. */
export class EnumType<const V extends string = string> extends Type<V> {
  readonly typeId = 'string' as const;
  private readonly _values: V[] = [];

  /** @param values - the allowed values, in order. */
  constructor(values: readonly V[] = []) {
    super();
    for (const v of values) this.addValue(v);
  }

  /** The allowed values in insertion order. */
  get values(): readonly V[] {
    return this._values;
  }

  /** Appends an allowed value. */
  addValue<A extends string>(value: A): EnumType<V | A> {
    if (typeof value !== 'string') throw new TypeError(`EnumType.addValue: expected a string, got ${describe(value)}`);
    (this._values as string[]).push(value);
    this.changed();
    return this as EnumType<V | A>;
  }

  /** `{"type":"string", description?, "enum":[...]}`. */
  toSchema(description?: string): JsonSchema {
    const schema = baseSchema('string', description);
    schema.enum = [...this._values];
    return schema;
  }
}

brand(EnumType, 'EnumType');
