/**
 * schemaDialect: the default output stays the seed's (type arrays, oneOf); 'portable' writes no
 * type array and no oneOf, at every depth, in input and output schemas; raw schemas the portable
 * rules reject are named once on stderr when serving starts.
 */
import {
  ArrayType,
  Dispatcher,
  EnumType,
  NullableType,
  ObjectType,
  ServiceDefinition,
  ToolDeclaration,
  integerType,
  nullType,
  portableSchemaProblems,
  stringType,
} from '@toolwire/core';
import type { JsonSchema, ToolListEntry } from '@toolwire/core';

const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';

/** Compares structure and key order. */
const same = (actual: unknown, expected: unknown): void => {
  expect(actual).toEqual(expected);
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
};

/** Every `type` value anywhere in `node`. */
function typeValues(node: unknown, found: unknown[] = []): unknown[] {
  if (typeof node !== 'object' || node === null) return found;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type') found.push(value);
    typeValues(value, found);
  }
  return found;
}

function declare(options?: { schemaDialect?: 'default' | 'portable' }) {
  const decl = new ToolDeclaration('s', '1.0.0', options);
  const point = new ObjectType().addProperty('x', new NullableType(integerType()));
  decl
    .addTool('t', 'every nullable kind')
    .addParam('n', new NullableType(integerType()), 'a number or null')
    .addParam('e', new NullableType(new EnumType(['a', 'b'])))
    .addParam('o', new NullableType(point), 'a point or null')
    .addParam('l', new ArrayType(new NullableType(stringType())))
    .addParam('z', new NullableType(nullType()))
    .setOutput(new ObjectType().addProperty('r', new NullableType(new ArrayType(integerType()))));
  return decl;
}

function entry(decl: ToolDeclaration): ToolListEntry {
  return decl.toToolsList('2025-11-25').tools[0];
}

describe("schemaDialect 'default'", () => {
  it("writes the seed's type arrays and oneOf, exactly as without the option", () => {
    const properties = (entry(declare()).inputSchema as { properties: JsonSchema }).properties;
    same(properties.n, { type: ['integer', 'null'], description: 'a number or null' });
    same(properties.e, { type: ['string', 'null'], enum: ['a', 'b', null] });
    same(properties.o, { oneOf: [{ type: 'object', properties: { x: { type: ['integer', 'null'] } }, required: ['x'] }, { type: 'null' }], description: 'a point or null' });
    same(properties.l, { type: 'array', items: { type: ['string', 'null'] } });
    same(entry(declare({ schemaDialect: 'default' })), entry(declare()));
  });
});

describe("schemaDialect 'portable'", () => {
  const portable = entry(declare({ schemaDialect: 'portable' }));
  const properties = (portable.inputSchema as { properties: JsonSchema }).properties;

  it('writes a nullable primitive or enum as anyOf with {type: "null"}, the enum values in the first branch', () => {
    same(properties.n, { anyOf: [{ type: 'integer' }, { type: 'null' }], description: 'a number or null' });
    same(properties.e, { anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] });
    same(properties.z, { type: 'null' });
  });

  it('writes nullable objects and arrays as anyOf, and passes the dialect into members and items', () => {
    same(properties.o, { anyOf: [{ type: 'object', properties: { x: { anyOf: [{ type: 'integer' }, { type: 'null' }] } }, required: ['x'] }, { type: 'null' }], description: 'a point or null' });
    same(properties.l, { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'null' }] } });
    same(portable.outputSchema, { type: 'object', properties: { r: { anyOf: [{ type: 'array', items: { type: 'integer' } }, { type: 'null' }] } }, required: ['r'] });
  });

  it('leaves no type array and no oneOf anywhere, and passes its own rules', () => {
    expect(typeValues(portable).filter(Array.isArray)).toEqual([]);
    expect(JSON.stringify(portable)).not.toContain('oneOf');
    expect(portableSchemaProblems(portable.inputSchema)).toEqual([]);
    expect(portableSchemaProblems(portable.outputSchema)).toEqual([]);
    expect(portableSchemaProblems(entry(declare()).inputSchema)).toContain('a type array at /properties/n/type');
  });

  it('refuses an unknown dialect', () => {
    expect(() => new ToolDeclaration('s', '1.0.0', { schemaDialect: 'gemini' as never })).toThrow(/expected schemaDialect "default" or "portable", got "gemini"/);
  });
});

describe('portableSchemaProblems', () => {
  it('names type arrays, bare boolean schemas, remote $refs and untyped schemas by their place', () => {
    expect(
      portableSchemaProblems({
        type: 'object',
        properties: { a: { type: ['string', 'null'] }, b: true, c: { $ref: 'https://example.com/s.json' }, d: {}, e: { anyOf: [{ type: 'string' }, false] } },
        additionalProperties: false,
      }),
    ).toEqual(['a type array at /properties/a/type', 'a boolean schema at /properties/b', 'a remote $ref at /properties/c/$ref', 'an untyped schema at /properties/d', 'a boolean schema at /properties/e/anyOf/1']);
  });

  it('accepts local $refs, additionalProperties: false, constraints without type, not: {} and if/then pairs', () => {
    expect(
      portableSchemaProblems({
        type: 'object',
        $defs: { p: { type: 'string' } },
        properties: { a: { $ref: '#/$defs/p' }, b: { minimum: 1 }, c: { not: {} } },
        allOf: [{ required: ['a'] }],
        if: { required: ['a'] },
        then: { required: ['b'] },
        additionalProperties: false,
      }),
    ).toEqual([]);
  });
});

describe('raw schemas under the portable dialect', () => {
  let stderr: jest.SpyInstance;
  beforeEach(() => (stderr = jest.spyOn(console, 'error').mockImplementation(() => undefined)));
  afterEach(() => stderr.mockRestore());

  function server(dialect: 'default' | 'portable') {
    const decl = new ToolDeclaration('s', '1.0.0', { schemaDialect: dialect });
    decl.addTool('raw_in').setInputSchema({ type: 'object', properties: { q: { type: ['string', 'null'] }, r: {} } });
    decl.addTool('raw_out').setOutputSchema({ type: 'object', properties: { s: { $ref: 'https://example.com/s.json' } } });
    decl.addTool('fine').setInputSchema({ type: 'object', properties: { q: { type: 'string' } } });
    const defs = new ServiceDefinition().registerProcedure('raw_in', () => 1).registerProcedure('raw_out', () => ({})).registerProcedure('fine', () => 1);
    return { decl, defs };
  }

  it('are published as given, and each offending tool is named once on stderr when serving starts', async () => {
    const { decl, defs } = server('portable');
    const d = new Dispatcher(defs, decl);
    expect(stderr).not.toHaveBeenCalled();
    await d.dispatch(ping);
    await d.dispatch(ping);
    await new Dispatcher(defs, decl).dispatch(ping);
    expect(stderr.mock.calls.map((call) => call[0])).toEqual([
      "toolwire: tool \"raw_in\"'s raw schema is not portable (schemaDialect: 'portable'; some hosts and models reject it): inputSchema: a type array at /properties/q/type; inputSchema: an untyped schema at /properties/r",
      "toolwire: tool \"raw_out\"'s raw schema is not portable (schemaDialect: 'portable'; some hosts and models reject it): outputSchema: a remote $ref at /properties/s/$ref",
    ]);
    same((entry(decl).inputSchema as { properties: JsonSchema }).properties.q, { type: ['string', 'null'] });
  });

  it('are not checked under the default dialect', async () => {
    const { decl, defs } = server('default');
    await new Dispatcher(defs, decl).dispatch(ping);
    expect(stderr).not.toHaveBeenCalled();
  });
});
