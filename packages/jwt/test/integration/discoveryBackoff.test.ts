/**
 * jwtVerifier when the authorization server cannot be reached: every kind of failed load
 * (nothing listening, 500, metadata or JWKS that is not JSON, a JWKS that is not a key set or
 * is over 1 MiB)
 * rejects with AuthServerUnavailableError; a burst of tokens makes one request; no request is
 * made while the backoff holds, which doubles with each failure up to its cap and starts over
 * after a success; keys already loaded keep working during an outage. Real servers throughout:
 * oauth2-mock-server behind a counting gate (see helpers/gate.ts).
 */
import { AuthServerUnavailableError } from '@toolwire/core';
import { jwtVerifier } from '@toolwire/jwt';
import { startAuthServer, AuthServer } from '../helpers/authServer';
import { elapse, Gate, startGate, unusedUrl } from '../helpers/gate';

jest.setTimeout(20_000);

const RESOURCE = 'http://127.0.0.1/mcp';
let as: AuthServer;
let gate: Gate;

beforeAll(async () => {
  as = await startAuthServer();
  gate = await startGate(as.url);
  await as.setIssuer(gate.url);
});
afterAll(async () => {
  await gate.close();
  await as.stop();
});
beforeEach(() => {
  gate.mode = 'up';
  gate.requests.length = 0;
});

/** The rejection of `promise`, which must be an AuthServerUnavailableError. */
async function unavailable(promise: Promise<unknown>): Promise<AuthServerUnavailableError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthServerUnavailableError);
  return error as AuthServerUnavailableError;
}

/** The wait an error names ("next attempt in N ms"). */
const waitOf = (error: Error): number => Number(/next attempt in (\d+) ms/.exec(error.message)?.[1]);

describe('jwtVerifier while the authorization server is unreachable', () => {
  it.each([
    ['the metadata answers 500', 'status500', 1, /metadata.*\(500\)/],
    ['the metadata is not JSON', 'metadataNotJson', 1, /metadata at .* is not JSON/],
    ['the JWKS answers 500', 'jwks500', 3, /JWKS at .*\/jwks answered 500/],
    ['the JWKS is not JSON', 'jwksNotJson', 3, /JWKS at .* is not JSON/],
    ['the JWKS is not a key set', 'jwksNotKeySet', 3, /JSON Web Key Set malformed/],
    ['the JWKS declares more than 1 MiB', 'jwksTooLarge', 3, /JWKS at .* could not be read: its Content-Length \d+ exceeds 1048576 bytes/],
    ['the JWKS sends more than 1 MiB, chunked', 'jwksTooLargeChunked', 3, /JWKS at .* could not be read: it exceeds 1048576 bytes/],
  ] as const)('rejects every token of a burst with AuthServerUnavailableError when %s, after one attempt', async (_name, mode, requests, reason) => {
    gate.mode = mode;
    const verify = jwtVerifier({ issuer: gate.url, audience: RESOURCE, backoffInitialMs: 5000 });
    const token = await as.token({ aud: RESOURCE });
    const errors = await Promise.all(Array.from({ length: 20 }, () => unavailable(verify(token))));
    for (const error of errors) {
      expect(error.message).toMatch(reason);
      expect(error.retryAfterSeconds).toBe(5);
    }
    // one attempt: a 5xx or a bad document ends it at once; the mock server's RFC 8414 location
    // answers 404, so its OpenID location is asked next, then the JWKS
    expect(gate.requests).toHaveLength(requests);
    // and none while the backoff holds
    for (let i = 0; i < 20; i++) expect((await unavailable(verify(token))).retryAfterSeconds).toBeLessThanOrEqual(5);
    expect(gate.requests).toHaveLength(requests);
  });

  it('rejects with AuthServerUnavailableError when nothing listens at the issuer', async () => {
    const issuer = await unusedUrl();
    const verify = jwtVerifier({ issuer, audience: RESOURCE });
    const error = await unavailable(verify(await as.token({ aud: RESOURCE })));
    expect(error.message).toMatch(/could not be fetched/);
    expect(error.retryAfterSeconds).toBe(1); // the default first wait, 1 s
  });

  it('asks once per backoff window, the window doubling up to backoffMaxMs; after the server is back and the window passed, tokens verify', async () => {
    gate.mode = 'status500';
    const verify = jwtVerifier({ issuer: gate.url, audience: RESOURCE, backoffInitialMs: 250, backoffMaxMs: 1000 });
    const token = await as.token({ aud: RESOURCE, claims: { sub: 'alice' } });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      const errors = await Promise.all(Array.from({ length: 10 }, () => unavailable(verify(token))));
      expect(gate.requests).toHaveLength(attempt); // the burst shared one attempt (or was refused without one)
      waits.push(waitOf(errors[0]));
      await elapse(waitOf(errors[0]) + 30);
    }
    expect(waits).toEqual([250, 500, 1000, 1000]);
    gate.mode = 'up';
    await expect(verify(token)).resolves.toMatchObject({ subject: 'alice' });
    const asked = gate.requests.length;
    await expect(verify(token)).resolves.toMatchObject({ subject: 'alice' });
    expect(gate.requests).toHaveLength(asked); // the keys are cached
  });

  it('keeps verifying tokens of a loaded key during an outage; a token naming an unknown key is 503 then, and a success reset the backoff', async () => {
    const verify = jwtVerifier({ issuer: gate.url, audience: RESOURCE, jwksCooldownMs: 0, backoffInitialMs: 300 });
    const token = await as.token({ aud: RESOURCE, claims: { sub: 'bob' } });
    await expect(verify(token)).resolves.toMatchObject({ subject: 'bob' });
    gate.mode = 'status500';
    gate.requests.length = 0;
    await expect(verify(token)).resolves.toMatchObject({ subject: 'bob' });
    expect(gate.requests).toHaveLength(0);
    // an unknown key id makes the JWKS be fetched again, which fails: the token cannot be judged
    const foreign = await as.foreignToken({ aud: RESOURCE });
    const error = await unavailable(verify(foreign));
    expect(waitOf(error)).toBe(300); // the first wait again: the earlier success reset the backoff
    expect(gate.requests).toEqual(['/jwks']);
    await unavailable(verify(foreign));
    expect(gate.requests).toHaveLength(1);
    await expect(verify(token)).resolves.toMatchObject({ subject: 'bob' });
    // once the server answers again, the unknown key is what it is: not valid (401, not 503)
    gate.mode = 'up';
    await elapse(330);
    const refused = await verify(foreign).catch((e: unknown) => e);
    expect(refused).not.toBeInstanceOf(AuthServerUnavailableError);
    expect(String(refused)).toMatch(/no applicable key|key/i);
  });

  it('does not ask the server for a token that is malformed', async () => {
    gate.mode = 'status500';
    const verify = jwtVerifier({ issuer: gate.url, audience: RESOURCE });
    const refused = await verify('not-a-jwt').catch((e: unknown) => e);
    expect(refused).not.toBeInstanceOf(AuthServerUnavailableError);
    expect(gate.requests).toHaveLength(0);
  });

  it('checks the backoff options', () => {
    expect(() => jwtVerifier({ issuer: gate.url, audience: RESOURCE, backoffInitialMs: 0 })).toThrow('jwtVerifier: option backoffInitialMs: expected a positive integer, got 0');
    expect(() => jwtVerifier({ issuer: gate.url, audience: RESOURCE, backoffInitialMs: 5000, backoffMaxMs: 1000 })).toThrow('jwtVerifier: option backoffMaxMs: expected an integer ≥ backoffInitialMs (5000), got 1000');
    expect(() => jwtVerifier({ issuer: gate.url, audience: RESOURCE, backoffMaxMs: '60s' } as never)).toThrow(/option backoffMaxMs/);
  });
});
