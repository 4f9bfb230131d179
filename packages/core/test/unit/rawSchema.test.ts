/** Tools with a raw input schema: what the dispatcher checks, and how arguments are positioned. */
import { Dispatcher, ServiceDefinition, ToolDeclaration } from '@toolwire/core';

const schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: { address: { type: 'object', properties: { city: { type: 'string' } } } },
  properties: { name: { type: 'string' }, age: { type: ['integer', 'null'] }, address: { $ref: '#/$defs/address' } },
  required: ['name'],
  additionalProperties: false,
};

function dispatcher() {
  const seen: unknown[][] = [];
  const defs = new ServiceDefinition().registerProcedure('person', (...args: unknown[]) => {
    seen.push(args.slice(0, 3));
    return 'ok';
  });
  const decl = new ToolDeclaration('s', '1');
  decl.addTool('person', 'A person').setInputSchema(schema);
  return { d: new Dispatcher(defs, decl), seen };
}

const call = (args: unknown) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'person', arguments: args } });

describe('raw input schemas', () => {
  it('positions arguments in the order of properties', async () => {
    const { d, seen } = dispatcher();
    await d.dispatch(call({ address: { city: 'Oslo' }, name: 'Ada' }));
    expect(seen).toEqual([['Ada', undefined, { city: 'Oslo' }]]);
  });

  it.each([
    ['a missing required name', { age: 3 }, 'missing required argument "name"'],
    ['an unknown name', { name: 'A', shoe: 42 }, 'unknown argument "shoe"'],
    ['a plain type mismatch', { name: 3 }, 'argument "name": expected string, got number'],
    ['a type-list mismatch', { name: 'A', age: 'old' }, 'argument "age": expected integer or null, got string'],
  ])('refuses %s', async (_what, args, message) => {
    const { d, seen } = dispatcher();
    const res = JSON.parse((await d.dispatch(call(args), { protocolVersion: '2025-11-25' })).body);
    expect(res.result).toEqual({ content: [{ type: 'text', text: message }], isError: true });
    expect(seen).toEqual([]);
  });

  it('positions and enforces required names that have no property, after the properties', async () => {
    const seen: unknown[][] = [];
    const defs = new ServiceDefinition().registerProcedure('q', (...args: unknown[]) => {
      seen.push(args.slice(0, 2));
      return 'ok';
    });
    const decl = new ToolDeclaration('s', '1');
    decl.addTool('q').setInputSchema({ type: 'object', properties: { limit: { type: 'integer' } }, required: ['query'] });
    const d = new Dispatcher(defs, decl);
    const missing = JSON.parse((await d.dispatch('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"q","arguments":{"limit":3}}}')).body);
    expect(missing.error).toEqual({ code: -32602, message: 'missing required argument "query"' });
    await d.dispatch('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"q","arguments":{"query":"x"}}}');
    expect(seen).toEqual([[undefined, 'x']]);
  });

  it('leaves $ref members to the procedure', async () => {
    const { d, seen } = dispatcher();
    await d.dispatch(call({ name: 'A', address: 'not checked here' }));
    expect(seen).toEqual([['A', undefined, 'not checked here']]);
  });
});
