/** MCP-Protocol-Version: passed raw to the dispatcher; it decides validation errors, batches and refusals. */
import express from 'express';
import request from 'supertest';
import { ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import type { CallContext } from '@toolwire/core';
import { mcpRouter } from '../../src';
import { testApp } from '../helpers/testApp';
import { call, rpc } from '../helpers/testService';

const app = testApp();
const HEADER = 'MCP-Protocol-Version';

describe('mcpRouter: MCP-Protocol-Version', () => {
  it.each(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'])('accepts %s in the header and initialize echoes it', async (version) => {
    const init = await request(app).post('/mcp').send(rpc('initialize', { protocolVersion: version, capabilities: {}, clientInfo: { name: 't', version: '1' } }));
    expect(init.status).toBe(200);
    expect(init.body.result.protocolVersion).toBe(version);
    const list = await request(app).post('/mcp').set(HEADER, version).send(rpc('tools/list', undefined, 2));
    expect(list.status).toBe(200);
    expect(list.body.result.tools.length).toBeGreaterThan(0);
  });

  it('validation errors follow the version: isError only from 2025-11-25, -32602 before', async () => {
    const bad = call('add', { a: 'six', b: 7 });
    const modern = await request(app).post('/mcp').set(HEADER, '2025-11-25').send(bad);
    expect(modern.body.result.isError).toBe(true);
    for (const version of ['2025-06-18', '2024-11-05']) {
      const res = await request(app).post('/mcp').set(HEADER, version).send(bad);
      expect(res.body.error.code).toBe(-32602);
    }
  });

  it('batches are accepted under 2024-11-05 and 2025-03-26 and refused under 2025-06-18', async () => {
    const batch = [rpc('tools/list', undefined, 1), rpc('tools/list', undefined, 2)];
    expect((await request(app).post('/mcp').set(HEADER, '2024-11-05').send(batch)).body).toHaveLength(2);
    const refused = await request(app).post('/mcp').set(HEADER, '2025-06-18').send(batch);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe(-32600);
  });

  it('refuses a misspelt dispatcher option when the router is created', () => {
    expect(() => mcpRouter(new ToolDeclaration('s', '1'), new ServiceDefinition(), { exposeInternalError: true } as never)).toThrow(
      /unknown option "exposeInternalError" \(did you mean "exposeInternalErrors"\?\)/,
    );
  });

  it('refuses an unsupported version with 400 and a -32600 JSON body', async () => {
    const res = await request(app).post('/mcp').set(HEADER, '1999-01-01').send(rpc('tools/list', undefined, 5));
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: 5, error: { code: -32600, message: expect.stringContaining('1999-01-01') } });
  });

  it('lets initialize through whatever version the header claims', async () => {
    const res = await request(app).post('/mcp').set(HEADER, '1999-01-01').send(rpc('initialize', { protocolVersion: '2025-03-26' }));
    expect(res.status).toBe(200);
    expect(res.body.result.protocolVersion).toBe('2025-03-26');
  });

  it('treats an absent header as 2025-03-26: a validation error is JSON-RPC -32602', async () => {
    const res = await request(app).post('/mcp').send(call('add', { a: 'six', b: 7 }));
    expect(res.status).toBe(200);
    expect(res.body.error).toEqual({ code: -32602, message: expect.stringContaining('argument "a": expected integer, got string') });
  });

  it('treats an absent header as 2025-03-26: batches are answered', async () => {
    const res = await request(app).post('/mcp').send([rpc('ping', undefined, 1), rpc('ping', undefined, 2)]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }, { jsonrpc: '2.0', id: 2, result: {} }]);
  });

  it('under 2025-11-25 a validation error is a tool result with isError: true', async () => {
    const res = await request(app).post('/mcp').set(HEADER, '2025-11-25').send(call('add', { a: 'six', b: 7 }));
    expect(res.status).toBe(200);
    expect(res.body.result.isError).toBe(true);
    expect(res.body.result.content[0].text).toContain('argument "a": expected integer, got string');
  });

  it('under 2025-11-25 a batch is refused with 400 and -32600', async () => {
    const res = await request(app).post('/mcp').set(HEADER, '2025-11-25').send([rpc('ping', undefined, 1), rpc('ping', undefined, 2)]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/batch/) } });
  });

  it('under 2025-03-26 named explicitly, a validation error is JSON-RPC -32602', async () => {
    const res = await request(app).post('/mcp').set(HEADER, '2025-03-26').send(call('add', { a: 1 }));
    expect(res.body.error).toEqual({ code: -32602, message: expect.stringContaining('missing required argument "b"') });
  });

  it('passes the version on to procedures as context.protocolVersion', async () => {
    const decl = new ToolDeclaration('v', '1');
    decl.addTool('version');
    const defs = new ServiceDefinition().registerProcedure('version', (ctx: CallContext) => ctx.protocolVersion);
    const versionApp = express().use('/mcp', mcpRouter(decl, defs));
    const res = await request(versionApp).post('/mcp').set(HEADER, '2025-11-25').send(call('version'));
    expect(res.body.result.content[0].text).toBe('2025-11-25');
  });
});
