/**
 * A large declaration: tools/list of 1,000 tools is written from bytes encoded once, and what
 * arrives is exactly the declaration's payload, with a correct Content-Length, on both entries.
 */
import express from 'express';
import { createServer } from 'node:http';
import request from 'supertest';
import { ServiceDefinition, ToolDeclaration, integerType, stringType } from '@toolwire/core';
import { mcpHandler, mcpRouter } from '@toolwire/express';

function bigDeclaration(): ToolDeclaration {
  const decl = new ToolDeclaration('big', '1.0.0');
  for (let i = 0; i < 1000; i++) {
    decl.addTool(`tool_${i}`, `Filler tool ${i} — ünïcödé in descriptions counts in bytes`).addParam('a', integerType(), 'A').addParam('s', stringType());
  }
  return decl;
}

const decl = bigDeclaration();
const defs = new ServiceDefinition();
/** Only tools/list is called: the 1,000 tools have no procedures. */
const QUIET = { missingProcedures: 'ignore' } as const;
const list = (id: number | string) => ({ jsonrpc: '2.0', id, method: 'tools/list' });

describe('a tools/list of 1,000 tools', () => {
  it.each([
    ['mcpRouter on Express', () => express().use('/mcp', mcpRouter(decl, defs, QUIET))],
    ['mcpHandler on node:http', () => createServer(mcpHandler(decl, defs, QUIET))],
  ])('%s sends exactly the payload with the right Content-Length', async (_name, make) => {
    const app = make();
    const path = _name.startsWith('mcpRouter') ? '/mcp' : '/';
    for (const id of [1, 'second']) {
      const res = await request(app).post(path).send(list(id));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
      expect(res.text).toBe(JSON.stringify({ jsonrpc: '2.0', id, result: decl.toToolsList() }));
    }
  });

  it('is answered inside a batch too (as text)', async () => {
    const app = express().use('/mcp', mcpRouter(decl, defs, QUIET));
    const res = await request(app).post('/mcp').send([list(1), { jsonrpc: '2.0', id: 2, method: 'ping' }]);
    expect(res.body).toEqual([{ jsonrpc: '2.0', id: 1, result: decl.toToolsList() }, { jsonrpc: '2.0', id: 2, result: {} }]);
  });
});
