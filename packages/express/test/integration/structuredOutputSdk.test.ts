/**
 * Structured output through the official SDK client, which validates `structuredContent`
 * against the `outputSchema` it cached from tools/list: an object result, a wrapped non-object
 * result and an isError result (no structuredContent) are all accepted; a result that breaks
 * the schema never reaches the client as data (-32603).
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ArrayType, ObjectType, RemotingFault, ServiceDefinition, ToolDeclaration, integerType, stringType } from '@toolwire/core';
import { mcpRouter } from '../../src';

let server: Server;
let client: Client;
let transport: StreamableHTTPClientTransport;
const internalErrors: unknown[] = [];

beforeAll(async () => {
  const decl = new ToolDeclaration('structured', '1.0.0');
  const defs = new ServiceDefinition();
  const sum = new ObjectType().addProperty('sum', integerType()).addProperty('note', stringType()).setOptional('note');
  const add = decl.addTool('add', 'Add').addParam('a', integerType()).addParam('b', integerType()).setOutput(sum);
  defs.registerTool(add, (a, b) => {
    if (a < 0) throw new RemotingFault('negative numbers are not supported');
    if (a === 13) return { sum: 'unlucky' } as never;
    return { sum: a + b };
  });
  const tags = decl.addTool('tags', 'Tags').setOutput(new ArrayType(stringType()));
  defs.registerTool(tags, () => ['a', 'b']);
  const app = express();
  app.use('/mcp', mcpRouter(decl, defs, { onError: (error) => internalErrors.push(error) }));
  server = createServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`));
  client = new Client({ name: 'structured-test', version: '1.0.0' });
  await client.connect(transport);
  await client.listTools(); // the client caches each outputSchema from here
});

afterAll(async () => {
  await client.close();
  server.close();
});

describe('structured output with the official SDK client', () => {
  it('negotiates a version with structured output', () => {
    expect(transport.protocolVersion).toBe('2025-11-25');
  });

  it('accepts an object result', async () => {
    expect(await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } })).toEqual({
      content: [{ type: 'text', text: '{"sum":5}' }],
      structuredContent: { sum: 5 },
      isError: false,
    });
  });

  it('accepts a non-object result wrapped as {"result": …}', async () => {
    expect(await client.callTool({ name: 'tags', arguments: {} })).toMatchObject({ structuredContent: { result: ['a', 'b'] }, isError: false });
  });

  it('accepts an isError result, which has no structuredContent', async () => {
    const result = await client.callTool({ name: 'add', arguments: { a: -1, b: 3 } });
    expect(result).toEqual({ content: [{ type: 'text', text: 'negative numbers are not supported' }], isError: true });
  });

  it('never sends a result that breaks the schema: the call fails with -32603 and onError hears of it', async () => {
    await expect(client.callTool({ name: 'add', arguments: { a: 13, b: 0 } })).rejects.toThrow(/-32603|Internal error/);
    expect(String(internalErrors.at(-1))).toContain('does not match its output schema: result "sum": expected integer, got string');
  });
});
