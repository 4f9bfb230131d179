/**
 * mcpFetchHandler in-process on Node's own Request/Response: every HTTP rule of the router, the
 * statuses core chooses, JSON error bodies, the procedure's view of its request, and setup errors.
 */
import { LATEST_PROTOCOL_VERSION } from '@toolwire/core';
import { mcpFetchHandler, DEFAULT_MAX_BODY_BYTES } from '@toolwire/fetch';
import { fetchService, post, rpc } from '../helpers';

const { decl, defs } = fetchService();
const handle = mcpFetchHandler(decl, defs);

async function read(response: Response): Promise<{ status: number; type: string | null; body: unknown }> {
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type'), body: text === '' ? undefined : JSON.parse(text) };
}

const refusal = (code: number, message: string | RegExp) => ({ jsonrpc: '2.0', id: null, error: { code, message: typeof message === 'string' ? message : expect.stringMatching(message) } });

describe('mcpFetchHandler', () => {
  it('answers tools/call with 200 application/json and the JSON-RPC response', async () => {
    const res = await read(await handle(post(rpc('tools/call', { name: 'add', arguments: { a: 2, b: 3 } }), { 'mcp-protocol-version': LATEST_PROTOCOL_VERSION })));
    expect(res).toEqual({ status: 200, type: 'application/json', body: { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: '5' }], isError: false } } });
  });

  it('answers 202 with no body for a notification', async () => {
    const res = await handle(post(rpc('notifications/initialized', undefined, null)));
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
  });

  it('answers 405 with Allow: POST for GET, DELETE and OPTIONS', async () => {
    for (const method of ['GET', 'DELETE', 'OPTIONS']) {
      const res = await handle(new Request('http://localhost/mcp', { method }));
      expect(res.headers.get('allow')).toBe('POST');
      expect(await read(res)).toEqual({ status: 405, type: 'application/json', body: refusal(-32600, 'Method Not Allowed: only POST is accepted') });
    }
  });

  it('answers 403 for a foreign Origin, and passes the request\'s own origin and listed ones', async () => {
    expect((await read(await handle(post(rpc('ping'), { origin: 'http://evil.example' })))).status).toBe(403);
    expect((await handle(post(rpc('ping'), { origin: 'http://localhost' }))).status).toBe(200);
    const listed = mcpFetchHandler(decl, defs, { allowedOrigins: ['https://app.example.com'] });
    expect((await listed(post(rpc('ping'), { origin: 'https://app.example.com' }))).status).toBe(200);
    expect(await read(await handle(post(rpc('ping'), { origin: 'http://evil.example' })))).toMatchObject({ body: refusal(-32600, 'Forbidden: Origin "http://evil.example" not allowed — allowedOrigins') });
  });

  it('without allowedHosts passes only localhost, 127.0.0.1 and [::1] (no socket address to go by)', async () => {
    for (const host of ['localhost:8787', '127.0.0.1', '[::1]:3000']) expect((await handle(post(rpc('ping'), { host }))).status).toBe(200);
    const res = await read(await handle(post(rpc('ping'), { host: 'evil.example.com' })));
    expect(res).toEqual({ status: 403, type: 'application/json', body: refusal(-32600, 'Forbidden: Host "evil.example.com" not allowed — allowedHosts') });
  });

  it('reads the host from the request URL when there is no Host header', async () => {
    expect((await handle(post(rpc('ping'), {}, 'http://127.0.0.1:8787/mcp'))).status).toBe(200);
    expect((await handle(post(rpc('ping'), {}, 'https://mcp.example.com/mcp'))).status).toBe(403);
  });

  it('with allowedHosts passes exactly the listed hosts, port ignored', async () => {
    const deployed = mcpFetchHandler(decl, defs, { allowedHosts: ['mcp.example.com'] });
    expect((await deployed(post(rpc('ping'), {}, 'https://mcp.example.com/mcp'))).status).toBe(200);
    expect((await deployed(post(rpc('ping'), { host: 'mcp.example.com:8443' }))).status).toBe(200);
    expect((await deployed(post(rpc('ping'), { host: 'localhost' }))).status).toBe(403);
  });

  it('with strictAccept answers 406 unless Accept names JSON and SSE', async () => {
    const strict = mcpFetchHandler(decl, defs, { strictAccept: true });
    expect((await strict(post(rpc('ping'), { accept: 'application/json' }))).status).toBe(406);
    expect((await strict(post(rpc('ping'), { accept: 'application/json, text/event-stream' }))).status).toBe(200);
    expect((await handle(post(rpc('ping'), { accept: 'text/html' }))).status).toBe(200);
  });

  it('answers 415 for a non-JSON Content-Type and reads a missing one as JSON', async () => {
    expect(await read(await handle(post(rpc('ping'), { 'content-type': 'text/plain' })))).toMatchObject({ status: 415, body: refusal(-32600, /^Unsupported Media Type/) });
    const bare = new Request('http://localhost/mcp', { method: 'POST', body: new TextEncoder().encode(JSON.stringify(rpc('ping'))) });
    expect(bare.headers.get('content-type')).toBeNull();
    expect((await handle(bare)).status).toBe(200);
  });

  it('answers 413 for a declared or streamed body over maxBodyBytes', async () => {
    const small = mcpFetchHandler(decl, defs, { maxBodyBytes: 100 });
    const big = JSON.stringify(rpc('tools/call', { name: 'echo', arguments: { message: 'x'.repeat(200) } }));
    expect(await read(await small(post(big)))).toEqual({ status: 413, type: 'application/json', body: refusal(-32600, 'Payload Too Large: the request body exceeds 100 bytes') });
    const bytes = new TextEncoder().encode(big);
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 50) controller.enqueue(bytes.subarray(i, i + 50));
        controller.close();
      },
    });
    const chunked = new Request('http://localhost/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: streamed, duplex: 'half' } as RequestInit);
    expect(chunked.headers.get('content-length')).toBeNull();
    expect((await small(chunked)).status).toBe(413);
    expect(DEFAULT_MAX_BODY_BYTES).toBe(4 * 1024 * 1024);
  });

  it('decodes a body split inside a multi-byte character', async () => {
    const bytes = new TextEncoder().encode(JSON.stringify(rpc('tools/call', { name: 'echo', arguments: { message: 'grüße 🎉' } })));
    const split = bytes.indexOf(0xc3) + 1;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, split));
        controller.enqueue(bytes.subarray(split));
        controller.close();
      },
    });
    const res = await read(await handle(new Request('http://localhost/mcp', { method: 'POST', body, duplex: 'half' } as RequestInit)));
    expect(res.body).toMatchObject({ result: { content: [{ type: 'text', text: 'grüße 🎉' }] } });
  });

  it('answers 400 for invalid JSON, a non-message and a batch under the latest version; 400 for an unsupported version', async () => {
    expect(await read(await handle(post('{"jsonrpc":')))).toMatchObject({ status: 400, body: refusal(-32700, /^Parse error/) });
    expect(await read(await handle(post('42')))).toMatchObject({ status: 400, body: { id: null, error: { code: -32600 } } });
    expect((await handle(post([rpc('ping')], { 'mcp-protocol-version': LATEST_PROTOCOL_VERSION }))).status).toBe(400);
    expect((await handle(post([rpc('ping')]))).status).toBe(200); // no header: 2025-03-26, batches allowed
    expect(await read(await handle(post(rpc('tools/list'), { 'mcp-protocol-version': '1999-01-01' })))).toMatchObject({ status: 400, body: { id: 1, error: { code: -32600 } } });
  });

  it('answers 200 with the JSON-RPC error of a well-formed request (method not found)', async () => {
    expect(await read(await handle(post(rpc('no/such/method'))))).toMatchObject({ status: 200, body: { id: 1, error: { code: -32601 } } });
  });

  it('hands procedures the Request as context.request, and a signal', async () => {
    const res = await read(await handle(post(rpc('tools/call', { name: 'whoami', arguments: {} }), { 'x-user': 'ada' })));
    expect(res.body).toMatchObject({ result: { content: [{ type: 'text', text: '  isRequest: true\n  user: ada\n  signal: true' }] } });
  });

  it('answers 500 in JSON when someone already read the body', async () => {
    const used = post(rpc('ping'));
    await used.text();
    expect(await read(await handle(used))).toMatchObject({ status: 500, body: refusal(-32603, /earlier middleware/) });
  });

  it('checks its arguments and options once, when created', () => {
    expect(() => mcpFetchHandler(defs as never, decl as never)).toThrow(/mcpFetchHandler: expected a ToolDeclaration as the first argument.*swapped/);
    expect(() => mcpFetchHandler(decl, defs, { maxBodyBytes: 0 })).toThrow('@toolwire/fetch: option maxBodyBytes: expected a positive integer, got 0');
    expect(() => mcpFetchHandler(decl, defs, { maxSseBufferBytes: -1 })).toThrow('@toolwire/fetch: option maxSseBufferBytes: expected a positive integer, got -1');
    expect(() => mcpFetchHandler(decl, defs, { allowedOrigins: ['nope'] })).toThrow(/@toolwire\/fetch: allowedOrigins/);
    expect(() => mcpFetchHandler(decl, defs, { maxBody: 1 } as never)).toThrow(/unknown option "maxBody"/);
  });
});
