import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { Dispatcher, ServiceDefinition, ToolDeclaration, integerType, RemotingFault } from '@toolwire/core';

function setup(fn: (...args: unknown[]) => unknown): Dispatcher {
  const decl = new ToolDeclaration('s', '1');
  decl.addTool('t', 'A tool').addParam('a', integerType(), 'a');
  return new Dispatcher(new ServiceDefinition().registerProcedure('t', fn), decl);
}
const call = '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"t","arguments":{"a":12345}}}';

describe('default error reporting', () => {
  it('writes one stderr line with method, tool, request id and stack, never the arguments, when there is no onError', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const reply = JSON.parse(setup(() => {
        throw new Error('disk on fire');
      }).dispatchSync(call).body);
      expect(reply.error).toEqual({ code: -32603, message: 'Internal error' });
      expect(spy).toHaveBeenCalledTimes(1);
      const line = String(spy.mock.calls[0][0]);
      expect(line).toMatch(/^toolwire: unexpected error \(tools\/call, tool "t", request 7\): Error: disk on fire\n\s+at /);
      expect(line).not.toContain('12345');
    } finally {
      spy.mockRestore();
    }
  });

  it('onError replaces the default line', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const decl = new ToolDeclaration('s', '1');
      decl.addTool('t', 'x');
      const seen: unknown[] = [];
      const d = new Dispatcher(new ServiceDefinition().registerProcedure('t', () => { throw new Error('x'); }), decl, { onError: (e) => seen.push(e) });
      d.dispatchSync('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t"}}');
      expect(seen).toHaveLength(1);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});

describe('the status of every answer comes from core', () => {
  const d = setup((a) => a);
  it.each([
    ['a response', call, 200],
    ['a method not found (in-band)', '{"jsonrpc":"2.0","id":1,"method":"nope"}', 200],
    ['a notification', '{"jsonrpc":"2.0","method":"notifications/initialized"}', 202],
    ['invalid JSON', '{', 400],
    ['an invalid envelope', '[]', 400],
  ])('%s gets the status from core', (_name, message, status) => {
    expect(d.dispatchSync(message).status).toBe(status);
  });
  it('an unsupported protocol version → 400', () => {
    expect(d.dispatchSync(call, { protocolVersion: '1999-01-01' }).status).toBe(400);
  });
});

describe('setup checks in core', () => {
  it('new Dispatcher(decl, defs) names the swap; bad options are refused', () => {
    const decl = new ToolDeclaration('s', '1');
    const defs = new ServiceDefinition();
    expect(() => new Dispatcher(decl as never, defs as never)).toThrow(/^new Dispatcher: expected a ServiceDefinition as the first argument, got a ToolDeclaration — the arguments look swapped/);
    expect(() => new Dispatcher(defs, decl, { onError: 'x' as never })).toThrow(TypeError);
    expect(() => new Dispatcher(defs, decl, { verbose: true } as never)).toThrow(/unknown option "verbose"/);
  });

  it('an option named like a member of every object (toString, constructor, __proto__ from JSON) is an unknown option, not a check', () => {
    const decl = new ToolDeclaration('s', '1');
    const defs = new ServiceDefinition();
    for (const options of [{ toString: 1 }, { constructor: 1 }, { hasOwnProperty: 1 }, JSON.parse('{"__proto__": 1}') as object]) {
      const [name] = Object.keys(options);
      expect(() => new Dispatcher(defs, decl, options as never)).toThrow(new RegExp(`^new Dispatcher: unknown option "${name}"`));
    }
  });
});

describe('two installed copies of @toolwire/core', () => {
  let dir: string;
  // a second copy of the built package, as a second node_modules resolution would give
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'toolwire-copy-'));
    const pkg = dirname(require.resolve('@toolwire/core/package.json'));
    cpSync(join(pkg, 'dist'), join(dir, 'dist'), { recursive: true });
    cpSync(join(pkg, 'package.json'), join(dir, 'package.json'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('recognises faults, Types, declarations and definitions made by the other copy', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const other = require(join(dir, 'dist', 'cjs', 'index.js')) as typeof import('@toolwire/core'); // what require('@toolwire/core') loads
    expect(other.RemotingFault).not.toBe(RemotingFault);
    const decl = new other.ToolDeclaration('s', '1');
    decl.addTool('t', 'x').addParam('a', other.integerType(), 'a');
    const defs = new other.ServiceDefinition().registerProcedure('t', () => {
      throw new other.RemotingFault('not today');
    });
    const d = new Dispatcher(defs, decl); // this copy's dispatcher, the other copy's objects
    const reply = JSON.parse(d.dispatchSync(call).body);
    expect(reply.result).toEqual({ content: [{ type: 'text', text: 'not today' }], isError: true });
    const bad = JSON.parse(d.dispatchSync(call.replace('12345', '"x"'), { protocolVersion: '2025-03-26' }).body);
    expect(bad.error.message).toMatch(/argument "a": expected integer/);
  });

  it('keeps ordinary instanceof for subclasses', () => {
    class MyFault extends RemotingFault {}
    expect(new MyFault('x')).toBeInstanceOf(RemotingFault);
    expect(new RemotingFault('x')).not.toBeInstanceOf(MyFault);
  });
});
