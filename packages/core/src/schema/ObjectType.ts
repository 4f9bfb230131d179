/**
 * ObjectType: a JSON object with named properties (required by default), optionally strict
 * (`additionalProperties: false`).
 */
import { Type, JsonSchema, SchemaDialect, TypeOf, baseSchema } from './Type';
import { Property, checkPropertyArgs } from './Property';
import { brand } from '../brand';
import type { Revision } from './revision';

/** `T` with the members named `K` made optional. */
export type WithOptional<T, K extends PropertyKey> = Omit<T, K> & Partial<Pick<T, Extract<keyof T, K>>> extends infer U ? { [M in keyof U]: U[M] } : never;

/**
 * A composed schema type describing a JSON object. `M` is the TypeScript type of its members;
 * it grows as the chain of `addProperty`/`setOptional` calls goes on, so keep the value the
 * chain returns (`const pos = new ObjectType().addProperty('x', numberType())`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export class ObjectType<M extends object = {}> extends Type<M> {
  readonly typeId = 'object' as const;
  private readonly _properties: Property[] = [];
  private _strict = false;

  /** The properties in insertion order. */
  get properties(): readonly Property[] {
    return this._properties;
  }

  /** Whether undeclared members are rejected (`additionalProperties: false`). */
  get strict(): boolean {
    return this._strict;
  }

  /**
   * Appends a required property.
   * @example new ObjectType().addProperty('x', numberType(), 'Horizontal position')
   */
  addProperty<N extends string, S extends Type>(name: N, type: S, description = ''): ObjectType<M & { [K in N]: TypeOf<S> } extends infer U ? { [K in keyof U]: U[K] } : never> {
    checkPropertyArgs('ObjectType.addProperty', name, type, description);
    if (this.getProperty(name)) throw new RangeError(`ObjectType.addProperty: duplicate property "${name}"`);
    const property = new Property(name, type, description);
    this._properties.push(property);
    this.publishPart(property);
    this.changed();
    return this as never;
  }

  /** Makes the named property optional; an unknown name is ignored. */
  setOptional<N extends keyof M & string>(name: N): ObjectType<WithOptional<M, N>>;
  setOptional(name: string): this;
  setOptional(name: string): unknown {
    this.getProperty(name)?.setOptional();
    return this;
  }

  /** Forbids (or, with `false`, allows again) members that are not declared. */
  setStrict(strict = true): this {
    this._strict = strict;
    this.changed();
    return this;
  }

  /** Publishing an object type publishes its properties (and their types). */
  protected override publishParts(into: Revision): void {
    for (const property of this._properties) property.publish(into);
  }

  /** The property with this name, or `undefined`. */
  getProperty(name: string): Property | undefined {
    return this._properties.find((p) => p.name === name);
  }

  /** `{"type":"object", description?, "properties", "required", "additionalProperties"?}`. */
  toSchema(description?: string, dialect?: SchemaDialect): JsonSchema {
    const schema = baseSchema('object', description);
    Object.assign(schema, propertiesSchema(this._properties, dialect));
    if (this._strict) schema.additionalProperties = false;
    return schema;
  }
}

/** `{ properties, required }` for a list of properties (shared by ObjectType and Tool). */
export function propertiesSchema(properties: readonly Property[], dialect?: SchemaDialect): { properties: JsonSchema; required: string[] } {
  const props: JsonSchema = {};
  const required: string[] = [];
  for (const p of properties) {
    props[p.name] = p.type.toSchema(p.description, dialect);
    if (p.required) required.push(p.name);
  }
  return { properties: props, required };
}

brand(ObjectType, 'ObjectType');
