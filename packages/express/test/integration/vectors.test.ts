/** The original Pt::Mcp test vectors, over HTTP. */
import request from 'supertest';
import { testApp } from '../helpers/testApp';
import { call, rpc } from '../helpers/testService';

const app = testApp();

describe('mcpRouter: the original test vectors', () => {
  it('calls add with 6 and 7 and answers the text "13"', async () => {
    const res = await request(app).post('/mcp').send(call('add', { a: 6, b: 7 }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: '13' }], isError: false } });
  });

  it('accepts "arguments" before "name" in tools/call params', async () => {
    const body = '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"arguments":{"b":7,"a":6},"name":"add"}}';
    const res = await request(app).post('/mcp').set('Content-Type', 'application/json').send(body);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: '13' }], isError: false } });
  });

  it('refuses an unknown argument with -32602 naming it', async () => {
    const res = await request(app).post('/mcp').send(call('add', { a: 6, b: 7, c: 1 }));
    expect(res.status).toBe(200);
    expect(res.body.error).toEqual({ code: -32602, message: expect.stringContaining('unknown argument "c"') });
  });

  it('answers ping with an empty result object', async () => {
    const res = await request(app).post('/mcp').send(rpc('ping', undefined, 'p-1'));
    expect(res.body).toEqual({ jsonrpc: '2.0', id: 'p-1', result: {} });
  });

  it('returns the image tool\'s bytes "PNGDATA" as base64 "UE5HREFUQQ==" with mimeType image/png', async () => {
    const res = await request(app).post('/mcp').send(call('image'));
    expect(res.body.result).toEqual({ content: [{ type: 'image', data: 'UE5HREFUQQ==', mimeType: 'image/png' }], isError: false });
  });

  it('echoes through an asynchronous procedure', async () => {
    const res = await request(app).post('/mcp').send(call('echo', { message: 'hello' }));
    expect(res.body.result.content).toEqual([{ type: 'text', text: 'hello' }]);
  });

  it('lists the declared tools with their input schemas', async () => {
    const res = await request(app).post('/mcp').send(rpc('tools/list'));
    expect(res.body.result.tools[0]).toEqual({
      name: 'add',
      description: 'Add two integers',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'integer', description: 'First operand' }, b: { type: 'integer', description: 'Second operand' } },
        required: ['a', 'b'],
        additionalProperties: false,
      },
    });
  });

  it('initializes with the declaration\'s server name and the requested version', async () => {
    const res = await request(app).post('/mcp').send(rpc('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } }));
    expect(res.body.result.protocolVersion).toBe('2025-11-25');
    expect(res.body.result.serverInfo).toMatchObject({ name: 'toolwire-test', version: '1.0.0' });
  });
});
