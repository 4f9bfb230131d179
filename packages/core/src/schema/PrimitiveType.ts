/**
 * The five primitive schema types and their process-wide singletons: `nullType()`,
 * `booleanType()`, `integerType()`, `numberType()` and `stringType()`.
 */
import { Type, TypeId, JsonSchema, baseSchema } from './Type';
import { brand } from '../brand';

/** A primitive JSON Schema kind. Obtain instances from the factories; never construct one. */
export class PrimitiveType<T = unknown> extends Type<T> {
  /** @internal use the factories ({@link integerType} and friends). */
  constructor(readonly typeId: Exclude<TypeId, 'object' | 'array'>) {
    super();
  }

  /** A primitive never changes: publishing it records nothing (the singletons would otherwise collect every collection that uses them). */
  override publish(): void {}

  /** `{"type": kind}` plus the description when non-empty. */
  toSchema(description?: string): JsonSchema {
    return baseSchema(this.typeId, description);
  }
}

const NULL = new PrimitiveType<null>('null');
const BOOLEAN = new PrimitiveType<boolean>('boolean');
const INTEGER = new PrimitiveType<number>('integer');
const NUMBER = new PrimitiveType<number>('number');
const STRING = new PrimitiveType<string>('string');

/** The `null` schema type (a singleton). */
export function nullType(): PrimitiveType<null> {
  return NULL;
}

/** The `boolean` schema type (a singleton). */
export function booleanType(): PrimitiveType<boolean> {
  return BOOLEAN;
}

/** The `integer` schema type (a singleton). Accepts JSON numbers without a fraction. */
export function integerType(): PrimitiveType<number> {
  return INTEGER;
}

/** The `number` schema type (a singleton). */
export function numberType(): PrimitiveType<number> {
  return NUMBER;
}

/** The `string` schema type (a singleton). */
export function stringType(): PrimitiveType<string> {
  return STRING;
}

brand(PrimitiveType, 'PrimitiveType');
