/**
 * Live calls over HTTP (Express): a response stays application/json unless a tool call emits a
 * notification while the client accepts text/event-stream — then it is an SSE stream of the
 * notifications, then the response, then the end. Progress and log messages through the official
 * SDK client; a client that goes away mid-stream aborts the call's signal and breaks nothing;
 * callTimeoutMs answers a hanging call.
 */
import { once } from 'node:events';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { CallContext, ServiceDefinition, ToolDeclaration, integerType } from '@toolwire/core';
import { mcpRouter } from '../../src';

const SSE = 'application/json, text/event-stream';
const aborted: unknown[] = [];
let hangStarted: () => void = () => undefined;

function liveService() {
  const decl = new ToolDeclaration('live', '1.0.0', { logging: true });
  decl.addTool('steps').addParam('n', integerType());
  decl.addTool('chatty');
  decl.addTool('quiet');
  decl.addTool('hang');
  const defs = new ServiceDefinition()
    .registerProcedure('steps', async (n: number, ctx: CallContext) => {
      for (let i = 1; i <= n; i++) {
        ctx.progress(i, n);
        await new Promise((resolve) => setImmediate(resolve));
      }
      return `did ${n}`;
    })
    .registerProcedure('chatty', (ctx: CallContext) => {
      ctx.log('debug', 'hidden');
      ctx.log('info', { step: 'one' }, 'chatty');
      return 'said it';
    })
    .registerProcedure('quiet', async (ctx: CallContext) => {
      ctx.progress(1); // no token in these requests: nothing to send
      return 'shh';
    })
    .registerProcedure('hang', (ctx: CallContext) => {
      ctx.progress(1, undefined, 'started');
      hangStarted();
      return new Promise((_, reject) => {
        ctx.signal.addEventListener('abort', () => {
          aborted.push(ctx.signal.reason);
          reject(ctx.signal.reason);
        });
      });
    });
  return { decl, defs };
}

function app(options = {}) {
  const { decl, defs } = liveService();
  return express().use('/mcp', mcpRouter(decl, defs, { onError: () => undefined, ...options }));
}

const call = (name: string, args: Record<string, unknown> = {}, meta?: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: meta ? { name, arguments: args, _meta: meta } : { name, arguments: args },
});

describe('SSE only when a call needs it', () => {
  it('streams progress events, then the response, then ends', async () => {
    const res = await request(app()).post('/mcp').set('Accept', SSE).set('MCP-Protocol-Version', '2025-11-25').send(call('steps', { n: 2 }, { progressToken: 'p1' }));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toBe(
      'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p1","progress":1,"total":2}}\n\n' +
        'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p1","progress":2,"total":2}}\n\n' +
        'event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"did 2"}],"isError":false}}\n\n',
    );
  });

  it('streams a log message at the default level (info) for a stateless request, not the debug one', async () => {
    const res = await request(app()).post('/mcp').set('Accept', SSE).send(call('chatty'));
    expect(res.headers['content-type']).toBe('text/event-stream');
    expect(res.text.split('\n\n').filter(Boolean)).toEqual([
      'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"chatty","data":{"step":"one"}}}',
      'event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"said it"}],"isError":false}}',
    ]);
  });

  it.each([['application/json'], ['*/*'], [undefined]])('answers JSON and drops the notifications when Accept is %s', async (accept) => {
    const req = request(app()).post('/mcp');
    if (accept) req.set('Accept', accept);
    const res = await req.send(call('steps', { n: 3 }, { progressToken: 7 }));
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.body).toEqual({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'did 3' }], isError: false } });
  });

  it('answers JSON, with Content-Length, for a call that emits nothing even when the client accepts SSE', async () => {
    const res = await request(app()).post('/mcp').set('Accept', SSE).send(call('quiet'));
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.text)));
  });
});

describe('with the official SDK client (Streamable HTTP)', () => {
  let server: Server;
  let client: Client;

  beforeAll(async () => {
    server = createServer(app()).listen(0, '127.0.0.1');
    await once(server, 'listening');
    client = new Client({ name: 'live', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`)));
  });

  afterAll(async () => {
    await client.close();
    server.close();
  });

  it('delivers every progress notification to onprogress before the result', async () => {
    for (let i = 0; i < 10; i++) {
      const seen: number[] = [];
      const result = await client.callTool({ name: 'steps', arguments: { n: 5 } }, undefined, { onprogress: (p) => seen.push(p.progress) });
      expect(seen).toEqual([1, 2, 3, 4, 5]);
      expect(result.content).toEqual([{ type: 'text', text: 'did 5' }]);
    }
  });

  it('delivers log messages to the client\'s handler', async () => {
    const messages: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void messages.push(n.params));
    expect(await client.setLoggingLevel('debug')).toEqual({});
    await client.callTool({ name: 'chatty', arguments: {} });
    expect(messages).toEqual([{ level: 'info', logger: 'chatty', data: { step: 'one' } }]);
  });
});

describe('the client goes away mid-stream', () => {
  it('aborts the call\'s signal, and the server goes on serving', async () => {
    const server = createServer(app()).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      const started = new Promise<void>((resolve) => (hangStarted = resolve));
      const before = aborted.length;
      const body = JSON.stringify(call('hang', {}, { progressToken: 'h' }));
      const req = httpRequest({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { 'content-type': 'application/json', accept: SSE } });
      req.on('error', () => undefined);
      req.end(body);
      const [res] = (await once(req, 'response')) as [import('node:http').IncomingMessage];
      expect(res.headers['content-type']).toBe('text/event-stream');
      const [first] = (await once(res, 'data')) as [Buffer];
      expect(first.toString()).toContain('"message":"started"');
      await started;
      req.destroy();
      while (aborted.length === before) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(String(aborted.at(-1))).toMatch(/disconnected/);
      const next = await request(server).post('/mcp').set('Accept', SSE).send(call('quiet'));
      expect(next.body.result.content[0].text).toBe('shh');
    } finally {
      server.close();
    }
  });
});

describe('callTimeoutMs', () => {
  it('answers a hanging call isError "timed out after N ms" as the last event, and aborts its signal', async () => {
    const before = aborted.length;
    const res = await request(app({ callTimeoutMs: 50 })).post('/mcp').set('Accept', SSE).send(call('hang', {}, { progressToken: 'h' }));
    expect(res.text.split('\n\n').filter(Boolean).at(-1)).toBe(
      'event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"Tool \\"hang\\" timed out after 50 ms"}],"isError":true}}',
    );
    expect(aborted.length).toBe(before + 1);
  });

  it('answers JSON for a hanging call that sent nothing the client could take', async () => {
    const res = await request(app({ callTimeoutMs: 50 })).post('/mcp').send(call('hang'));
    expect(res.body.result).toEqual({ content: [{ type: 'text', text: 'Tool "hang" timed out after 50 ms' }], isError: true });
  });
});
