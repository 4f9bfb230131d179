/**
 * The built example as a process: `node examples/http-server/dist/main.js` with PORT=0 logs the
 * bound URL, answers MCP requests there, and exits cleanly on SIGTERM. Run `npm run build` first.
 */
import { spawn, ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import request from 'supertest';
import { mcpTestClient } from '@toolwire/testing';

const MAIN = path.join(__dirname, '..', 'dist', 'main.js');

/** Starts the example and resolves with its process and the URL it logged. */
async function start(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [MAIN], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`example exited with ${code} before listening: ${stderr}`)));
  });
  return { child, url };
}

describe('examples/http-server main.js', () => {
  let child: ChildProcess;
  let url: string;

  beforeAll(async () => {
    ({ child, url } = await start());
  });
  afterAll(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
  });

  it('logs the URL it listens on, with the actual port', () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*\/mcp$/);
  });

  it('answers initialize, tools/call and a notification over HTTP', async () => {
    const client = mcpTestClient(request(new URL(url).origin)); // a supertest agent for the process's URL
    expect(await client.initialize()).toMatchObject({ status: 200, serverInfo: { name: 'toolwire-demo' } });
    expect(await client.callTool('add', { a: 6, b: 7 })).toMatchObject({ status: 200, text: '13', isError: false, content: [{ type: 'text', text: '13' }] });
    expect(await client.notify('notifications/initialized')).toEqual({ status: 202 });
  });

  it('answers GET with 405', async () => {
    const res = await fetch(url);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('exits with code 0 on SIGTERM', async () => {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
  });
});
