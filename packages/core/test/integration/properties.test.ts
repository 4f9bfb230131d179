/**
 * Property tests of the dispatcher against arbitrary input: for any JSON value as a message (as
 * text or parsed, alone or in a batch, under any protocol version) it never throws and answers one
 * well-formed JSON-RPC response or nothing; for any JSON value as tool arguments it never calls a
 * procedure with arguments that break the tool's published schema, and `__proto__`/`constructor`
 * keys never reach a procedure as prototype changes.
 */
import fc from 'fast-check';
import { ArrayType, Dispatcher, EnumType, NullableType, ObjectType, ServiceDefinition, ToolDeclaration, integerType, numberType, stringType, booleanType } from '@toolwire/core';
import type { JsonSchema } from '@toolwire/core';

const VERSIONS = [undefined, '2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '1999-01-01'];
const KEYS = ['a', 'b', 'c', 'mode', 'pos', 'x', 'y', 'tags', 'inner', 'n', 'k', '__proto__', 'constructor', 'prototype', 'toString'];

function declaration(): ToolDeclaration {
  const decl = new ToolDeclaration('props', '1');
  decl.addTool('t1', 'primitives').addParam('a', integerType(), 'a').addParam('b', stringType(), 'b').addParam('c', new NullableType(numberType()), 'c').setOptional('b');
  const pos = new ObjectType().addProperty('x', numberType()).addProperty('y', numberType()).setOptional('y').setStrict();
  decl.addTool('t2', 'enum, strict object, array').addParam('mode', new EnumType(['x', 'y']), 'mode').addParam('pos', pos, 'pos').addParam('tags', new ArrayType(stringType()), 'tags');
  const item = new ObjectType().addProperty('n', integerType()).addProperty('k', new NullableType(booleanType()));
  decl.addTool('t3', 'open nested objects').addParam('inner', new NullableType(new ObjectType().addProperty('list', new ArrayType(item))), 'inner');
  decl.addTool('t4', 'no parameters');
  return decl;
}

/** A small reference validator for the JSON Schema subset toolwire publishes. */
function conforms(value: unknown, schema: JsonSchema): boolean {
  const s = schema as Record<string, unknown>;
  if (Array.isArray(s.oneOf)) return (s.oneOf as JsonSchema[]).filter((alt) => conforms(value, alt)).length === 1;
  if (Array.isArray(s.enum) && !s.enum.includes(value)) return false;
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  const ok = types.length === 0 || types.some((t) => t === kind || (t === 'integer' && Number.isInteger(value)) || (t === 'number' && kind === 'number'));
  if (!ok) return false;
  if (kind === 'array' && s.items) return (value as unknown[]).every((v) => conforms(v, s.items as JsonSchema));
  if (kind === 'object') {
    const object = value as Record<string, unknown>;
    const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
    if (((s.required ?? []) as string[]).some((r) => !Object.prototype.hasOwnProperty.call(object, r))) return false;
    for (const [key, v] of Object.entries(object)) {
      if (Object.prototype.hasOwnProperty.call(properties, key)) {
        if (!conforms(v, properties[key])) return false;
      } else if (s.additionalProperties === false) return false;
    }
  }
  return true;
}

/** Every object in `value` has the ordinary prototype and no own `__proto__` key. */
function plainAllTheWay(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) return Object.getPrototypeOf(value) === Array.prototype && value.every(plainAllTheWay);
  return Object.getPrototypeOf(value) === Object.prototype && !Object.prototype.hasOwnProperty.call(value, '__proto__') && Object.values(value).every(plainAllTheWay);
}

/** JSON values (objects with the ordinary prototype, as JSON.parse makes them) whose object keys are often the tools' own names (and the dangerous ones). */
const json: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null), fc.boolean(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0.5, -0, 1e21), fc.string(), fc.constantFrom('x', 'y'),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string()), tie('value'), { maxKeys: 5, noNullPrototype: true }),
  ),
})).value;

/** JSON-RPC-shaped messages: mostly well formed, with every field sometimes wrong. */
const message = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), json),
    id: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.double(), json),
    method: fc.oneof(fc.constantFrom('initialize', 'tools/list', 'tools/call', 'ping', 'notifications/cancelled', 'notifications/initialized', 'nope'), json),
    params: fc.oneof(fc.record({ name: fc.oneof(fc.constantFrom('t1', 't2', 't3', 't4', 'missing'), json), arguments: json }, { requiredKeys: [], noNullPrototype: true }), json),
    result: json,
  },
  { requiredKeys: [], noNullPrototype: true },
);

type Response = { jsonrpc: unknown; id: unknown; result?: unknown; error?: { code: unknown; message: unknown } };

function wellFormed(response: Response): void {
  const keys = Object.keys(response);
  expect(keys).toEqual(keys.includes('result') ? ['jsonrpc', 'id', 'result'] : ['jsonrpc', 'id', 'error']);
  expect(response.jsonrpc).toBe('2.0');
  expect(response.id === null || typeof response.id === 'string' || Number.isInteger(response.id)).toBe(true);
  if (response.error) {
    expect(Number.isInteger(response.error.code)).toBe(true);
    expect(typeof response.error.message).toBe('string');
  }
}

/**
 * What a single message must get: the id of its response, or `undefined` for no response. Under
 * an unsupported version everything but initialize is refused, notifications included (HTTP 400).
 */
function expectedId(m: unknown, supported: boolean): string | number | null | undefined | 'any' {
  if (typeof m !== 'object' || m === null || Array.isArray(m)) return Array.isArray(m) ? 'any' : null;
  const { id, jsonrpc, method } = m as Record<string, unknown>;
  if (id === undefined) return jsonrpc === '2.0' && typeof method === 'string' ? (supported || method === 'initialize' ? undefined : null) : null;
  if (typeof id !== 'string' && !Number.isInteger(id)) return null;
  if (method === undefined && jsonrpc === '2.0' && ('result' in m || 'error' in m)) return undefined; // a response: ignored
  return 'any'; // its id, or null for an unsupported version
}

describe('the dispatcher against arbitrary messages', () => {
  const decl = declaration();
  const defs = new ServiceDefinition();
  for (const tool of decl.tools) defs.registerProcedure(tool.name, () => 'ok');
  const dispatcher = new Dispatcher(defs, decl, { onError: () => undefined });

  it('never throws and answers one well-formed response or nothing (as text and parsed, alone and in batches)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(message, json, fc.array(message, { maxLength: 4 })), fc.constantFrom(...VERSIONS), async (m, protocolVersion) => {
        for (const input of [JSON.stringify(m) ?? 'null', m]) {
          const result = await dispatcher.dispatch(input, { protocolVersion });
          const expected = expectedId(m, protocolVersion !== '1999-01-01');
          if (result.body === '') {
            expect(result.status).toBe(202);
            expect(expected === undefined || Array.isArray(m)).toBe(true);
            continue;
          }
          expect(expected).not.toBeUndefined();
          const parsed = JSON.parse(result.body) as Response | Response[];
          if (Array.isArray(parsed)) {
            expect(Array.isArray(m)).toBe(true);
            parsed.forEach(wellFormed);
          } else {
            wellFormed(parsed);
            if (expected !== 'any') expect(parsed.id).toBe(expected);
          }
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('answers arbitrary text (not JSON at all) with -32700 or a well-formed answer, never a throw', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary' }), async (text) => {
        const result = await dispatcher.dispatch(text);
        if (result.body !== '') wellFormed(JSON.parse(result.body) as Response);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the dispatcher against arbitrary tool arguments', () => {
  const decl = declaration();
  const schemas = new Map(decl.toToolsList('2025-11-25').tools.map((t) => [t.name, t.inputSchema as JsonSchema]));
  const received: { tool: string; args: Record<string, unknown> }[] = [];
  const defs = new ServiceDefinition();
  for (const tool of decl.tools) {
    const names = tool.params.map((p) => p.name);
    defs.registerProcedure(tool.name, (...positional: unknown[]) => {
      const args: Record<string, unknown> = {};
      names.forEach((name, i) => positional[i] !== undefined && (args[name] = positional[i]));
      received.push({ tool: tool.name, args });
      return Object.assign({}, ...Object.values(args).filter((v) => typeof v === 'object')); // a careless procedure
    });
  }
  const dispatcher = new Dispatcher(defs, decl, { onError: () => undefined });

  /** Mostly `good`, sometimes any JSON value. */
  const mostly = <T>(good: fc.Arbitrary<T>): fc.Arbitrary<unknown> => fc.oneof({ arbitrary: good, weight: 5 }, { arbitrary: json, weight: 1 });
  const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
  /** Per tool, arguments that often fit its schema; and sometimes any JSON value at all. */
  const fitting: Record<string, fc.Arbitrary<unknown>> = {
    t1: fc.record({ a: mostly(fc.integer()), b: mostly(fc.string()), c: mostly(fc.oneof(finite, fc.constant(null))) }, { requiredKeys: ['a', 'c'], noNullPrototype: true }),
    t2: fc.record({
      mode: mostly(fc.constantFrom('x', 'y', 'z')),
      pos: mostly(fc.record({ x: finite, y: mostly(fc.integer()), z: fc.integer() }, { requiredKeys: ['x'], noNullPrototype: true })),
      tags: mostly(fc.array(mostly(fc.string()), { maxLength: 3 })),
    }, { noNullPrototype: true }),
    t3: fc.record({
      inner: mostly(fc.oneof(fc.constant(null), fc.record({ list: fc.array(fc.record({ n: mostly(fc.integer()), k: fc.oneof(fc.boolean(), fc.constant(null)), extra: json, constructor: json }, { requiredKeys: ['n'], noNullPrototype: true }), { maxLength: 3 }) }, { noNullPrototype: true }))),
    }, { noNullPrototype: true }),
    t4: fc.oneof(fc.constant({}), json),
  };
  const call = fc.constantFrom('t1', 't2', 't3', 't4').chain((tool) => fc.tuple(fc.constant(tool), mostly(fitting[tool])));

  it('calls a procedure only with arguments its published schema accepts, with plain objects all the way down', async () => {
    let calls = 0;
    await fc.assert(
      fc.asyncProperty(call, fc.constantFrom('2025-03-26', '2025-11-25'), fc.boolean(), async ([tool, a], protocolVersion, asText) => {
        received.length = 0;
        const m = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: a } };
        const result = await dispatcher.dispatch(asText ? JSON.stringify(m) : m, { protocolVersion });
        wellFormed(JSON.parse(result.body) as Response);
        for (const r of received) {
          calls++;
          expect(conforms(r.args, schemas.get(r.tool) as JsonSchema)).toBe(true);
          expect(plainAllTheWay(r.args)).toBe(true);
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(Object.getPrototypeOf({})).toBe(Object.prototype);
      }),
      { numRuns: 2000 },
    );
    expect(calls).toBeGreaterThan(100); // the property was not vacuous
  });

  it('refuses __proto__ anywhere in the arguments, as text that JSON.parse makes an own property', () => {
    fc.assert(
      fc.property(json, fc.constantFrom('t3', 't4'), (inner, tool) => {
        received.length = 0;
        const text = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${tool}","arguments":{"inner":{"list":[{"n":1,"__proto__":${JSON.stringify(inner) ?? 'null'}}]}}}}`;
        expect(JSON.parse(dispatcher.dispatchSync(text).body).error.code).toBe(-32602);
        expect(received).toHaveLength(0);
      }),
      { numRuns: 200 },
    );
  });
});
