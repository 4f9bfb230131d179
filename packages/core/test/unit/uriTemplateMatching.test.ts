/**
 * How a resources/read URI meets the templates: matching without backtracking (a long URI against
 * templates with adjacent variables or unreserved literals finishes, and each variable stops at
 * its next literal), the `maxUriLength` cap checked before any template, the decoded values a
 * variable refuses by default (`/`, `\`, `..`, NUL) unless `allowAnyValue` says otherwise, and an
 * unknown URI repeated only in part by the error message.
 */
import { Access } from '../../src/transport';
import { Dispatcher, ServiceDefinition, ToolDeclaration } from '../../src';
import type { AuthInfo } from '../../src';
import { parseUriTemplate } from '../../src/declaration/uriTemplate';

async function read(dispatcher: Dispatcher, uri: string, access?: Access) {
  const result = await dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri } }), { protocolVersion: '2025-11-25', access });
  return { status: result.status, ...JSON.parse(result.body) };
}

describe('URI template matching', () => {
  // before the fix each of these backtracked polynomially: 2 KB took 9-16 s, 64 KB would take hours
  it.each([
    ['reports://{region}-{year}-{month}', (n: number) => `reports://${'-'.repeat(n)}!`],
    ['files://{name}.{ext}', (n: number) => `files://${'.'.repeat(n)}/`],
    ['pairs://{a}{b}', (n: number) => `pairs://${'a'.repeat(n)}/`],
    ['reports://{region}-{year}-{month}.csv', (n: number) => `reports://${'-'.repeat(n)}.cs`],
  ])('matches %s against 4 KB and 64 KB URIs that do not fit, without backtracking', (text, uri) => {
    const template = parseUriTemplate('test', text);
    expect(template.match(uri(4 * 1024))).toBeUndefined();
    expect(template.match(uri(64 * 1024))).toBeUndefined();
  });

  it('stops each variable at the first place its next literal appears', () => {
    expect(parseUriTemplate('t', 'reports://{region}-{year}-{month}').match('reports://eu-2024-01')).toEqual({ region: 'eu', year: '2024', month: '01' });
    expect(parseUriTemplate('t', 'reports://{region}-{year}-{month}').match('reports://eu-west-2024-01')).toEqual({ region: 'eu', year: 'west', month: '2024-01' });
    expect(parseUriTemplate('t', 'files://{name}.{ext}').match('files://a.tar.gz')).toEqual({ name: 'a', ext: 'tar.gz' });
    expect(parseUriTemplate('t', 'pairs://{a}{b}').match('pairs://xy')).toEqual({ a: 'xy', b: '' });
    expect(parseUriTemplate('t', 'pairs://{a}{b}-{c}').match('pairs://xy-z')).toEqual({ a: 'xy', b: '', c: 'z' });
  });

  it('matches the last literal at the end of the URI, and the first at its start', () => {
    expect(parseUriTemplate('t', 'test://{id}.txt').match('test://a.txt.txt')).toEqual({ id: 'a.txt' });
    expect(parseUriTemplate('t', 'test://{id}.txt').match('test://.txt')).toEqual({ id: '' });
    expect(parseUriTemplate('t', 'test://{id}.txt').match('test:/.txt')).toBeUndefined();
    expect(parseUriTemplate('t', 'test://x{id}x').match('test://x')).toBeUndefined(); // the literals may not overlap
    expect(parseUriTemplate('t', 'test://plain').match('test://plain')).toEqual({});
    expect(parseUriTemplate('t', 'test://plain').match('test://plainer')).toBeUndefined();
  });

  it('takes only what level-1 expansion produces: unreserved characters and whole %XX escapes', () => {
    const template = parseUriTemplate('t', 'test://{a}/{b}');
    expect(template.match('test://x%20y/z')).toEqual({ a: 'x y', b: 'z' });
    expect(template.match('test://x y/z')).toBeUndefined();
    expect(template.match('test://x%2/z')).toBeUndefined();
    expect(template.match('test://x%zz/z')).toBeUndefined();
    expect(template.match('test://x/y/z')).toBeUndefined();
    expect(template.match('test://%FF/z')).toBeUndefined(); // not UTF-8
  });
});

describe('resources/read URI bounds', () => {
  function server(options: { maxUriLength?: number } = {}) {
    const decl = new ToolDeclaration('res', '1.0.0');
    decl.addResourceTemplate('reports://{region}-{year}-{month}', 'report').setScopes(['reports']);
    decl.addResourceTemplate('files://{dir}/{name}', 'file');
    decl.addResourceTemplate('search://{query}', 'search').allowAnyValue('query');
    const defs = new ServiceDefinition()
      .registerResource('reports://{region}-{year}-{month}', (region: string, year: string, month: string) => `${region} ${year} ${month}`)
      .registerResource('files://{dir}/{name}', (dir: string, name: string) => `${dir} | ${name}`)
      .registerResource('search://{query}', (query: string) => `results for ${query}`);
    return new Dispatcher(defs, decl, options);
  }

  it('refuses a URI longer than maxUriLength (default 8,192) with -32602 naming the limit', async () => {
    const dispatcher = server();
    const long = `reports://${'-'.repeat(8192)}`;
    expect((await read(dispatcher, long)).error).toEqual({ code: -32602, message: `Invalid params: "uri" is ${long.length} characters, more than maxUriLength (8192)` });
    expect((await read(dispatcher, 'reports://eu-2024-01')).result.contents[0].text).toBe('eu 2024 01');
    const strict = server({ maxUriLength: 32 });
    expect((await read(strict, 'files://a/bcdefghijklmnopqrstuvwxyz')).error.message).toMatch(/more than maxUriLength \(32\)/);
    expect((await read(strict, 'files://a/b')).result.contents[0].text).toBe('a | b');
  });

  it('refuses an over-long URI before the scopes rule tries a template', async () => {
    const auth: AuthInfo = { clientId: 'c', scopes: [], issuer: 'https://issuer.example', subject: 'alice' };
    const access = new Access(auth, { resourceMetadataUrl: 'https://mcp.example/.well-known/oauth-protected-resource', requiredScopes: [], listOnlyPermittedTools: false });
    const dispatcher = server();
    expect((await read(dispatcher, 'reports://eu-2024-01', access)).status).toBe(403);
    const refused = await read(dispatcher, `reports://${'-'.repeat(64 * 1024)}`, access);
    expect(refused.error.message).toMatch(/maxUriLength/);
  });

  it('refuses a decoded value holding "/", "\\", ".." or NUL unless the variable allows any value', async () => {
    const dispatcher = server();
    for (const value of ['..%2F..%2Fetc%2Fpasswd', '..', 'a%5Cb', 'a%00b']) {
      const answer = await read(dispatcher, `files://${value}/x`);
      expect(answer.error).toEqual({ code: -32602, message: expect.stringMatching(/variable "dir": a decoded value may not hold "\/", "\\", "\.\." or NUL \(allowAnyValue\("dir"\) lets it\)/) });
    }
    expect((await read(dispatcher, 'files://a.b/c.d')).result.contents[0].text).toBe('a.b | c.d');
    expect((await read(dispatcher, 'search://..%2F..%2Fetc')).result.contents[0].text).toBe('results for ../../etc');
    expect(() => new ToolDeclaration('t', '1').addResourceTemplate('x://{a}', 'x').allowAnyValue('b')).toThrow(/no variable "b"/);
  });

  it('repeats at most 200 characters of an unknown URI in the message (data.uri has it all)', async () => {
    const uri = `unknown://${'x'.repeat(8000)}`;
    const { error } = await read(server(), uri);
    expect(error.message).toBe(`Resource not found: ${uri.slice(0, 200)}… (${uri.length} characters)`);
    expect(error.data).toEqual({ uri });
  });
});
