/**
 * Property: the named slot shared by ObjectType members and Tool parameters — a name, a Type,
 * a description and a required flag (true when created).
 */
import type { Type } from './Type';
import { Published } from './revision';
import type { Revision } from './revision';

/** A named, typed, optionally described member of an object schema or a tool's parameter list. */
export class Property extends Published {
  private _required = true;

  /**
   * @param name - the JSON member name.
   * @param type - the schema of the value (referenced, not copied).
   * @param description - copied into the schema when non-empty.
   */
  constructor(
    readonly name: string,
    readonly type: Type,
    readonly description = '',
  ) {
    super();
  }

  /** Publishing a property publishes its type. */
  protected override publishParts(into: Revision): void {
    this.type.publish?.(into);
  }

  /** Whether the member must be present. New properties are required. */
  get required(): boolean {
    return this._required;
  }

  /** Makes this property optional. */
  setOptional(): this {
    if (this._required) {
      this._required = false;
      this.changed();
    }
    return this;
  }
}

/** Checks a property or parameter name at declaration time. */
export function checkPropertyArgs(what: string, name: unknown, type: unknown, description: unknown): void {
  if (typeof name !== 'string' || name === '') {
    throw new TypeError(`${what}: expected a non-empty string name, got ${describe(name)}`);
  }
  if (typeof type !== 'object' || type === null || typeof (type as { toSchema?: unknown }).toSchema !== 'function') {
    throw new TypeError(`${what} "${name}": expected a Type, got ${describe(type)}`);
  }
  if (description !== undefined && typeof description !== 'string') {
    throw new TypeError(`${what} "${name}": expected a string description, got ${describe(description)}`);
  }
}

/** The JSON kind of a value (`null`, `array`, or its `typeof`), for error messages. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
