/** ServiceDefinition and faults: registering procedures and the errors setup mistakes raise. */
import { ErrorCodes, JsonRpcFault, RemotingFault, ServiceDefinition } from '@toolwire/core';

describe('ServiceDefinition', () => {
  it('registers functions and methods bound to their object', () => {
    class Calculator {
      constructor(private readonly offset: number) {}
      add(a: number, b: number): number {
        return a + b + this.offset;
      }
    }
    const calc = new Calculator(100);
    const fn = (x: number) => x;
    const defs = new ServiceDefinition().registerProcedure('id', fn).registerProcedure('add', calc, 'add');
    expect(defs.getProcedure('id')?.fn).toBe(fn);
    const add = defs.getProcedure('add');
    expect(add?.fn.apply(add.thisArg, [1, 2])).toBe(103);
    expect(defs.getProcedure('missing')).toBeUndefined();
  });

  it('refuses setup mistakes at once with clear errors', () => {
    const defs = new ServiceDefinition().registerProcedure('a', () => 1);
    expect(() => defs.registerProcedure('a', () => 2)).toThrow(RangeError);
    expect(() => defs.registerProcedure('b', 42 as never)).toThrow('registerProcedure "b": expected a function, got number');
    expect(() => defs.registerProcedure('c', {}, 'nope' as never)).toThrow(/expected method "nope" to be a function, got undefined/);
    expect(() => defs.registerProcedure('', () => 1)).toThrow(TypeError);
  });
});

describe('faults', () => {
  it('JsonRpcFault is a RemotingFault with a code', () => {
    const f = new JsonRpcFault('nope', ErrorCodes.InvalidParams);
    expect(f).toBeInstanceOf(RemotingFault);
    expect(f).toBeInstanceOf(Error);
    expect([f.message, f.code, f.name]).toEqual(['nope', -32602, 'JsonRpcFault']);
    expect(new RemotingFault('x').name).toBe('RemotingFault');
    expect(() => new JsonRpcFault('x', 1.5)).toThrow(TypeError);
  });

  it('exports the JSON-RPC codes', () => {
    expect(ErrorCodes).toEqual({ ParseError: -32700, InvalidRequest: -32600, MethodNotFound: -32601, InvalidParams: -32602, InternalError: -32603, ServerBusy: -32000, RateLimited: 429, ResourceNotFound: -32002, HeaderMismatch: -32020, MissingClientCapability: -32021, UnsupportedProtocolVersion: -32022 });
  });
});
