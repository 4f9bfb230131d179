/**
 * Body handling: the router reads the stream itself (with maxBodyBytes) or uses what an upstream
 * express.json()/text()/raw() left in req.body; non-JSON content types are 415.
 */
import express from 'express';
import request from 'supertest';
import { mcpRouter, mcpErrorHandler } from '../../src';
import type { McpHttpOptions } from '../../src';
import { testApp } from '../helpers/testApp';
import { call, testService } from '../helpers/testService';

const add = call('add', { a: 6, b: 7 });
const addText = JSON.stringify(add);
const THIRTEEN = [{ type: 'text', text: '13' }];

/** An app with `middleware` before the router, and optionally mcpErrorHandler after it. */
function appWith(middleware: express.RequestHandler[], options?: McpHttpOptions, errorHandler = false): express.Express {
  const { decl, defs } = testService();
  const app = express();
  for (const m of middleware) app.use(m);
  if (errorHandler) app.use('/mcp', mcpRouter(decl, defs, options), mcpErrorHandler());
  else app.use('/mcp', mcpRouter(decl, defs, options));
  return app;
}

describe('mcpRouter: body handling', () => {
  it('reads the body itself when no parser ran', async () => {
    const res = await request(testApp()).post('/mcp').set('Content-Type', 'application/json').send(addText);
    expect(res.body.result.content).toEqual(THIRTEEN);
  });

  it('reads a body sent without Content-Type as JSON', async () => {
    const res = await request(testApp()).post('/mcp').send(Buffer.from(addText)).unset('Content-Type');
    expect(res.status).toBe(200);
    expect(res.body.result.content).toEqual(THIRTEEN);
  });

  it('accepts application/json; charset=utf-8', async () => {
    const res = await request(testApp()).post('/mcp').set('Content-Type', 'application/json; charset=UTF-8').send(addText);
    expect(res.body.result.content).toEqual(THIRTEEN);
  });

  it('decodes multi-byte UTF-8 split across chunks', async () => {
    const res = await request(testApp()).post('/mcp').send(call('echo', { message: 'grüße 🌍 '.repeat(5000) }));
    expect(res.body.result.content[0].text).toBe('grüße 🌍 '.repeat(5000));
  });

  it('answers 415 with a JSON-RPC error for Content-Type text/plain', async () => {
    const res = await request(testApp()).post('/mcp').set('Content-Type', 'text/plain').send(addText);
    expect(res.status).toBe(415);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/Unsupported Media Type/) } });
  });

  it('answers 415 for application/x-www-form-urlencoded', async () => {
    const res = await request(testApp()).post('/mcp').type('form').send({ a: '1' });
    expect(res.status).toBe(415);
  });

  it('answers 415 for a JSON type with a charset other than UTF-8', async () => {
    const res = await request(testApp()).post('/mcp').set('Content-Type', 'application/json; charset=iso-8859-1').send(addText);
    expect(res.status).toBe(415);
  });

  it('answers 413 with a JSON-RPC error when Content-Length exceeds maxBodyBytes', async () => {
    const res = await request(testApp({ maxBodyBytes: 64 })).post('/mcp').send(call('echo', { message: 'x'.repeat(100) }));
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/exceeds 64 bytes/) } });
  });

  it('accepts a body of exactly maxBodyBytes', async () => {
    const res = await request(testApp({ maxBodyBytes: Buffer.byteLength(addText) })).post('/mcp').set('Content-Type', 'application/json').send(addText);
    expect(res.status).toBe(200);
  });

  it('works after express.json() (uses the parsed req.body)', async () => {
    const res = await request(appWith([express.json()])).post('/mcp').send(add);
    expect(res.body.result.content).toEqual(THIRTEEN);
  });

  it('works after express.json() for batches (a parsed array)', async () => {
    const res = await request(appWith([express.json()])).post('/mcp').send([add, call('add', { a: 1, b: 1 }, 2)]);
    expect(res.body.map((r: { result: { content: unknown } }) => r.result.content)).toEqual([THIRTEEN, [{ type: 'text', text: '2' }]]);
  });

  it('works after express.json() with a smaller limit for bodies under that limit', async () => {
    const res = await request(appWith([express.json({ limit: '1kb' })])).post('/mcp').send(add);
    expect(res.body.result.content).toEqual(THIRTEEN);
  });

  it('answers 413 in JSON when express.json() with a smaller limit refuses the body and mcpErrorHandler is mounted', async () => {
    const app = appWith([express.json({ limit: 100 })], undefined, true);
    const res = await request(app).post('/mcp').send(call('echo', { message: 'x'.repeat(500) }));
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/too large/i) } });
  });

  it('answers invalid JSON refused by express.json() with 400 and -32700 when mcpErrorHandler is mounted', async () => {
    const app = appWith([express.json()], undefined, true);
    const res = await request(app).post('/mcp').set('Content-Type', 'application/json').send('{"jsonrpc":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringMatching(/^Parse error/) } });
  });

  it('without mcpErrorHandler, an upstream express.json() refusal is Express\'s own (not JSON): the documented limitation', async () => {
    const res = await request(appWith([express.json({ limit: 100 })])).post('/mcp').send(call('echo', { message: 'x'.repeat(500) }));
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).not.toMatch(/json/);
  });

  it('works after express.text({ type: "application/json" }) (a string req.body)', async () => {
    const res = await request(appWith([express.text({ type: 'application/json' })])).post('/mcp').send(add);
    expect(res.body.result.content).toEqual(THIRTEEN);
  });

  it('works after express.text() with its default type (the JSON body is left to the router)', async () => {
    const res = await request(appWith([express.text()])).post('/mcp').send(add);
    expect(res.body.result.content).toEqual(THIRTEEN);
  });

  it('works after express.raw({ type: "application/json" }) (a Buffer req.body)', async () => {
    const res = await request(appWith([express.raw({ type: 'application/json' })])).post('/mcp').send(add);
    expect(res.body.result.content).toEqual(THIRTEEN);
  });

  it('answers invalid JSON left as text by express.text() with 400 and -32700', async () => {
    const res = await request(appWith([express.text({ type: 'application/json' })])).post('/mcp').set('Content-Type', 'application/json').send('{nope');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(-32700);
  });

  it('answers 500 in JSON when an earlier middleware consumed the stream without setting req.body', async () => {
    const swallow: express.RequestHandler = (req, _res, next) => {
      req.on('end', () => next());
      req.resume();
    };
    const res = await request(appWith([swallow])).post('/mcp').send(add);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32603, message: expect.stringMatching(/earlier middleware/) } });
  });

  it('answers a parsed empty array from express.json() with 400 and -32600', async () => {
    const res = await request(appWith([express.json()])).post('/mcp').send([]);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(-32600);
  });
});
