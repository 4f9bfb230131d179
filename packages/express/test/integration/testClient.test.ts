/**
 * The test client (`@toolwire/express/testing`): one-line tool calls against an Express app, a
 * supertest agent, a Web fetch target and a core Dispatcher (no HTTP), speaking core's latest
 * protocol version by default; refusals and JSON-RPC errors throw McpTestClientError.
 */
import express from 'express';
import request from 'supertest';
import { Dispatcher, LATEST_PROTOCOL_VERSION, ObjectType, ServiceDefinition, ToolDeclaration, integerType } from '@toolwire/core';
import { mcpFetchHandler } from '@toolwire/fetch';
import { mcpTestClient, McpTestClientError } from '../../src/testing';
import { mcpHandler, mcpRouter } from '../../src';
import { testService } from '../helpers/testService';

const { decl, defs } = testService();
const app = express().use('/mcp', mcpRouter(decl, defs));
const dispatcher = new Dispatcher(defs, decl);

const targets = [
  ['an Express app', () => mcpTestClient(app)],
  ['a supertest agent', () => mcpTestClient(request(app))],
  ['a persistent supertest agent', () => mcpTestClient(request.agent(app))],
  ['a Dispatcher (no HTTP)', () => mcpTestClient(dispatcher)],
  ['a fetch target (@toolwire/fetch)', () => mcpTestClient({ fetch: mcpFetchHandler(decl, defs) })],
] as const;

describe.each(targets)('mcpTestClient with %s', (_name, make) => {
  it('calls a tool in one line: text, isError, content, structuredContent, status', async () => {
    expect(await make().callTool('add', { a: 2, b: 3 })).toEqual({
      text: '5',
      isError: false,
      structuredContent: undefined,
      content: [{ type: 'text', text: '5' }],
      status: 200,
      notifications: [],
      progress: [],
      logs: [],
      asks: [],
    });
  });

  it('lists the tools and initializes with the latest protocol version', async () => {
    const client = make();
    const { tools, status } = await client.listTools();
    expect(status).toBe(200);
    expect(tools.map((t) => t.name)).toEqual(['add', 'echo', 'image', 'whoami', 'wait']);
    expect(tools[0].inputSchema).toMatchObject({ required: ['a', 'b'] });
    expect(client.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    expect(await client.initialize()).toMatchObject({ protocolVersion: LATEST_PROTOCOL_VERSION, serverInfo: { name: 'toolwire-test' }, status: 200 });
  });

  it('reports a validation failure as isError under the latest version', async () => {
    const result = await make().callTool('add', { a: 'two', b: 3 });
    expect(result).toMatchObject({ isError: true, text: 'argument "a": expected integer, got string', status: 200 });
  });

  it('throws McpTestClientError with the JSON-RPC code for an unknown tool', async () => {
    const failure = make().callTool('nope');
    await expect(failure).rejects.toBeInstanceOf(McpTestClientError);
    await expect(make().callTool('nope')).rejects.toMatchObject({ code: -32602, status: 200, message: expect.stringContaining('Unknown tool: nope') });
  });

  it('sends notifications (202)', async () => {
    expect(await make().notify('notifications/initialized')).toEqual({ status: 202 });
  });
});

describe('mcpTestClient options', () => {
  it('speaks an older protocol version when asked (validation failures are then JSON-RPC -32602)', async () => {
    const old = mcpTestClient(app, { protocolVersion: '2025-03-26' });
    expect((await old.initialize()).protocolVersion).toBe('2025-03-26');
    await expect(old.callTool('add', { a: 'two', b: 3 })).rejects.toMatchObject({ code: -32602, status: 200 });
  });

  it('gives a Dispatcher the version as the context would (unsupported → 400 from core)', async () => {
    await expect(mcpTestClient(dispatcher, { protocolVersion: '1999-01-01' }).listTools()).rejects.toMatchObject({ code: -32600, status: 400 });
  });

  it('posts to another path and sends extra headers', async () => {
    const mounted = express().use('/api/tools', mcpRouter(decl, defs));
    expect((await mcpTestClient(mounted, { path: '/api/tools', headers: { 'x-user': 'ada' } }).callTool('whoami')).text).toBe('ada');
    await expect(mcpTestClient(mounted).callTool('add', { a: 1, b: 2 })).rejects.toMatchObject({ status: 404, code: undefined });
  });

  it('throws the HTTP refusal with its status and code (a foreign Origin → 403)', async () => {
    const refused = mcpTestClient(request(app), { headers: { Origin: 'http://evil.example' } }).callTool('add', { a: 1, b: 2 });
    await expect(refused).rejects.toMatchObject({ status: 403, code: -32600, message: expect.stringContaining('Forbidden: Origin "http://evil.example" not allowed — allowedOrigins') });
  });

  it('serves a plain node:http handler too', async () => {
    expect((await mcpTestClient(mcpHandler(decl, defs)).callTool('echo', { message: 'hi' })).text).toBe('hi');
  });

  it('refuses a target it cannot talk to', () => {
    expect(() => mcpTestClient(42 as never)).toThrow(/mcpTestClient: expected an Express app .*got 42/);
  });
});

describe('mcpTestClient with output schemas and pages', () => {
  it('gives the structuredContent of a structured-output tool, and pages tools/list with cursors', async () => {
    const paged = new ToolDeclaration('paged', '1.0.0', { pageSize: 1 });
    const sumTool = paged.addTool('sum', 'Add').addParam('a', integerType()).addParam('b', integerType()).setOutput(new ObjectType().addProperty('sum', integerType()));
    const other = paged.addTool('other', 'Another tool');
    const pagedDefs = new ServiceDefinition().registerTool(sumTool, (a, b) => ({ sum: a + b })).registerTool(other, () => 'other');
    const client = mcpTestClient(new Dispatcher(pagedDefs, paged));
    expect(await client.callTool('sum', { a: 2, b: 3 })).toEqual({ text: '{"sum":5}', isError: false, structuredContent: { sum: 5 }, content: [{ type: 'text', text: '{"sum":5}' }], status: 200, notifications: [], progress: [], logs: [], asks: [] });
    const first = await client.listTools();
    expect(first.tools.map((t) => t.name)).toEqual(['sum']);
    expect((await client.listTools(first.nextCursor)).tools.map((t) => t.name)).toEqual(['other']);
  });
});
