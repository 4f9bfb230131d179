/**
 * The Hono example: through Hono's own `app.request()` (no server) with the test client and the
 * official SDK client, and as a process — dist/main.js under Bun on 127.0.0.1:0 — with the SDK
 * client over Streamable HTTP.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION } from '@toolwire/core';
import { mcpTestClient } from '@toolwire/testing';
import { PNG_SIGNATURE } from '@toolwire/example-demo-tools';
import { createApp } from '../src/app';
import { runtimeBinary } from '../../../test-support/runtimeBinary';

jest.setTimeout(20_000);

const app = createApp();

describe('the Hono app through app.request()', () => {
  const client = mcpTestClient(app); // a Hono app has fetch(request)

  it('lists and calls the demo tools', async () => {
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['add', 'echo', 'image']);
    expect(await client.callTool('add', { a: 2, b: 3 })).toMatchObject({ text: '5', isError: false, status: 200 });
    const [png] = (await client.callTool('image', { size: 4 })).content;
    expect(Buffer.from(png.data ?? '', 'base64').subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  });

  it('keeps the HTTP rules: GET → 405, a rebinding Host → 403, other routes are Hono\'s', async () => {
    const get = await app.request('/mcp');
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    const rebound = await app.request('http://evil.example/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
    expect(rebound.status).toBe(403);
    expect(await (await app.request('/')).text()).toMatch(/POST MCP requests to \/mcp/);
  });

  it('serves the official SDK client with the latest protocol version', async () => {
    const transport = new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), { fetch: async (url, init) => app.request(String(url), init) });
    const sdk = new Client({ name: 'hono-example-test', version: '1.0.0' });
    await sdk.connect(transport);
    try {
      expect(transport.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
      expect(await sdk.callTool({ name: 'echo', arguments: { message: 'hi from Hono' } })).toEqual({ content: [{ type: 'text', text: 'hi from Hono' }], isError: false });
    } finally {
      await sdk.close();
    }
  });
});

const bun = runtimeBinary('bun');

describe('dist/main.js under Bun', () => {
  it('listens on a free port and serves the SDK client', async () => {
    // the optionalDependencies install Bun on linux-x64/arm64 and macOS: a missing one is a broken install, not a reason to test less
    if (!bun.binary || bun.unavailable) throw new Error(`Bun cannot run here: ${bun.unavailable}`);
    const child = spawn(bun.binary, [join(__dirname, '..', 'dist', 'main.js')], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(out);
          if (match) resolve(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`main.js exited with ${code}`)));
      });
      const transport = new StreamableHTTPClientTransport(new URL(url));
      const sdk = new Client({ name: 'hono-example-bun', version: '1.0.0' });
      await sdk.connect(transport);
      expect(transport.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
      expect((await sdk.callTool({ name: 'add', arguments: { a: 6, b: 7 } })).content).toEqual([{ type: 'text', text: '13' }]);
      await sdk.close();
    } finally {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
  });
});
