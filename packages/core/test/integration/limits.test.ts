/**
 * The dispatcher's limits — maxDepth, maxBatch, maxArgumentElements, maxStringLength and the
 * refused prototype keys: on by default, configurable, each rejection a well-formed JSON-RPC
 * error that names the limit and its value, and the procedure never called.
 */
import fc from 'fast-check';
import { DEFAULT_LIMITS, Dispatcher, ServiceDefinition, ToolDeclaration, ArrayType, ObjectType, integerType, stringType } from '@toolwire/core';
import type { DispatcherOptions } from '@toolwire/core';

function setup(options?: DispatcherOptions) {
  const calls: unknown[][] = [];
  const decl = new ToolDeclaration('limits', '1');
  decl.addTool('any', 'takes anything').addParam('value', new ObjectType(), 'an open object');
  decl.addTool('list', 'takes a list').addParam('items', new ArrayType(integerType()), 'integers');
  decl.addTool('text', 'takes a string').addParam('s', stringType(), 'a string');
  const defs = new ServiceDefinition();
  for (const name of ['any', 'list', 'text']) defs.registerProcedure(name, (...args: unknown[]) => (calls.push(args.slice(0, -1)), 'ok'));
  return { dispatcher: new Dispatcher(defs, decl, { onError: () => undefined, ...options }), calls };
}

const toolCall = (name: string, args: unknown, id: number | string = 1): string =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

/** A value `levels` containers deep: [[[…]]]. */
const nested = (levels: number): unknown => (levels === 0 ? 0 : [nested(levels - 1)]);

/** The nesting depth of a JSON value, as maxDepth counts it. */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + children.reduce((max: number, child) => Math.max(max, depthOf(child)), 0);
}

describe('defaults', () => {
  it('are on: depth 64, batches of 100, 10,000 argument values, 4 Mi-character strings, 64 KiB request states, 8 Ki-character resource URIs, 5-minute calls, 1,000 calls in flight, 10,000 listeners (100 per principal, 1,000 resources each)', () => {
    expect(DEFAULT_LIMITS).toEqual({ maxDepth: 64, maxBatch: 100, maxArgumentElements: 10_000, maxStringLength: 4 * 1024 * 1024, maxRequestStateBytes: 64 * 1024, maxUriLength: 8192, callTimeoutMs: 300_000, maxConcurrentCalls: 1000, maxConcurrentCallsPerPrincipal: 100, taskTimeoutMs: 900_000, maxRunningTasksPerPrincipal: 100, maxTaskResultWaits: 1000, maxTaskResultWaitsPerPrincipal: 100, maxSubscriptions: 10_000, maxSubscriptionsPerPrincipal: 100, maxResourceSubscriptions: 1000 });
    expect(Object.isFrozen(DEFAULT_LIMITS)).toBe(true);
  });
});

describe('maxDepth', () => {
  // the message itself is level 1, params 2, arguments 3, value 4: its member v nests the rest
  const atDepth = (depth: number): string => toolCall('any', { value: { v: nested(depth - 4) } });

  it('accepts a message 64 levels deep and refuses 65 with -32602 naming the limit, with the request\'s id', () => {
    const { dispatcher, calls } = setup();
    expect(depthOf(JSON.parse(atDepth(64)))).toBe(64);
    expect(JSON.parse(dispatcher.dispatchSync(atDepth(64)).body).result.isError).toBe(false);
    const refused = dispatcher.dispatchSync(atDepth(65));
    expect(refused.status).toBe(200);
    expect(JSON.parse(refused.body)).toEqual({ jsonrpc: '2.0', id: JSON.parse(atDepth(64)).id, error: { code: -32602, message: 'Invalid params: the message nests deeper than maxDepth (64)' } });
    expect(calls).toHaveLength(1);
  });

  it('refuses before parsing: 1,000,000 unclosed [ is a depth error, not a parse error', () => {
    const { dispatcher } = setup();
    expect(JSON.parse(dispatcher.dispatchSync('['.repeat(1_000_000)).body).error.message).toMatch(/maxDepth \(64\)/);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const { dispatcher } = setup();
    const s = '\\"[{'.repeat(1000) + '\\\\';
    const reply = JSON.parse(dispatcher.dispatchSync(toolCall('text', { s })).body);
    expect(reply.result.isError).toBe(false);
  });

  it('applies to already parsed messages too', () => {
    const { dispatcher } = setup({ maxDepth: 8 });
    const refused = dispatcher.dispatchSync(JSON.parse(atDepth(9)));
    expect([refused.status, JSON.parse(refused.body).error.code]).toEqual([200, -32602]);
    expect(dispatcher.dispatchSync(JSON.parse(atDepth(8))).status).toBe(200);
  });

  it('is configurable, and Infinity turns it off', () => {
    expect(setup({ maxDepth: 8 }).dispatcher.dispatchSync(atDepth(9)).body).toMatch(/maxDepth \(8\)/);
    expect(JSON.parse(setup({ maxDepth: Infinity }).dispatcher.dispatchSync(atDepth(500)).body).result.isError).toBe(false);
  });

  it('refuses exactly the messages deeper than the limit (property: arbitrary JSON as params, text and parsed)', () => {
    const { dispatcher } = setup({ maxDepth: 6 });
    let deep = 0;
    fc.assert(
      // large depths: ~6 % of the values nest deeper than the limit (at the default size, 0.2 %: the refusal was seldom reached)
      fc.property(fc.jsonValue({ maxDepth: 8, depthSize: 'large' }), (params) => {
        const message = { jsonrpc: '2.0', id: 1, method: 'ping', params };
        const tooDeep = depthOf(message) > 6;
        if (tooDeep) deep++;
        for (const input of [JSON.stringify(message), message]) {
          const reply = dispatcher.dispatchSync(input);
          expect(/maxDepth/.test(reply.body)).toBe(tooDeep);
          // the id is readable: a too-deep request is answered in-band, -32602 with its id (HTTP 200), as above
          expect(reply.status).toBe(200);
          expect((JSON.parse(reply.body) as { id: unknown }).id).toBe(1);
        }
      }),
      { numRuns: 300 },
    );
    expect(deep).toBeGreaterThan(0);
  });
});

describe('maxBatch', () => {
  const batch = (n: number): string => JSON.stringify(Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' })));

  it('answers a batch of 100 and refuses 101 with -32600 naming the limit (HTTP 400)', () => {
    const { dispatcher } = setup();
    expect(JSON.parse(dispatcher.dispatchSync(batch(100)).body)).toHaveLength(100);
    const refused = dispatcher.dispatchSync(batch(101));
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: a batch of 101 entries exceeds maxBatch (100)' } });
  });

  it('is configurable', () => {
    const { dispatcher } = setup({ maxBatch: 2 });
    expect(dispatcher.dispatchSync(batch(2)).status).toBe(200);
    expect(dispatcher.dispatchSync(batch(3)).body).toMatch(/maxBatch \(2\)/);
    expect(setup({ maxBatch: Infinity }).dispatcher.dispatchSync(batch(1000)).status).toBe(200);
  });
});

describe('maxArgumentElements', () => {
  it('accepts 10,000 values and refuses 10,001 with -32602 and the request id, without calling the procedure', () => {
    const { dispatcher, calls } = setup();
    const ok = JSON.parse(dispatcher.dispatchSync(toolCall('list', { items: new Array(9_999).fill(1) })).body); // the array itself is one
    expect(ok.result.isError).toBe(false);
    const refused = JSON.parse(dispatcher.dispatchSync(toolCall('list', { items: new Array(10_000).fill(1) }, 'big')).body);
    expect(refused).toEqual({ jsonrpc: '2.0', id: 'big', error: { code: -32602, message: 'arguments hold more than maxArgumentElements (10000) values' } });
    expect(calls).toHaveLength(1);
  });

  it('counts through every level, and is a JSON-RPC error under 2025-11-25 too (a limit, not a schema mistake)', () => {
    const { dispatcher, calls } = setup({ maxArgumentElements: 6 });
    // value, a, 1, 2, b, c: six values
    expect(JSON.parse(dispatcher.dispatchSync(toolCall('any', { value: { a: [1, 2], b: { c: 3 } } })).body).result.isError).toBe(false);
    calls.length = 0;
    const reply = JSON.parse(dispatcher.dispatchSync(toolCall('any', { value: { a: [1, 2, 3], b: { c: 3 } } }), { protocolVersion: '2025-11-25' }).body);
    expect(reply.error).toEqual({ code: -32602, message: 'arguments hold more than maxArgumentElements (6) values' });
    expect(calls).toHaveLength(0);
  });
});

describe('maxStringLength', () => {
  it('refuses a longer string value or key, naming the argument and the limit', () => {
    const { dispatcher, calls } = setup({ maxStringLength: 10 });
    expect(JSON.parse(dispatcher.dispatchSync(toolCall('text', { s: 'x'.repeat(10) })).body).result.isError).toBe(false);
    expect(JSON.parse(dispatcher.dispatchSync(toolCall('text', { s: 'x'.repeat(11) })).body).error).toEqual({
      code: -32602,
      message: 'argument "s": a string of 11 characters exceeds maxStringLength (10)',
    });
    expect(JSON.parse(dispatcher.dispatchSync(toolCall('any', { value: { list: ['ok', 'y'.repeat(12)] } })).body).error.message).toBe(
      'argument "value.list[1]": a string of 12 characters exceeds maxStringLength (10)',
    );
    expect(JSON.parse(dispatcher.dispatchSync(toolCall('any', { value: { ['k'.repeat(11)]: 1 } })).body).error.message).toBe(
      'argument "value": a key of 11 characters exceeds maxStringLength (10)',
    );
    expect(JSON.parse(dispatcher.dispatchSync(toolCall('text', { ['n'.repeat(11)]: 1 })).body).error.message).toBe(
      'arguments: a key of 11 characters exceeds maxStringLength (10)',
    );
    expect(calls).toHaveLength(1);
  });
});

describe('prototype keys', () => {
  it('refuses "__proto__" at any level and "prototype" inside "constructor"; a plain "constructor" member is fine', () => {
    const { dispatcher, calls } = setup();
    const proto = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"any","arguments":{"value":{"a":{"__proto__":{"polluted":true}}}}}}';
    expect(JSON.parse(dispatcher.dispatchSync(proto).body).error).toEqual({ code: -32602, message: 'argument "value.a.__proto__": the key "__proto__" is not allowed' });
    const ctor = toolCall('any', { value: { constructor: { prototype: { polluted: true } } } });
    expect(JSON.parse(dispatcher.dispatchSync(ctor).body).error.message).toBe('argument "value.constructor.prototype": the key "prototype" inside "constructor" is not allowed');
    expect(calls).toHaveLength(0);
    expect(JSON.parse(dispatcher.dispatchSync(toolCall('any', { value: { constructor: 'a name' } })).body).result.isError).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('limit options', () => {
  it.each([['maxDepth', 0], ['maxBatch', -1], ['maxArgumentElements', 1.5], ['maxStringLength', '10'], ['callTimeoutMs', 2 ** 31]])(
    'refuses %s: %p with a TypeError naming the option',
    (name, value) => {
      expect(() => setup({ [name]: value } as DispatcherOptions)).toThrow(new RegExp(`option ${name}: expected a positive integer`));
    },
  );
});
