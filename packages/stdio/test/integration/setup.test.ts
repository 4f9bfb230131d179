import { PassThrough } from 'node:stream';
import { ServiceDefinition, ToolDeclaration, stringType } from '@toolwire/core';
import { Service, StdioService, MemorySource, serveStdio } from '@toolwire/stdio';

const decl = new ToolDeclaration('s', '1');
decl.addTool('echo', 'Echo').addParam('message', stringType(), 'm');
const defs = new ServiceDefinition().registerProcedure('echo', (m: string) => m);

describe('stdio setup mistakes fail at once', () => {
  it.each([
    ['new Service', () => new Service(decl as never, defs as never)],
    ['new StdioService', () => new StdioService(decl as never, defs as never)],
  ])('%s with (decl, defs) throws a TypeError naming the swap', (owner, make) => {
    expect(make).toThrow(TypeError);
    expect(make).toThrow(new RegExp(`^${owner}: expected a ServiceDefinition as the first argument, got a ToolDeclaration — the arguments look swapped`));
  });

  it('serveStdio with (decl, defs) rejects with the swap named, before reading anything', async () => {
    const input = new PassThrough();
    await expect(serveStdio(decl as never, defs as never, { input, output: new PassThrough() })).rejects.toThrow(/^serveStdio: .*swapped: serveStdio takes \(defs, decl\)/);
  });

  it('refuses bad and unknown dispatcher options', () => {
    expect(() => new Service(defs, decl, { onError: 'x' as never })).toThrow(/option onError: expected a function, got the string "x"/);
    expect(() => new StdioService(defs, decl, { exposeInternalError: true } as never)).toThrow(/unknown option "exposeInternalError" \(did you mean "exposeInternalErrors"\?\)/);
    expect(() => new StdioService(defs, decl, { maxMessageByte: 1 } as never)).toThrow(/^new StdioService: unknown option "maxMessageByte" \(did you mean "maxMessageBytes"\?\); known options: maxMessageBytes, exposeInternalErrors, /);
  });

  it('passes every dispatcher option on: exposeInternalErrors and onError reach the dispatcher', () => {
    const seen: unknown[] = [];
    const d = new ServiceDefinition().registerProcedure('echo', () => {
      throw new Error('boom');
    });
    const s = new Service(d, decl, { exposeInternalErrors: true, onError: (_error, info) => seen.push(info) });
    const reply = JSON.parse(s.dispatch('{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo","arguments":{"message":"a"}}}'));
    expect(reply.error).toEqual({ code: -32603, message: 'boom' });
    expect(seen).toEqual([{ requestId: 3, method: 'tools/call', tool: 'echo' }]);
  });
});

describe('stdio oversize placeholder', () => {
  it('answers two oversize messages read before either is dispatched with -32600 each (no placeholder leaks)', () => {
    const s = new Service(defs, decl, { maxMessageBytes: 32 });
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(100) } });
    const source = new MemorySource(`${big}\n${big}\n`);
    const first = s.readMessage(source);
    const second = s.readMessage(source);
    for (const text of [first, second]) {
      const reply = JSON.parse(s.dispatch(text));
      expect(reply).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/exceeds the limit of 32 bytes/) } });
    }
  });
});
