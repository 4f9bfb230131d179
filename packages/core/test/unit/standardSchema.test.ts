/**
 * Tools declared with Standard Schema objects — zod 4, valibot 1 (through toStandardJsonSchema)
 * and arktype 2, pinned, plus a hand-written library with a `jsonSchema` option: the published
 * schemas (Standard JSON Schema, no `$schema`, the portable dialect), the declaration-time
 * TypeErrors, the procedure receiving the schema's output, validation failures answered per
 * protocol version as other argument errors, the argument hygiene first, async validators
 * (async dispatch; -32603 in synchronous dispatch), structured output, the `addTool` shorthand
 * and `ctx.elicit({ message, schema })`.
 */
import { Dispatcher, ServiceDefinition, ToolDeclaration, integerType, portableSchemaProblems } from '@toolwire/core';
import type { DispatcherOptions, ErrorInfo, StandardSchemaV1 } from '@toolwire/core';
import { z } from 'zod';
import * as v from 'valibot';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';

const MODERN = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': { elicitation: {} } };

/** The same booking input in each library: a city, seats (an integer ≥ 1, default 1), an optional note. */
const LIBRARIES = {
  zod: z.object({ city: z.string().min(2), seats: z.number().int().min(1).default(1), note: z.string().optional() }),
  valibot: toStandardJsonSchema(v.object({ city: v.pipe(v.string(), v.minLength(2)), seats: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), note: v.optional(v.string()) })),
  arktype: type({ city: 'string >= 2', 'seats?': 'number.integer >= 1', 'note?': 'string' }).pipe((o) => ({ ...o, seats: o.seats ?? 1 })),
};

/** A minimal Standard Schema library of its own: no Standard JSON Schema, validation by hand (sync, or async). */
function handMade(asynchronous = false): StandardSchemaV1<{ n: number }> & { calls: unknown[] } {
  const calls: unknown[] = [];
  const validate = (value: unknown) => {
    calls.push(value);
    const n = (value as { n?: unknown }).n;
    const result = typeof n === 'number' ? { value: { n } } : { issues: [{ message: 'must be a number', path: ['n'] }] };
    return asynchronous ? Promise.resolve(result) : result;
  };
  return { calls, '~standard': { version: 1, vendor: 'handmade', validate } };
}

function server(options: DispatcherOptions = {}, dialect: 'default' | 'portable' = 'default') {
  const decl = new ToolDeclaration('schemas', '1.0.0', { schemaDialect: dialect });
  const defs = new ServiceDefinition();
  const seen: unknown[] = [];
  for (const [vendor, schema] of Object.entries(LIBRARIES)) {
    const tool = decl.addTool(`book_${vendor}`, 'Book seats').setInput(schema);
    defs.registerTool(tool, (input) => {
      seen.push(input);
      return `${input.seats} seat(s) in ${input.city}`;
    });
  }
  const hand = handMade();
  const manual = decl.addTool('manual').setInput(hand, { jsonSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] } });
  defs.registerTool(manual, ({ n }) => n * 2);
  const slow = handMade(true);
  const later = decl.addTool('later').setInput(slow, { jsonSchema: { type: 'object', properties: { n: { type: 'number' } } } });
  defs.registerTool(later, ({ n }) => n + 1);
  const errors: [unknown, ErrorInfo][] = [];
  const d = new Dispatcher(defs, decl, { onError: (error, info) => errors.push([error, info]), ...options });
  const message = (name: string, args: unknown, protocolVersion: string) =>
    JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name, arguments: args, ...(protocolVersion === '2026-07-28' ? { _meta: MODERN } : {}) } });
  const call = async (name: string, args: unknown, protocolVersion = '2025-11-25') => JSON.parse((await d.dispatch(message(name, args, protocolVersion), { protocolVersion })).body);
  const callSync = (name: string, args: unknown, protocolVersion = '2025-11-25') => JSON.parse(d.dispatchSync(message(name, args, protocolVersion), { protocolVersion }).body);
  return { decl, defs, call, callSync, seen, errors, hand, slow };
}

describe('Standard Schema input', () => {
  it.each(Object.keys(LIBRARIES))('publishes the %s schema\'s own JSON Schema as inputSchema, without $schema', (vendor) => {
    const entry = server().decl.toToolsList('2025-11-25').tools.find((t) => t.name === `book_${vendor}`)!;
    expect(entry.inputSchema).toMatchObject({ type: 'object', properties: { city: { type: 'string', minLength: 2 }, seats: { type: 'integer' } }, required: ['city'] });
    expect(entry.inputSchema).not.toHaveProperty('$schema');
  });

  it.each(Object.keys(LIBRARIES))('calls the procedure with the %s schema\'s output: one object, defaults applied', async (vendor) => {
    const { call, seen } = server();
    const reply = await call(`book_${vendor}`, { city: 'Oslo' });
    expect(reply.result).toEqual({ content: [{ type: 'text', text: '1 seat(s) in Oslo' }], isError: false });
    expect(seen).toEqual([{ city: 'Oslo', seats: 1 }]);
  });

  it('runs transforms: the procedure receives what the schema outputs, not what was sent', async () => {
    const decl = new ToolDeclaration('t', '1.0.0');
    const defs = new ServiceDefinition();
    const tool = decl.addTool('shout', 'Shout', { input: z.object({ word: z.string().transform((w) => w.toUpperCase()) }) });
    defs.registerTool(tool, ({ word }) => `${word}!`);
    const reply = await new Dispatcher(defs, decl).dispatch(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'shout', arguments: { word: 'hey' } } }), { protocolVersion: '2025-11-25' });
    expect(JSON.parse(reply.body).result.content[0].text).toBe('HEY!');
  });

  it.each([
    ['zod', 'argument "city": Too small: expected string to have >=2 characters; argument "seats": Invalid input: expected int, received number'],
    ['valibot', 'argument "city": Invalid length: Expected >=2 but received 1; argument "seats": Invalid integer: Received 1.5'],
    ['arktype', 'argument "city": city must be at least length 2 (was 1); argument "seats": seats must be an integer (was 1.5)'],
  ])('answers a %s failure from 2025-11-25 on as an isError result naming each path with the library\'s message', async (vendor, text) => {
    const { call, seen } = server();
    for (const version of ['2025-11-25', '2026-07-28']) {
      const reply = await call(`book_${vendor}`, { city: 'O', seats: 1.5 }, version);
      expect(reply.result).toMatchObject({ content: [{ type: 'text', text }], isError: true });
    }
    expect(seen).toEqual([]);
  });

  it('names the first ten issues of a call that breaks its schema in many places, then how many more', async () => {
    const decl = new ToolDeclaration('t', '1.0.0');
    const defs = new ServiceDefinition();
    defs.registerTool(decl.addTool('many', 'x', { input: z.object({ values: z.array(z.number()) }) }), () => 'never');
    const reply = await new Dispatcher(defs, decl).dispatch(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'many', arguments: { values: Array.from({ length: 25 }, () => 'x') } } }), { protocolVersion: '2025-11-25' });
    const text: string = JSON.parse(reply.body).result.content[0].text;
    expect(text.split('; argument').length).toBe(10);
    expect(text).toMatch(/^argument "values\.0": Invalid input: expected number, received string; .*argument "values\.9": .*; and 15 more$/);
  });

  it('answers a validation failure before 2025-11-25 with -32602 naming the paths', async () => {
    const { call, seen } = server();
    for (const version of ['2025-06-18', '2025-03-26', '2024-11-05']) {
      expect(await call('book_zod', { seats: 0 }, version)).toEqual({
        jsonrpc: '2.0',
        id: 3,
        error: { code: -32602, message: 'argument "city": Invalid input: expected string, received undefined; argument "seats": Too small: expected number to be >=1' },
      });
    }
    expect(seen).toEqual([]);
  });

  it('keeps the argument hygiene before the user\'s validator: a __proto__ key never reaches it', async () => {
    const { call, hand } = server();
    const reply = await call('manual', JSON.parse('{"n":1,"__proto__":{"polluted":true}}'));
    expect(reply.error).toMatchObject({ code: -32602 });
    expect(hand.calls).toEqual([]);
    expect((await call('manual', { n: 2 })).result.content[0].text).toBe('4');
  });

  it('validates with an asynchronous validator in async dispatch, its failures answered as any other', async () => {
    const { call } = server();
    expect((await call('later', { n: 1 })).result).toEqual({ content: [{ type: 'text', text: '2' }], isError: false });
    expect((await call('later', { n: 'x' })).result).toEqual({ content: [{ type: 'text', text: 'argument "n": must be a number' }], isError: true });
    expect(await call('later', { n: 'x' }, '2025-03-26')).toEqual({ jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'argument "n": must be a number' } });
  });

  it('answers an asynchronous validator in synchronous dispatch with -32603, as an asynchronous procedure', () => {
    const { callSync } = server();
    expect(callSync('later', { n: 1 }).error).toEqual({ code: -32603, message: expect.stringContaining('validates its arguments asynchronously') });
    expect(callSync('manual', { n: 1 }).result.content[0].text).toBe('2'); // a synchronous one is fine there
  });

  it('answers a validator that throws with -32603 and tells onError', async () => {
    const decl = new ToolDeclaration('t', '1.0.0');
    const defs = new ServiceDefinition();
    const broken: StandardSchemaV1 = { '~standard': { version: 1, vendor: 'broken', validate: () => { throw new Error('validator bug'); } } };
    defs.registerTool(decl.addTool('broken').setInput(broken, { jsonSchema: { type: 'object' } }), () => 'never');
    const errors: unknown[] = [];
    const reply = await new Dispatcher(defs, decl, { onError: (error) => errors.push(error) }).dispatch(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'broken', arguments: {} } }), { protocolVersion: '2025-11-25' });
    expect(JSON.parse(reply.body).error).toEqual({ code: -32603, message: 'Internal error' });
    expect(errors).toEqual([new Error('validator bug')]);
  });

  it('leaves the builder tools as they were', async () => {
    const decl = new ToolDeclaration('t', '1.0.0');
    const defs = new ServiceDefinition();
    defs.registerTool(decl.addTool('add').addParam('a', integerType()).addParam('b', integerType()), (a, b) => a + b);
    const d = new Dispatcher(defs, decl);
    const send = async (args: unknown) => JSON.parse((await d.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add', arguments: args } }), { protocolVersion: '2025-11-25' })).body).result;
    expect(await send({ a: 1, b: 2 })).toEqual({ content: [{ type: 'text', text: '3' }], isError: false });
    expect(await send({ a: 1 })).toEqual({ content: [{ type: 'text', text: 'missing required argument "b"' }], isError: true });
  });
});

describe('Standard Schema tools as tasks', () => {
  const TASKS = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/tasks': {} } } };

  it.each([
    ['synchronous', handMade()],
    ['asynchronous', handMade(true)],
  ])('validates before the task is created (%s validator): a bad call is answered as without a task', async (_kind, schema) => {
    const decl = new ToolDeclaration('t', '1.0.0');
    const defs = new ServiceDefinition();
    defs.registerTool(decl.addTool('job').setInput(schema, { jsonSchema: { type: 'object', properties: { n: { type: 'number' } } } }).setTaskSupport('optional'), ({ n }) => n);
    const d = new Dispatcher(defs, decl);
    const call = async (args: unknown) => JSON.parse((await d.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'job', arguments: args, _meta: TASKS } }))).body).result;
    expect(await call({ n: 'x' })).toMatchObject({ content: [{ type: 'text', text: 'argument "n": must be a number' }], isError: true });
    expect(await call({ n: 1 })).toMatchObject({ resultType: 'task', status: 'working' });
  });
});

describe('declaring with a Standard Schema', () => {
  const decl = () => new ToolDeclaration('t', '1.0.0');

  it('refuses a schema without Standard JSON Schema, naming the jsonSchema option and toStandardJsonSchema', () => {
    expect(() => decl().addTool('x').setInput(v.object({ a: v.string() }))).toThrow(
      new TypeError(
        'Tool "x" setInput: no JSON Schema to publish for the input: the valibot schema does not publish a Standard JSON Schema. Pass one as setInput(schema, { jsonSchema }), or give a schema with Standard JSON Schema (valibot: toStandardJsonSchema(schema) from @valibot/to-json-schema)',
      ),
    );
  });

  it('refuses a schema whose library cannot write it (a zod Date) with the library\'s reason', () => {
    expect(() => decl().addTool('x').setInput(z.object({ when: z.date() }))).toThrow(/no JSON Schema to publish for the input: its Standard JSON Schema could not be written: Date cannot be represented in JSON Schema/);
  });

  it('refuses a root that is not an object schema, and what is not a Standard Schema', () => {
    expect(() => decl().addTool('x').setInput(z.string())).toThrow(new TypeError('Tool "x" setInput: an input schema must be an object schema (z.object, v.object, type({ … })), got one with "type": "string"'));
    expect(() => decl().addTool('x').setInput({ type: 'object' } as never)).toThrow(/setInput: expected a Standard Schema \(a zod, valibot or arktype schema …\), got/);
  });

  it('refuses setInput and addParam (or setInputSchema) on one tool, in either order', () => {
    const input = z.object({ a: z.number() });
    expect(() => decl().addTool('x').addParam('a', integerType()).setInput(input)).toThrow(new TypeError('Tool "x": setInput cannot be combined with addParam'));
    expect(() => decl().addTool('x').setInput(input).addParam('a' as never, integerType())).toThrow(new TypeError('Tool "x": addParam cannot be combined with setInput'));
    expect(() => decl().addTool('x').setInput(input).setInputSchema({ type: 'object' })).toThrow(new TypeError('Tool "x": setInputSchema cannot be combined with setInput'));
    expect(() => decl().addTool('x').setInputSchema({ type: 'object' }).setInput(input)).toThrow(new TypeError('Tool "x": setInput cannot be combined with setInputSchema'));
  });

  it('writes generated schemas in the portable dialect: no type arrays, no $schema', () => {
    const d = new ToolDeclaration('t', '1.0.0', { schemaDialect: 'portable' });
    d.addTool('x', 'x', { input: z.object({ name: z.string().nullable(), tags: z.array(z.string().nullable()) }) });
    const schema = d.toToolsList('2025-11-25').tools[0].inputSchema;
    expect(schema.properties).toEqual({ name: { anyOf: [{ type: 'string' }, { type: 'null' }] }, tags: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'null' }] } } });
    expect(portableSchemaProblems(schema)).toEqual([]);
    expect(decl().addTool('x').setInput(z.object({ name: z.string().nullable() })).toInputSchema().properties).toEqual({ name: { type: ['string', 'null'] } }); // the default dialect keeps the library's
  });

  it('names on stderr, once, what the portable dialect cannot rewrite in a generated schema', async () => {
    const stderr = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const d = new ToolDeclaration('t', '1.0.0', { schemaDialect: 'portable' });
      d.addTool('anything', 'x', { input: z.object({ value: z.unknown(), name: z.string().nullable() }) });
      const defs = new ServiceDefinition().registerProcedure('anything', () => 1);
      await new Dispatcher(defs, d).dispatch('{"jsonrpc":"2.0","id":1,"method":"ping"}');
      expect(stderr.mock.calls.map((call) => call[0])).toEqual([
        "toolwire: tool \"anything\"'s Standard Schema is not portable (schemaDialect: 'portable'; some hosts and models reject it): inputSchema: an untyped schema at /properties/value",
      ]);
    } finally {
      stderr.mockRestore();
    }
  });

  it('takes a Standard Schema output beside builder parameters', async () => {
    const d = decl();
    const defs = new ServiceDefinition();
    const tool = d.addTool('double').addParam('n', integerType()).setOutput(z.object({ twice: z.number(), unit: z.string().default('x') }));
    defs.registerTool(tool, (n) => ({ twice: n * 2 }));
    const reply = await new Dispatcher(defs, d).dispatch(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'double', arguments: { n: 4 } } }), { protocolVersion: '2025-11-25' });
    expect(JSON.parse(reply.body).result.structuredContent).toEqual({ twice: 8, unit: 'x' });
  });

  it('declares input and output in one call (addTool shorthand); a bad schema adds no tool', () => {
    const d = decl();
    d.addTool('sum', 'Add numbers', { input: z.object({ values: z.array(z.number()) }), output: z.object({ sum: z.number() }) });
    expect(d.toToolsList('2025-11-25').tools[0]).toEqual({
      name: 'sum',
      description: 'Add numbers',
      inputSchema: { type: 'object', properties: { values: { type: 'array', items: { type: 'number' } } }, required: ['values'] },
      outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'], additionalProperties: false },
    });
    expect(() => d.addTool('bad', 'Bad', { input: z.string() as never })).toThrow(TypeError);
    expect(() => d.addTool('bad', 'Bad', { inputs: z.object({}) } as never)).toThrow(new TypeError('addTool "bad": unknown schema "inputs" (known: input, output)'));
    expect(d.getTool('bad')).toBeUndefined();
    expect(d.tools.map((t) => t.name)).toEqual(['sum']);
  });
});

describe('Standard Schema output', () => {
  function outputServer() {
    const decl = new ToolDeclaration('t', '1.0.0');
    const defs = new ServiceDefinition();
    const tool = decl.addTool('stats', 'Stats', { input: z.object({ fail: z.boolean().default(false) }), output: z.object({ count: z.number().int(), unit: z.string().default('items') }) });
    defs.registerTool(tool, ({ fail }) => (fail ? ({ count: 'many' } as never) : { count: 3 }));
    const errors: [unknown, ErrorInfo][] = [];
    const d = new Dispatcher(defs, decl, { onError: (error, info) => errors.push([error, info]) });
    const call = async (args: unknown) => JSON.parse((await d.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'stats', arguments: args } }), { protocolVersion: '2025-11-25' })).body);
    return { decl, call, errors };
  }

  it('publishes outputSchema from the schema\'s output JSON Schema', () => {
    expect(outputServer().decl.toToolsList('2025-11-25').tools[0].outputSchema).toEqual({
      type: 'object',
      properties: { count: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 }, unit: { type: 'string', default: 'items' } },
      required: ['count', 'unit'],
      additionalProperties: false,
    });
  });

  it('sends the validated result (its defaults applied) as structuredContent and one text block', async () => {
    expect((await outputServer().call({})).result).toEqual({ content: [{ type: 'text', text: '{"count":3,"unit":"items"}' }], structuredContent: { count: 3, unit: 'items' }, isError: false });
  });

  it('answers a result the schema refuses with -32603, told to onError, never sent as data', async () => {
    const { call, errors } = outputServer();
    expect(await call({ fail: true })).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Internal error' } });
    expect(String(errors[0][0])).toBe('Error: Tool "stats" returned a result that does not match its output schema: result "count": Invalid input: expected number, received string');
  });

  it('refuses an output schema its library cannot write (a transform) at declaration time', () => {
    expect(() => new ToolDeclaration('t', '1.0.0').addTool('x').setOutput(z.object({ n: z.string().transform((s) => s.length) }))).toThrow(/setOutput: no JSON Schema to publish for the output: .*Transforms cannot be represented/);
  });
});

describe('ctx.elicit({ message, schema })', () => {
  function askServer() {
    const decl = new ToolDeclaration('t', '1.0.0');
    const defs = new ServiceDefinition();
    const tool = decl.addTool('book', 'Book after asking');
    defs.registerTool(tool, async (ctx) => {
      const answer = await ctx.elicit({ message: 'How many seats?', schema: z.object({ seats: z.number().int().min(1).max(4) }) });
      return answer.action === 'accept' ? `booked ${answer.content.seats}` : 'not booked';
    });
    const d = new Dispatcher(defs, decl);
    const call = async (inputResponses?: unknown) =>
      JSON.parse((await d.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'book', arguments: {}, _meta: MODERN, ...(inputResponses ? { inputResponses } : {}) } }))).body).result;
    return { call };
  }

  it('sends the schema\'s JSON Schema as the requestedSchema', async () => {
    expect((await askServer().call()).inputRequests).toEqual({
      'elicitation-1': {
        method: 'elicitation/create',
        params: { message: 'How many seats?', requestedSchema: { type: 'object', properties: { seats: { type: 'integer', minimum: 1, maximum: 4 } }, required: ['seats'] } },
      },
    });
  });

  it('gives the tool the validated content, and a decline as it is', async () => {
    const { call } = askServer();
    expect((await call({ 'elicitation-1': { action: 'accept', content: { seats: 2 } } })).content[0].text).toBe('booked 2');
    expect((await call({ 'elicitation-1': { action: 'decline' } })).content[0].text).toBe('not booked');
  });

  it('rejects an answer the schema refuses with InvalidAnswerError naming the member (uncaught: isError)', async () => {
    const decl = new ToolDeclaration('t', '1.0.0');
    const defs = new ServiceDefinition();
    // an integer the requestedSchema lets through, but a refinement of the schema refuses
    const even = z.object({ seats: z.number().int().refine((n) => n % 2 === 0, 'seats come in pairs') });
    defs.registerTool(decl.addTool('pairs'), async (ctx) => String((await ctx.elicit({ message: 'Seats?', schema: even })).content?.seats));
    const reply = await new Dispatcher(defs, decl).dispatch(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'pairs', arguments: {}, _meta: MODERN, inputResponses: { 'elicitation-1': { action: 'accept', content: { seats: 3 } } } } }),
    );
    expect(JSON.parse(reply.body).result).toMatchObject({ content: [{ type: 'text', text: 'The client\'s answer to elicitation/create does not match the tool\'s schema: content "seats": seats come in pairs' }], isError: true });
  });
});
