/**
 * Interoperability: the official MCP TypeScript SDK client (Streamable HTTP transport) against the
 * example app on 127.0.0.1:0 — connect (initialize), list tools, call add, echo and image, close.
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createApp } from '../src/app';
import { PNG_SIGNATURE } from '@toolwire/example-demo-tools';

describe('the official MCP SDK client against the example server', () => {
  let server: Server;
  let client: Client;
  let transport: StreamableHTTPClientTransport;

  beforeAll(async () => {
    server = createApp().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    client = new Client({ name: 'toolwire-interop-test', version: '1.0.0' });
    transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`));
    await client.connect(transport);
  });

  afterAll(async () => {
    await client.close();
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  });

  it('negotiates the latest protocol version and sees the server name', () => {
    expect(transport.protocolVersion).toBe('2025-11-25');
    expect(client.getServerVersion()).toMatchObject({ name: 'toolwire-demo', version: '1.0.0' });
    expect(client.getServerCapabilities()).toEqual({ tools: {} });
  });

  it('lists add, echo and image with their input schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['add', 'echo', 'image']);
    expect(tools[0].inputSchema).toMatchObject({ type: 'object', required: ['a', 'b'], properties: { a: { type: 'integer' }, b: { type: 'integer' } } });
  });

  it('calls add', async () => {
    const result = await client.callTool({ name: 'add', arguments: { a: 6, b: 7 } });
    expect(result).toEqual({ content: [{ type: 'text', text: '13' }], isError: false });
  });

  it('calls echo', async () => {
    const result = await client.callTool({ name: 'echo', arguments: { message: 'hello from the SDK' } });
    expect(result.content).toEqual([{ type: 'text', text: 'hello from the SDK' }]);
  });

  it('sees the image tool\'s PNG as image content', async () => {
    const result = await client.callTool({ name: 'image', arguments: { size: 8 } });
    const [block] = result.content as { type: string; data: string; mimeType: string }[];
    expect(block.type).toBe('image');
    expect(block.mimeType).toBe('image/png');
    expect(Buffer.from(block.data, 'base64').subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  });

  it('gets a validation failure back as a tool error (isError: true) under 2025-11-25', async () => {
    const result = await client.callTool({ name: 'add', arguments: { a: 'six', b: 7 } });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: 'text', text: expect.stringContaining('argument "a"') }]);
  });
});
