/** Construction-time checks: bad arguments and options throw clear TypeErrors before any request. */
import { mcpHandler, mcpRouter, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_SSE_BUFFER_BYTES } from '../../src';
import { resolveHttpOptions } from '../../src/McpHttpOptions';
import { testService } from '../helpers/testService';

const { decl, defs } = testService();

describe('options', () => {
  it('defaults maxBodyBytes to 4 MiB, maxSseBufferBytes to 1 MiB and strictAccept to false', () => {
    const resolved = resolveHttpOptions(undefined);
    expect(resolved.maxBodyBytes).toBe(4 * 1024 * 1024);
    expect(DEFAULT_MAX_BODY_BYTES).toBe(4 * 1024 * 1024);
    expect(resolved.maxSseBufferBytes).toBe(1024 * 1024);
    expect(DEFAULT_MAX_SSE_BUFFER_BYTES).toBe(1024 * 1024);
    expect(resolveHttpOptions({ maxSseBufferBytes: 4096 }).maxSseBufferBytes).toBe(4096);
    expect(resolved.strictAccept).toBe(false);
    expect(resolved.allowedHosts).toBeUndefined();
    expect(resolved.allowedOrigins).toBeUndefined();
  });

  it.each([
    [{ maxBodyBytes: 0 }, /maxBodyBytes: expected a positive integer, got 0/],
    [{ maxBodyBytes: 1.5 }, /maxBodyBytes/],
    [{ maxBodyBytes: '4mb' }, /maxBodyBytes: expected a positive integer, got the string "4mb"/],
    [{ maxSseBufferBytes: 0 }, /maxSseBufferBytes: expected a positive integer, got 0/],
    [{ maxSseBufferBytes: '1mb' }, /maxSseBufferBytes: expected a positive integer, got the string "1mb"/],
    [{ strictAccept: 'yes' }, /strictAccept: expected a boolean/],
    [{ allowedOrigins: 'https://a.example' }, /allowedOrigins: expected an array of non-empty strings/],
    [{ allowedHosts: ['ok.example', 3] }, /allowedHosts\[1\]: expected a non-empty string, got 3/],
    [{ allowedOrigins: ['not an origin'] }, /allowedOrigins: expected origins/],
    [{ exposeInternalErrors: 1 }, /exposeInternalErrors: expected a boolean/],
    [{ onError: 'log' }, /onError: expected a function/],
  ])('mcpRouter throws a TypeError for %j', (options, message) => {
    expect(() => mcpRouter(decl, defs, options as never)).toThrow(TypeError);
    expect(() => mcpRouter(decl, defs, options as never)).toThrow(message);
  });

  it('throws a TypeError for an options value that is not an object', () => {
    expect(() => mcpHandler(decl, defs, 42 as never)).toThrow(/expected an options object, got 42/);
  });

  it('throws a TypeError naming the function the user called when the declaration and definition are swapped', () => {
    expect(() => mcpRouter(defs as never, decl as never)).toThrow(
      'mcpRouter: expected a ToolDeclaration as the first argument, got a ServiceDefinition — the arguments look swapped: mcpRouter takes (decl, defs)',
    );
    expect(() => mcpHandler(defs as never, decl as never)).toThrow(/^mcpHandler: .* mcpHandler takes \(decl, defs\)$/);
  });

  it('names the nearest option and lists every known one (HTTP and dispatcher) for an unknown option', () => {
    let message = '';
    try {
      mcpRouter(decl, defs, { allowedHost: ['mybox.local'] } as never);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^@toolwire\/express: unknown option "allowedHost" \(did you mean "allowedHosts"\?\); known options: allowedOrigins, allowedHosts, maxBodyBytes, .*exposeInternalErrors, onError/);
    expect(() => mcpRouter(decl, defs, { zzz: 1 } as never)).toThrow(/unknown option "zzz"; known options: /);
  });

  it('throws a TypeError when the definition is missing', () => {
    expect(() => mcpHandler(decl, undefined as never)).toThrow(/expected a ServiceDefinition as the second argument, got undefined/);
  });
});
