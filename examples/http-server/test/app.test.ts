/** The demo app through the test client (`@toolwire/testing`): its tools, their schemas, and the image tool's PNG. */
import { inflateSync } from 'node:zlib';
import request from 'supertest';
import { mcpTestClient } from '@toolwire/testing';
import { createApp } from '../src/app';
import { gradientPng, PNG_SIGNATURE } from '@toolwire/example-demo-tools';

const client = mcpTestClient(createApp());

describe('http-server example app', () => {
  it('initializes as toolwire-demo 1.0.0', async () => {
    expect(await client.initialize()).toMatchObject({ protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'toolwire-demo', version: '1.0.0' } });
  });

  it('lists add, echo and image with the seed\'s descriptions', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => [t.name, t.description])).toEqual([
      ['add', 'Add two integers'],
      ['echo', 'Echo a string'],
      ['image', 'Return a small PNG image (a colour gradient)'],
    ]);
    expect(tools[0].inputSchema.properties).toEqual({ a: { type: 'integer', description: 'First operand' }, b: { type: 'integer', description: 'Second operand' } });
    expect(tools[1].inputSchema.properties).toEqual({ message: { type: 'string', description: 'The message to echo' } });
    expect(tools[2].inputSchema.required).toEqual([]);
  });

  it('adds 6 and 7', async () => {
    expect(await client.callTool('add', { a: 6, b: 7 })).toMatchObject({ text: '13', isError: false, content: [{ type: 'text', text: '13' }], status: 200 });
  });

  it('echoes a message, also through a supertest agent', async () => {
    expect((await mcpTestClient(request(createApp())).callTool('echo', { message: 'hello' })).content).toEqual([{ type: 'text', text: 'hello' }]);
  });

  it('returns a real 16×16 PNG from image by default', async () => {
    const [block] = (await client.callTool('image')).content;
    expect(block.type).toBe('image');
    expect(block.mimeType).toBe('image/png');
    const png = Buffer.from(block.data ?? '', 'base64');
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([16, 16]);
  });

  it('reports an out-of-range image size as a tool error', async () => {
    expect(await client.callTool('image', { size: 1000 })).toMatchObject({ text: 'size must be between 1 and 256, got 1000', isError: true });
  });

  it('reports a bad argument as a tool error under the latest protocol version', async () => {
    expect(await client.callTool('add', { a: 'six', b: 7 })).toMatchObject({ text: 'argument "a": expected integer, got string', isError: true });
  });
});

describe('gradientPng', () => {
  it('writes chunks whose pixel data inflates to size rows of 1 + 3·size bytes', () => {
    const png = gradientPng(4);
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('ascii')).toBe('IDAT');
    const pixels = inflateSync(png.subarray(41, 41 + idatLength));
    expect(pixels.length).toBe(4 * (1 + 4 * 3));
    expect(png.subarray(png.length - 8, png.length - 4).toString('ascii')).toBe('IEND');
  });

  it('writes the standard CRC-32 of IEND (AE 42 60 82)', () => {
    expect(gradientPng(1).subarray(-4).toString('hex')).toBe('ae426082');
  });
});
