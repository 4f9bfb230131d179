/** EnumType: a JSON string restricted to a fixed list of values. */
import { Type, JsonSchema, baseSchema } from './Type';
import { describe } from './Property';
import { brand } from '../brand';

/** A composed schema type describing a string with a fixed set of allowed values. */
export class EnumType extends Type {
  readonly typeId = 'string' as const;
  private readonly _values: string[] = [];

  /** @param values - the allowed values, in order. */
  constructor(values: readonly string[] = []) {
    super();
    for (const v of values) this.addValue(v);
  }

  /** The allowed values in insertion order. */
  get values(): readonly string[] {
    return this._values;
  }

  /** Appends an allowed value. */
  addValue(value: string): this {
    if (typeof value !== 'string') throw new TypeError(`EnumType.addValue: expected a string, got ${describe(value)}`);
    this._values.push(value);
    this.changed();
    return this;
  }

  /** `{"type":"string", description?, "enum":[...]}`. */
  toSchema(description?: string): JsonSchema {
    const schema = baseSchema('string', description);
    schema.enum = [...this._values];
    return schema;
  }
}

brand(EnumType, 'EnumType');
