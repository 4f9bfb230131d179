/** HttpRules: the checks every HTTP transport shares, in the specification's order, with core's refusals. */
import { HttpRefusals, HttpRules, resolveHttpOptions } from '@toolwire/core/http';
import type { HttpRequestHead } from '@toolwire/core/http';

const ok: HttpRequestHead = { method: 'POST', origin: undefined, host: 'localhost:3000', accept: undefined, contentType: 'application/json' };
const rules = (options?: object) => new HttpRules(resolveHttpOptions('test', options), 'test');

describe('HttpRules', () => {
  it('passes a plain local POST and refuses in order: method, Origin, Host, Accept, Content-Type', () => {
    const strict = rules({ strictAccept: true });
    expect(rules().check(ok)).toBeUndefined();
    const bad: HttpRequestHead = { method: 'GET', origin: 'http://other.example', host: 'evil.example', accept: 'text/html', contentType: 'text/plain' };
    expect(strict.check(bad)).toBe(HttpRefusals.methodNotAllowed);
    expect(strict.check({ ...bad, method: 'POST' })).toMatchObject({ status: 403, body: expect.stringContaining('Forbidden: Origin \\"http://other.example\\" not allowed') });
    expect(strict.check({ ...bad, method: 'POST', origin: undefined })).toMatchObject({ status: 403, body: expect.stringContaining('Forbidden: Host \\"evil.example\\" not allowed') });
    expect(strict.check({ ...bad, method: 'POST', origin: undefined, host: 'localhost' })).toBe(HttpRefusals.notAcceptable);
    expect(strict.check({ ...ok, accept: 'application/json, text/event-stream', contentType: 'text/plain' })).toBe(HttpRefusals.unsupportedMediaType);
  });

  it('decides Host by the local address when the transport knows it, by the loopback names when it does not', () => {
    expect(rules().check({ ...ok, host: 'mcp.example.com', localAddress: '10.0.0.5' })).toBeUndefined();
    expect(rules().check({ ...ok, host: 'mcp.example.com', localAddress: '127.0.0.1' })?.status).toBe(403);
    expect(rules().check({ ...ok, host: 'mcp.example.com' })?.status).toBe(403);
    expect(rules().check({ ...ok, host: undefined })).toBe(HttpRefusals.forbiddenHost);
    expect(rules({ allowedHosts: ['mcp.example.com'] }).check({ ...ok, host: 'mcp.example.com' })).toBeUndefined();
  });

  it('prepares each refusal as a status, JSON headers and a JSON-RPC error body with id null', () => {
    expect(HttpRefusals.methodNotAllowed).toEqual({
      status: 405,
      headers: { Allow: 'POST', 'Content-Type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Method Not Allowed: only POST is accepted"}}',
    });
    expect(rules({ maxBodyBytes: 10 }).tooLarge).toEqual({
      status: 413,
      headers: { 'Content-Type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Payload Too Large: the request body exceeds 10 bytes"}}',
    });
    expect(JSON.parse(HttpRefusals.internal.body).error.code).toBe(-32603);
  });

  it('names the owner in option errors', () => {
    expect(() => resolveHttpOptions('@toolwire/fetch', { maxBodyBytes: -1 })).toThrow('@toolwire/fetch: option maxBodyBytes: expected a positive integer, got -1');
    expect(() => rules({ allowedHosts: ['a b:c'] })).toThrow(/^test: allowedHosts/);
  });
});
