/**
 * The authorization rules of core (transport-neutral): the `auth` option's checks, the 401/403
 * refusals of HttpRules.authenticate with their WWW-Authenticate challenges, the audience and
 * expiry checks, and `verify` called exactly once per request.
 */
import { resourceMetadataUrl } from '../../../src/http';
import { HttpRules, resolveHttpOptions } from '../../../src/http';
import type { AuthInfo, AuthOptions } from '../../../src';
import type { AuthOutcome, HttpRefusal } from '../../../src/http';

const RESOURCE = 'https://mcp.example.com/mcp';
const METADATA = 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp';
const HOUR = Math.floor(Date.now() / 1000) + 3600;
const GOOD: AuthInfo = { subject: 'alice', scopes: ['tools'], audience: RESOURCE, expiresAt: HOUR };

function rules(auth: Partial<AuthOptions>, extra: Record<string, unknown> = {}): HttpRules {
  const options = { auth: { resource: RESOURCE, authorizationServers: ['https://auth.example.com'], verify: () => GOOD, ...auth }, ...extra };
  return new HttpRules(resolveHttpOptions('test', options), 'test');
}

const head = (authorization?: string) => ({ method: 'POST', origin: undefined, host: 'localhost', accept: undefined, contentType: 'application/json', authorization });

async function refusal(r: HttpRules, authorization?: string): Promise<HttpRefusal> {
  const outcome: AuthOutcome = await r.authenticate(head(authorization));
  if (!outcome.refusal) throw new Error('expected a refusal');
  return outcome.refusal;
}

describe('the auth option', () => {
  it.each([
    [{ resource: 'mcp.example.com' }, 'test: option auth.resource: expected an absolute http(s) URL without a fragment, got the string "mcp.example.com"'],
    [{ resource: 'https://mcp.example.com/mcp#x' }, /auth\.resource/],
    [{ resource: 'ftp://mcp.example.com/mcp' }, /auth\.resource/],
    [{ authorizationServers: [] }, /auth\.authorizationServers: expected a non-empty array of issuer URLs, got an array/],
    [{ authorizationServers: ['nope'] }, /auth\.authorizationServers\[0\]/],
    [{ verify: 'jwt' }, /auth\.verify: expected a function/],
    [{ scopesSupported: ['a b'] }, /auth\.scopesSupported\[0\]: expected a scope/],
    [{ requiredScopes: 'admin' }, /auth\.requiredScopes: expected an array/],
    [{ checkAudience: 'no' }, /auth\.checkAudience: expected a boolean/],
    [{ listOnlyPermittedTools: 1 }, /auth\.listOnlyPermittedTools: expected a boolean/],
    [{ resourceMetadataUrl: '/x' }, /auth\.resourceMetadataUrl/],
    [{ audience: RESOURCE }, /unknown option auth\.audience/],
  ])('refuses %j with a TypeError', (auth, message) => {
    expect(() => rules(auth as Partial<AuthOptions>)).toThrow(TypeError);
    expect(() => rules(auth as Partial<AuthOptions>)).toThrow(message);
  });

  it('refuses an auth option that is not an object', () => {
    expect(() => resolveHttpOptions('test', { auth: true })).toThrow('test: option auth: expected an object { resource, authorizationServers, verify }, got true');
  });

  it('derives the metadata URL from the resource (RFC 9728 §3.1), never from a request', () => {
    expect(resourceMetadataUrl(RESOURCE)).toBe(METADATA);
    expect(resourceMetadataUrl('https://mcp.example.com/tools/mcp/')).toBe('https://mcp.example.com/.well-known/oauth-protected-resource/tools/mcp');
    expect(resourceMetadataUrl('https://mcp.example.com')).toBe('https://mcp.example.com/.well-known/oauth-protected-resource');
    expect(resourceMetadataUrl('http://127.0.0.1:8080/mcp')).toBe('http://127.0.0.1:8080/.well-known/oauth-protected-resource/mcp');
  });
});

describe('HttpRules.authenticate', () => {
  it('passes every request with no access when there is no auth option', () => {
    const open = new HttpRules(resolveHttpOptions('test', {}), 'test');
    expect(open.authenticate(head())).toEqual({ access: undefined });
  });

  it('answers a request without a token 401 with a challenge naming the metadata and no error code (RFC 6750 §3.1)', async () => {
    const r = await refusal(rules({}));
    expect(r.status).toBe(401);
    expect(r.headers['WWW-Authenticate']).toBe(`Bearer resource_metadata="${METADATA}"`);
    expect(JSON.parse(r.body)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/^Unauthorized: /) } });
    expect((await refusal(rules({}), 'Basic YWxpY2U6cHc=')).headers['WWW-Authenticate']).toBe(`Bearer resource_metadata="${METADATA}"`);
  });

  it('names the required scopes in the challenge when they are known', async () => {
    const r = await refusal(rules({ requiredScopes: ['tools', 'read'] }));
    expect(r.headers['WWW-Authenticate']).toBe(`Bearer scope="tools read", resource_metadata="${METADATA}"`);
  });

  it('takes the metadata URL from resourceMetadataUrl when given', async () => {
    const r = await refusal(rules({ resourceMetadataUrl: 'https://meta.example.com/prm' }));
    expect(r.headers['WWW-Authenticate']).toBe('Bearer resource_metadata="https://meta.example.com/prm"');
  });

  it.each([
    ['verify returns undefined', () => undefined],
    ['verify throws', () => {
      throw new Error('bad signature');
    }],
    ['verify rejects', () => Promise.reject(new Error('bad signature'))],
    ['verify resolves undefined', () => Promise.resolve(undefined)],
  ])('answers 401 invalid_token when %s', async (_name, verify) => {
    const r = await refusal(rules({ verify: verify as AuthOptions['verify'] }), 'Bearer abc.def.ghi');
    expect(r.status).toBe(401);
    expect(r.headers['WWW-Authenticate']).toBe(`Bearer error="invalid_token", resource_metadata="${METADATA}", error_description="The access token is not valid"`);
  });

  it('answers 401 invalid_token for a malformed bearer credential without calling verify', async () => {
    const verify = jest.fn(() => GOOD);
    for (const header of ['Bearer', 'Bearer ', 'Bearer a b', 'Bearer "quoted"']) {
      expect((await refusal(rules({ verify }), header)).headers['WWW-Authenticate']).toMatch(/^Bearer error="invalid_token"/);
    }
    expect(verify).not.toHaveBeenCalled();
  });

  it('refuses an expired token', async () => {
    const r = await refusal(rules({ verify: () => ({ ...GOOD, expiresAt: Math.floor(Date.now() / 1000) - 1 }) }), 'Bearer t');
    expect(r.status).toBe(401);
    expect(r.headers['WWW-Authenticate']).toContain('error_description="The access token expired"');
  });

  it('refuses a token issued for another audience, or for none, by default', async () => {
    for (const info of [{ ...GOOD, audience: 'https://other.example.com/mcp' }, { ...GOOD, audience: undefined }, { ...GOOD, audience: ['https://mcp.example.com/mcp/admin'] }]) {
      const r = await refusal(rules({ verify: () => info }), 'Bearer t');
      expect(r.status).toBe(401);
      expect(r.headers['WWW-Authenticate']).toContain('error_description="The access token audience is not this resource"');
    }
  });

  it('accepts the resource among several audiences, as a resource indicator, and in another spelling of the same URL', async () => {
    for (const info of [
      { ...GOOD, audience: ['https://api.example.com', RESOURCE] },
      { ...GOOD, audience: undefined, resource: RESOURCE },
      { ...GOOD, audience: 'HTTPS://MCP.EXAMPLE.COM:443/mcp' },
    ]) {
      expect((await rules({ verify: () => info }).authenticate(head('Bearer t'))).access?.auth.subject).toBe('alice');
    }
  });

  it('accepts another audience with checkAudience: false (the documented, dangerous opt-out)', async () => {
    const outcome = await rules({ checkAudience: false, verify: () => ({ ...GOOD, audience: 'https://other.example.com' }) }).authenticate(head('Bearer t'));
    expect(outcome.refusal).toBeUndefined();
  });

  it('answers 403 insufficient_scope when the token lacks a required scope', async () => {
    const r = await refusal(rules({ requiredScopes: ['tools', 'mcp'] }), 'Bearer t');
    expect(r.status).toBe(403);
    expect(r.headers['WWW-Authenticate']).toBe(`Bearer error="insufficient_scope", scope="tools mcp", resource_metadata="${METADATA}", error_description="The access token lacks a required scope"`);
  });

  it('calls verify once per request, with the token and the transport request, and keeps only AuthInfo fields (never the token)', async () => {
    const verify = jest.fn((token: string) => ({ ...GOOD, token, extra: 1 }));
    const request = { any: 'request' };
    const outcome = await rules({ verify }).authenticate(head('bearer tok.en-1~'), request);
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify).toHaveBeenCalledWith('tok.en-1~', request);
    expect(outcome.access?.auth).toEqual(GOOD);
    expect(Object.isFrozen(outcome.access?.auth)).toBe(true);
    expect(JSON.stringify(outcome.access?.auth)).not.toContain('tok.en');
  });

  it('stays synchronous for a synchronous verify', () => {
    expect(rules({}).authenticate(head('Bearer t'))).not.toBeInstanceOf(Promise);
  });

  it('answers 500 and reports when verify returns something that is not an AuthInfo', async () => {
    const onError = jest.fn();
    const r = await refusal(rules({ verify: () => ({ scopes: 'tools' }) as never }, { onError }), 'Bearer t');
    expect(r.status).toBe(500);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringMatching(/^auth\.verify: expected an AuthInfo/) }), {});
  });
});
