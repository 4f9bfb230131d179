/**
 * ObjectType: a JSON object with named properties (required by default), optionally strict
 * (`additionalProperties: false`).
 */
import { Type, JsonSchema, baseSchema } from './Type';
import { Property, checkPropertyArgs } from './Property';
import { brand } from '../brand';

/** A composed schema type describing a JSON object. */
export class ObjectType extends Type {
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
  addProperty(name: string, type: Type, description = ''): this {
    checkPropertyArgs('ObjectType.addProperty', name, type, description);
    if (this.getProperty(name)) throw new RangeError(`ObjectType.addProperty: duplicate property "${name}"`);
    const property = new Property(name, type, description);
    property.onChange = () => this.changed();
    this._properties.push(property);
    this.changed();
    return this;
  }

  /** Makes the named property optional; an unknown name is ignored. */
  setOptional(name: string): this {
    this.getProperty(name)?.setOptional();
    return this;
  }

  /** Forbids (or, with `false`, allows again) members that are not declared. */
  setStrict(strict = true): this {
    this._strict = strict;
    this.changed();
    return this;
  }

  /** The property with this name, or `undefined`. */
  getProperty(name: string): Property | undefined {
    return this._properties.find((p) => p.name === name);
  }

  /** `{"type":"object", description?, "properties", "required", "additionalProperties"?}`. */
  toSchema(description?: string): JsonSchema {
    const schema = baseSchema('object', description);
    Object.assign(schema, propertiesSchema(this._properties));
    if (this._strict) schema.additionalProperties = false;
    return schema;
  }
}

/** `{ properties, required }` for a list of properties (shared by ObjectType and Tool). */
export function propertiesSchema(properties: readonly Property[]): { properties: JsonSchema; required: string[] } {
  const props: JsonSchema = {};
  const required: string[] = [];
  for (const p of properties) {
    props[p.name] = p.type.toSchema(p.description);
    if (p.required) required.push(p.name);
  }
  return { properties: props, required };
}

brand(ObjectType, 'ObjectType');
