/**
 * notifications/cancelled over stateless HTTP (issue 40 item 8b): a cancel sent in its own POST
 * by the same authenticated caller reaches that caller's call with the named id on this
 * instance — its signal aborts and its reply is suppressed — while another caller's cancel, or an
 * anonymous one (callers without a token share one principal), does not touch it.
 */
import express from 'express';
import request from 'supertest';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import type { AuthInfo, CallContext } from '@toolwire/core';
import { mcpRouter } from '../../src';

const RESOURCE = 'https://mcp.example.com/mcp';
const TOKENS: Record<string, AuthInfo> = {
  alice: { subject: 'alice', issuer: 'https://auth.example.com', scopes: [], audience: RESOURCE },
  bob: { subject: 'bob', issuer: 'https://auth.example.com', scopes: [], audience: RESOURCE },
};
const VERSION = '2025-11-25';

/** A server whose `wait` tool runs until its signal aborts or the test releases it. */
function server(auth: boolean) {
  const decl = new ToolDeclaration('cancel', '1.0.0');
  decl.addTool('wait', 'Waits');
  const aborted: unknown[] = [];
  let release: (() => void) | undefined;
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const defs = new ServiceDefinition().registerProcedure(
    'wait',
    (context: CallContext) =>
      new Promise<string>((resolve, reject) => {
        release = () => resolve('finished');
        markStarted();
        context.signal.addEventListener('abort', () => {
          aborted.push(context.signal.reason);
          reject(context.signal.reason as Error);
        });
      }),
  );
  const app = express();
  const options = auth ? { auth: { resource: RESOURCE, authorizationServers: ['https://auth.example.com'], verify: async (token: string) => TOKENS[token] } } : {};
  app.use('/mcp', mcpRouter(decl, defs, { ...options, onError: () => undefined }));
  return { app, aborted, release: () => release?.(), started };
}

async function listening(app: express.Express): Promise<{ server: Server; url: string }> {
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp` };
}

const HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': VERSION };

function post(url: string, body: unknown, token?: string): Promise<Response> {
  return fetch(url, { method: 'POST', headers: token ? { ...HEADERS, Authorization: `Bearer ${token}` } : HEADERS, body: JSON.stringify(body) });
}

const callWait = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'wait', arguments: {} } });
const cancel = (requestId: number) => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'user' } });

/** Sends the call and resolves once its procedure runs (the call has gone asynchronous and is registered), with its pending reply. */
async function running(url: string, started: Promise<void>, id: number, token?: string): Promise<{ reply: Promise<Response> }> {
  const reply = post(url, callWait(id), token);
  await started;
  return { reply };
}

describe('notifications/cancelled over stateless HTTP', () => {
  it('the same authenticated caller cancels its call: the signal aborts and the reply is suppressed', async () => {
    const { app, aborted, started } = server(true);
    const { server: s, url } = await listening(app);
    try {
      const { reply } = await running(url, started, 7, 'alice');
      const cancelled = await post(url, cancel(7), 'alice');
      expect(cancelled.status).toBe(202);
      const answered = await reply;
      expect(answered.status).toBe(202);
      expect(await answered.text()).toBe('');
      expect(aborted).toEqual(['user']);
    } finally {
      s.close();
    }
  });

  it('another caller\'s cancel of the same id does not touch it; the call finishes and is answered', async () => {
    const { app, aborted, release, started } = server(true);
    const { server: s, url } = await listening(app);
    try {
      const { reply } = await running(url, started, 7, 'alice');
      expect((await post(url, cancel(7), 'bob')).status).toBe(202);
      release();
      const answered = await reply;
      expect(answered.status).toBe(200);
      expect(JSON.stringify(await answered.json())).toContain('finished');
      expect(aborted).toEqual([]);
    } finally {
      s.close();
    }
  });

  it('an anonymous cancel is ignored (anonymous callers share one principal), and said once on stderr', async () => {
    const { app, aborted, release, started } = server(false);
    const { server: s, url } = await listening(app);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { reply } = await running(url, started, 9);
      expect((await post(url, cancel(9))).status).toBe(202);
      release();
      const answered = await reply;
      expect(answered.status).toBe(200);
      expect(JSON.stringify(await answered.json())).toContain('finished');
      expect(aborted).toEqual([]);
      expect(errors.mock.calls.map((args) => String(args[0])).filter((line) => line.includes('notifications/cancelled'))).toHaveLength(1);
    } finally {
      errors.mockRestore();
      s.close();
    }
  });

  it('supertest: a cancel of nothing running is a 202 and changes nothing', async () => {
    const { app } = server(true);
    const res = await request(app).post('/mcp').set(HEADERS).set('Authorization', 'Bearer alice').send(cancel(42));
    expect(res.status).toBe(202);
  });
});
