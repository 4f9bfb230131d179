/** Schema types: singletons, composition by reference, and toSchema output with key order. */
import {
  ArrayType,
  EnumType,
  NullableType,
  ObjectType,
  Property,
  booleanType,
  integerType,
  nullType,
  numberType,
  stringType,
} from '@toolwire/core';

/** Compares structure and key order. */
const same = (actual: unknown, expected: unknown): void => {
  expect(actual).toEqual(expected);
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
};

describe('primitive types', () => {
  it.each([
    ['null', nullType],
    ['boolean', booleanType],
    ['integer', integerType],
    ['number', numberType],
    ['string', stringType],
  ] as const)('%s is a singleton with typeId and schema', (kind, factory) => {
    expect(factory()).toBe(factory());
    expect(factory().typeId).toBe(kind);
    same(factory().toSchema(), { type: kind });
    same(factory().toSchema('Some text'), { type: kind, description: 'Some text' });
    same(factory().toSchema(''), { type: kind });
  });
});

describe('ObjectType', () => {
  it('writes type, description, properties, required in that order', () => {
    const o = new ObjectType().addProperty('name', stringType(), 'Who').addProperty('age', integerType());
    same(o.toSchema('A person'), {
      type: 'object',
      description: 'A person',
      properties: { name: { type: 'string', description: 'Who' }, age: { type: 'integer' } },
      required: ['name', 'age'],
    });
  });

  it('always writes required, possibly empty', () => {
    same(new ObjectType().toSchema(), { type: 'object', properties: {}, required: [] });
  });

  it('setOptional removes a property from required and ignores unknown names', () => {
    const o = new ObjectType().addProperty('a', stringType()).addProperty('b', integerType()).setOptional('b').setOptional('zzz');
    same(o.toSchema().required, ['a']);
    expect(o.getProperty('b')?.required).toBe(false);
  });

  it('setStrict writes additionalProperties false last, and can be turned off', () => {
    const o = new ObjectType().addProperty('a', stringType()).setStrict();
    same(o.toSchema(), { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false });
    expect(o.setStrict(false).toSchema()).not.toHaveProperty('additionalProperties');
  });

  it('holds inner types by reference, so later changes show', () => {
    const inner = new ObjectType();
    const outer = new ObjectType().addProperty('inner', inner);
    inner.addProperty('x', numberType());
    expect(outer.getProperty('inner')?.type).toBe(inner);
    same(outer.toSchema(), {
      type: 'object',
      properties: { inner: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } },
      required: ['inner'],
    });
  });

  it('rejects duplicate and malformed properties at once', () => {
    const o = new ObjectType().addProperty('a', stringType());
    expect(() => o.addProperty('a', stringType())).toThrow(RangeError);
    expect(() => o.addProperty('', stringType())).toThrow(/expected a non-empty string name, got string/);
    expect(() => o.addProperty('b', {} as never)).toThrow(/expected a Type, got object/);
  });
});

describe('ArrayType', () => {
  it('writes items without the description', () => {
    same(new ArrayType(integerType()).toSchema('Numbers'), { type: 'array', description: 'Numbers', items: { type: 'integer' } });
  });
  it('nests', () => {
    same(new ArrayType(new ArrayType(stringType())).toSchema(), { type: 'array', items: { type: 'array', items: { type: 'string' } } });
  });
  it('refuses a non-Type', () => {
    expect(() => new ArrayType(undefined as never)).toThrow(TypeError);
  });
});

describe('EnumType', () => {
  it('is a string with an enum list', () => {
    const e = new EnumType(['red']).addValue('green');
    expect(e.typeId).toBe('string');
    same(e.toSchema('Colour'), { type: 'string', description: 'Colour', enum: ['red', 'green'] });
  });
  it('refuses non-string values', () => {
    expect(() => new EnumType().addValue(3 as never)).toThrow(/expected a string, got number/);
  });
});

describe('NullableType', () => {
  it('primitive: a type array with null', () => {
    const n = new NullableType(stringType());
    expect(n.typeId).toBe('string');
    same(n.toSchema('Maybe'), { type: ['string', 'null'], description: 'Maybe' });
  });
  it('enum: keeps the values and adds null', () => {
    same(new NullableType(new EnumType(['a', 'b'])).toSchema('E'), { type: ['string', 'null'], description: 'E', enum: ['a', 'b', null] });
  });
  it('object: oneOf with null, description after', () => {
    const o = new ObjectType().addProperty('x', numberType());
    same(new NullableType(o).toSchema('Pos'), {
      oneOf: [{ type: 'object', properties: { x: { type: 'number' } }, required: ['x'] }, { type: 'null' }],
      description: 'Pos',
    });
  });
  it('array: oneOf with null', () => {
    same(new NullableType(new ArrayType(integerType())).toSchema(), { oneOf: [{ type: 'array', items: { type: 'integer' } }, { type: 'null' }] });
  });
  it('null itself stays null', () => {
    same(new NullableType(nullType()).toSchema(), { type: 'null' });
  });
});

describe('Property', () => {
  it('is required when created and setOptional clears it', () => {
    const p = new Property('a', stringType(), 'A');
    expect(p.required).toBe(true);
    expect(p.setOptional().required).toBe(false);
    expect([p.name, p.type, p.description]).toEqual(['a', stringType(), 'A']);
  });
});
