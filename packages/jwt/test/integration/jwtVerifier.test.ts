/**
 * jwtVerifier against a real authorization server running locally (oauth2-mock-server: signed
 * JWTs from a JWKS, discovered from its metadata): the claims it maps, and every token it must
 * refuse — wrong or missing audience, expired, wrong issuer, a foreign key, an algorithm outside
 * the allow-list, garbage — plus key rotation and the option checks.
 */
import { jwtVerifier } from '@toolwire/jwt';
import { startAuthServer, AuthServer } from '../helpers/authServer';

jest.setTimeout(20_000);

const RESOURCE = 'http://127.0.0.1/mcp';
let as: AuthServer;

beforeAll(async () => {
  as = await startAuthServer();
});
afterAll(() => as.stop());

describe('jwtVerifier', () => {
  it('accepts a token for its audience, finding the JWKS from the issuer metadata, and maps the claims', async () => {
    const verify = jwtVerifier({ issuer: as.url, audience: RESOURCE });
    const token = await as.token({ aud: RESOURCE, scope: 'tools admin', claims: { sub: 'alice', client_id: 'cli' } });
    const info = await verify(token);
    expect(info).toMatchObject({ subject: 'alice', clientId: 'cli', scopes: ['tools', 'admin'], audience: RESOURCE, issuer: as.url });
    expect(info.claims).toMatchObject({ sub: 'alice', scope: 'tools admin' });
    const exp = info.claims?.exp as number;
    expect(info.expiresAt).toBe(exp + 5); // exp plus the default clock tolerance
    expect(JSON.stringify(info)).not.toContain(token);
  });

  it('reads scp (a list) and azp when scope and client_id are absent', async () => {
    const verify = jwtVerifier({ issuer: as.url, audience: [RESOURCE, 'other'] });
    const info = await verify(await as.token({ aud: 'other', claims: { scp: ['a', 'b'], azp: 'web' } }));
    expect(info).toMatchObject({ scopes: ['a', 'b'], clientId: 'web' });
  });

  it.each([
    ['another audience', { aud: 'http://127.0.0.1/other' }, /aud/],
    ['no audience', {}, /aud/],
    ['an expired token', { aud: RESOURCE, expiresIn: -60 }, /exp/],
  ])('refuses %s', async (_name, request, message) => {
    const verify = jwtVerifier({ issuer: as.url, audience: RESOURCE });
    await expect(verify(await as.token(request))).rejects.toThrow(message);
  });

  it('refuses a token signed by a key the JWKS does not list', async () => {
    const verify = jwtVerifier({ issuer: as.url, audience: RESOURCE, jwksCooldownMs: 0 });
    await expect(verify(await as.foreignToken({ aud: RESOURCE }))).rejects.toThrow(/key|signature/i);
  });

  it('refuses another issuer, an algorithm outside the allow-list, and garbage', async () => {
    const token = await as.token({ aud: RESOURCE });
    await expect(jwtVerifier({ issuer: as.url, audience: RESOURCE, jwksUri: `${as.url}/jwks` , algorithms: ['ES256'] })(token)).rejects.toThrow(/alg/i);
    await expect(jwtVerifier({ issuer: `${as.url}/tenant`, audience: RESOURCE, jwksUri: `${as.url}/jwks` })(token)).rejects.toThrow(/iss/);
    const verify = jwtVerifier({ issuer: as.url, audience: RESOURCE });
    await expect(verify('garbage')).rejects.toThrow();
    await expect(verify('eyJhbGciOiJub25lIn0.eyJhdWQiOiJodHRwOi8vMTI3LjAuMC4xL21jcCJ9.')).rejects.toThrow();
  });

  it('refuses an issuer whose metadata names another issuer', async () => {
    // the mock server's metadata names itself, not this issuer
    const verify = jwtVerifier({ issuer: `${as.url}/`, audience: RESOURCE });
    await expect(verify(await as.token({ aud: RESOURCE }))).rejects.toThrow(/names issuer/);
  });

  it('follows a key rotation: a token signed by the new key is verified after the JWKS is fetched again', async () => {
    const verify = jwtVerifier({ issuer: as.url, audience: RESOURCE, jwksCooldownMs: 0 });
    await expect(verify(await as.token({ aud: RESOURCE }))).resolves.toBeDefined();
    await as.rotate();
    await expect(verify(await as.token({ aud: RESOURCE, claims: { sub: 'after' } }))).resolves.toMatchObject({ subject: 'after' });
  });

  it('checks its options at once', () => {
    expect(() => jwtVerifier(undefined as never)).toThrow(TypeError);
    expect(() => jwtVerifier({ issuer: 'auth.example.com', audience: RESOURCE })).toThrow('jwtVerifier: option issuer: expected an absolute http(s) URL, got the string "auth.example.com"');
    expect(() => jwtVerifier({ issuer: as.url } as never)).toThrow(/option audience/);
    expect(() => jwtVerifier({ issuer: as.url, audience: RESOURCE, algorithms: ['HS256'] })).toThrow(/algorithms\[0\]: expected one of RS256/);
    expect(() => jwtVerifier({ issuer: as.url, audience: RESOURCE, algorithms: ['none'] })).toThrow(TypeError);
    expect(() => jwtVerifier({ issuer: as.url, audience: RESOURCE, clockToleranceSeconds: -1 })).toThrow(/clockToleranceSeconds/);
    expect(() => jwtVerifier({ issuer: as.url, audience: RESOURCE, audiance: RESOURCE } as never)).toThrow(/unknown option "audiance"/);
  });
});
