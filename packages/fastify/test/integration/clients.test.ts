/**
 * mcpPlugin on a real listening Fastify (127.0.0.1, port 0): the official SDK client connects,
 * lists and calls tools; toolwire's test client sees the same — given `app.server` (listening,
 * or ready and listened per call) and through a `fetch` bridge over the socket.
 */
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { mcpTestClient } from '@toolwire/testing';
import { mcpPlugin } from '../../src';
import { fastifyService } from '../helpers';

let app: FastifyInstance;
let url: URL;

beforeAll(async () => {
  const { decl, defs } = fastifyService();
  app = Fastify();
  await app.register(mcpPlugin, { decl, defs, path: '/mcp' });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  url = new URL('/mcp', address);
});

afterAll(() => app.close());

describe('mcpPlugin with real clients', () => {
  it('serves the official SDK client: initialize, tools/list, tools/call, progress', async () => {
    const client = new Client({ name: 'fastify-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url));
    try {
      const tools = await client.listTools();
      expect(tools.tools.map((t) => t.name)).toEqual(['add', 'echo', 'count']);
      expect(await client.callTool({ name: 'add', arguments: { a: 2, b: 40 } })).toMatchObject({ content: [{ type: 'text', text: '42' }] });
      const progress: number[] = [];
      const counted = await client.callTool({ name: 'count', arguments: { n: 3 } }, undefined, { onprogress: (p) => progress.push(p.progress) });
      expect(counted).toMatchObject({ content: [{ type: 'text', text: 'counted 3' }] });
      expect(progress).toEqual([1, 2, 3]);
    } finally {
      await client.close();
    }
  });

  it('serves the toolwire test client given the listening app.server (no Express involved)', async () => {
    const client = mcpTestClient(app.server, { era: 'modern' });
    expect((await client.callTool('add', { a: 2, b: 40 })).text).toBe('42');
    expect((await client.callTool('count', { n: 2 })).progress).toEqual([
      { progress: 1, total: 2 },
      { progress: 2, total: 2 },
    ]);
  });

  it('serves the toolwire test client given app.server of an app that is ready but does not listen (listened per call)', async () => {
    const { decl, defs } = fastifyService();
    const idle = Fastify();
    await idle.register(mcpPlugin, { decl, defs, path: '/mcp' });
    await idle.ready();
    try {
      expect((await mcpTestClient(idle.server).callTool('echo', { message: 'idle' })).text).toBe('idle');
      expect(idle.server.listening).toBe(false);
    } finally {
      await idle.close();
    }
  });

  it('serves the toolwire test client over the socket', async () => {
    const client = mcpTestClient({ fetch: (request: Request) => fetch(new URL(new URL(request.url).pathname, url), request) });
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['add', 'echo', 'count']);
    expect((await client.callTool('echo', { message: 'héllo' })).content).toEqual([{ type: 'text', text: 'héllo' }]);
  });
});
