/**
 * A protected endpoint whose jwtVerifier cannot reach the authorization server, on every HTTP
 * transport — mcpRouter in a real Express app and mcpHandler on node:http (supertest), and
 * mcpFetchHandler: 503 with `Retry-After` and the same JSON body (not 401 invalid_token), one
 * request to the ailing server for all of them while the backoff holds, and 200 once it is back
 * and the backoff passed. Also the claims a JWT may carry with the wrong type: a `sub` that is
 * not a string (or an `aud` member) is 401 invalid_token, a missing `sub` is served — never 500.
 */
import express from 'express';
import request from 'supertest';
import { createServer } from 'node:http';
import { ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import type { AuthOptions, CallContext } from '@toolwire/core';
import { mcpHandler, mcpRouter } from '@toolwire/express';
import { mcpFetchHandler } from '@toolwire/fetch';
import { jwtVerifier } from '@toolwire/jwt';
import { startAuthServer, AuthServer } from '../helpers/authServer';
import { elapse, Gate, startGate } from '../helpers/gate';

jest.setTimeout(20_000);

const RESOURCE = 'http://127.0.0.1/mcp';
const WHOAMI = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'whoami', arguments: {} } };
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

/** The three transports of one endpoint, each answering (status, headers, body). */
function endpoints(auth: AuthOptions) {
  const decl = new ToolDeclaration('protected', '1.0.0');
  decl.addTool('whoami', 'Who is calling');
  const defs = new ServiceDefinition().registerProcedure('whoami', (context: CallContext) => `subject=${String(context.auth?.subject)}`);
  const app = express();
  app.use('/mcp', mcpRouter(decl, defs, { auth }));
  const node = createServer(mcpHandler(decl, defs, { auth }));
  const fetchHandler = mcpFetchHandler(decl, defs, { auth });
  type Answer = { status: number; retryAfter: string | null; challenge: string | null; contentType: string | null; body: string };
  const viaSupertest = async (target: Parameters<typeof request>[0], path: string, token: string): Promise<Answer> => {
    const res = await request(target).post(path).set('Authorization', `Bearer ${token}`).set('Content-Type', 'application/json').send(JSON.stringify(WHOAMI));
    return { status: res.status, retryAfter: res.headers['retry-after'] ?? null, challenge: res.headers['www-authenticate'] ?? null, contentType: res.headers['content-type'] ?? null, body: res.text };
  };
  return {
    router: (token: string) => viaSupertest(app, '/mcp', token),
    handler: (token: string) => viaSupertest(node, '/', token),
    fetch: async (token: string): Promise<Answer> => {
      const res = await fetchHandler(
        new Request('http://127.0.0.1/mcp', {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
          body: JSON.stringify(WHOAMI),
        }),
      );
      return { status: res.status, retryAfter: res.headers.get('retry-after'), challenge: res.headers.get('www-authenticate'), contentType: res.headers.get('content-type'), body: await res.text() };
    },
  };
}

const authFor = (verify: AuthOptions['verify']): AuthOptions => ({ resource: RESOURCE, authorizationServers: [gate.url], verify });

describe('a protected endpoint while the authorization server is unreachable', () => {
  it('answers 503 with Retry-After and one JSON body on mcpRouter, mcpHandler and mcpFetchHandler, asking the server once', async () => {
    gate.mode = 'status500';
    const ep = endpoints(authFor(jwtVerifier({ issuer: gate.url, audience: RESOURCE, backoffInitialMs: 30_000 })));
    const token = await as.token({ aud: RESOURCE });
    const answers = [];
    for (const transport of [ep.router, ep.handler, ep.fetch]) {
      answers.push(...(await Promise.all(Array.from({ length: 10 }, () => transport(token)))));
    }
    expect(gate.requests).toHaveLength(1); // 30 requests, one attempt, then the backoff
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(29);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(30);
      expect(answer.challenge).toBeNull(); // not an authentication failure: the token was not judged
      expect(answer.contentType).toMatch(/^application\/json/);
      expect(answer.body).toBe(answers[0].body);
    }
    expect(JSON.parse(answers[0].body)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32603, message: 'Service Unavailable: the access token cannot be verified now (the authorization server cannot be reached); retry later' },
    });
  });

  it('serves the token once the server is back and the backoff passed', async () => {
    gate.mode = 'status500';
    const ep = endpoints(authFor(jwtVerifier({ issuer: gate.url, audience: RESOURCE, backoffInitialMs: 200 })));
    const token = await as.token({ aud: RESOURCE, claims: { sub: 'carol' } });
    expect((await ep.router(token)).status).toBe(503);
    gate.mode = 'up';
    expect((await ep.fetch(token)).status).toBe(503); // still in the backoff: not asked
    expect(gate.requests).toHaveLength(1);
    await elapse(230);
    for (const transport of [ep.router, ep.handler, ep.fetch]) {
      const answer = await transport(token);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).result.content[0].text).toBe('subject=carol');
    }
  });
});

describe('a protected endpoint with jwtVerifier, for claims of the wrong type', () => {
  it.each([
    ['a number', 42],
    ['an object', { id: 'alice' }],
    ['an array', ['alice']],
    ['a boolean', true],
    ['null', null],
  ])('answers a token whose sub is %s 401 invalid_token on every transport (not 500)', async (_name, sub) => {
    const ep = endpoints(authFor(jwtVerifier({ issuer: gate.url, audience: RESOURCE })));
    const token = await as.token({ aud: RESOURCE, claims: { sub } });
    for (const transport of [ep.router, ep.handler, ep.fetch]) {
      const answer = await transport(token);
      expect(answer.status).toBe(401);
      expect(answer.challenge).toMatch(/^Bearer error="invalid_token"/);
    }
  });

  it('rejects such a token from the verifier itself, saying why', async () => {
    const verify = jwtVerifier({ issuer: gate.url, audience: RESOURCE });
    await expect(verify(await as.token({ aud: RESOURCE, claims: { sub: 42 } }))).rejects.toThrow('"sub" claim must be a string, got a number');
    await expect(verify(await as.token({ claims: { aud: [RESOURCE, 7] } }))).rejects.toThrow('"aud" claim must be a string or an array of strings, got an array with a member that is not a string');
  });

  it('answers a token whose aud list holds a member that is not a string 401, not 500', async () => {
    const ep = endpoints(authFor(jwtVerifier({ issuer: gate.url, audience: RESOURCE })));
    const answer = await ep.router(await as.token({ claims: { aud: [RESOURCE, 7] } }));
    expect(answer.status).toBe(401);
  });

  it('serves a token without sub, with no subject', async () => {
    const ep = endpoints(authFor(jwtVerifier({ issuer: gate.url, audience: RESOURCE })));
    const token = await as.token({ aud: RESOURCE });
    for (const transport of [ep.router, ep.handler, ep.fetch]) {
      const answer = await transport(token);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).result.content[0].text).toBe('subject=undefined');
    }
  });
});
