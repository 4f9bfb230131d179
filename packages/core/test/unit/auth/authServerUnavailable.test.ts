/**
 * A `verify` that cannot reach the authorization server: it throws or rejects with
 * AuthServerUnavailableError, and HttpRules.authenticate answers 503 with its Retry-After and a
 * -32603 body (no challenge: the token was not judged), where any other failure stays 401.
 */
import { AuthServerUnavailableError } from '../../../src';
import { HttpRules, resolveHttpOptions } from '../../../src/http';
import type { AuthOptions } from '../../../src';
import type { HttpRefusal } from '../../../src/http';

const RESOURCE = 'https://mcp.example.com/mcp';

function rules(verify: AuthOptions['verify']): HttpRules {
  return new HttpRules(resolveHttpOptions('test', { auth: { resource: RESOURCE, authorizationServers: ['https://auth.example.com'], verify } }), 'test');
}

async function refusal(verify: AuthOptions['verify']): Promise<HttpRefusal> {
  const outcome = await rules(verify).authenticate({ method: 'POST', origin: undefined, host: 'localhost', accept: undefined, contentType: 'application/json', authorization: 'Bearer t' });
  if (!outcome.refusal) throw new Error('expected a refusal');
  return outcome.refusal;
}

describe('AuthServerUnavailableError', () => {
  it('rounds retryAfterSeconds up to a whole number of at least 1, and keeps its cause', () => {
    const cause = new Error('ECONNREFUSED');
    const error = new AuthServerUnavailableError('the JWKS could not be fetched', 2.2, { cause });
    expect([error.retryAfterSeconds, error.name, error.message, error.cause]).toEqual([3, 'AuthServerUnavailableError', 'the JWKS could not be fetched', cause]);
    expect(new AuthServerUnavailableError('x', 0).retryAfterSeconds).toBe(1);
    expect(error).toBeInstanceOf(Error);
  });

  it.each([[-1], [Number.NaN], [Infinity], ['5']])('refuses retryAfterSeconds %p with a RangeError', (seconds) => {
    expect(() => new AuthServerUnavailableError('x', seconds as number)).toThrow(RangeError);
    expect(() => new AuthServerUnavailableError('x', seconds as number)).toThrow(/retryAfterSeconds: expected a finite number of seconds ≥ 0/);
  });
});

describe('HttpRules.authenticate when verify cannot reach the authorization server', () => {
  it.each([
    ['throws', () => {
      throw new AuthServerUnavailableError('down', 7);
    }],
    ['rejects', () => Promise.reject(new AuthServerUnavailableError('down', 7))],
  ])('answers 503 with Retry-After and a -32603 body when verify %s with AuthServerUnavailableError', async (_name, verify) => {
    const r = await refusal(verify as AuthOptions['verify']);
    expect(r.status).toBe(503);
    expect(r.headers).toEqual({ 'Retry-After': '7', 'Content-Type': 'application/json' });
    expect(JSON.parse(r.body)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32603, message: expect.stringMatching(/^Service Unavailable: /) } });
    expect(r.body).not.toContain('down'); // the reason stays on the server
  });

  it('still answers 401 invalid_token for any other error', async () => {
    const r = await refusal(() => Promise.reject(Object.assign(new Error('down'), { retryAfterSeconds: 7 })));
    expect(r.status).toBe(401);
    expect(r.headers['WWW-Authenticate']).toMatch(/^Bearer error="invalid_token"/);
  });
});
