/**
 * The cluster example, spawned with 2 workers on a free port: calls over fresh connections are
 * answered by both workers (nothing shared, no sticky sessions), every answer is right, and
 * SIGTERM stops the primary and its workers.
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';

jest.setTimeout(30_000);

const main = join(__dirname, '..', 'dist', 'main.js');

function post(url: URL, body: unknown): Promise<{ status: number; json: { result?: { structuredContent?: { pid: number }; content: { text: string }[] } } }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = request(url, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'mcp-protocol-version': '2025-11-25', connection: 'close' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(data);
  });
}

describe('examples/cluster', () => {
  it('serves calls from both of its 2 workers and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [main], { env: { ...process.env, PORT: '0', WORKERS: '2' }, stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      const url = await new Promise<URL>((resolve, reject) => {
        let log = '';
        child.stderr.setEncoding('utf8');
        child.stderr.on('data', (c: string) => {
          log += c;
          const m = /listening on (http:\/\/\S+) \(2 workers\)/.exec(log);
          if (m) resolve(new URL(m[1]));
        });
        child.once('exit', (code) => reject(new Error(`cluster exited with ${code}: ${log}`)));
      });
      const pids = new Set<number>();
      for (let i = 0; i < 40 && pids.size < 2; i++) {
        const { status, json } = await post(url, { jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'worker', arguments: {} } });
        expect(status).toBe(200);
        pids.add(json.result?.structuredContent?.pid ?? -1);
      }
      expect(pids.size).toBe(2);
      expect(pids.has(child.pid ?? -1)).toBe(false); // the primary only forks and restarts
      const sums = await Promise.all(Array.from({ length: 20 }, (_, i) => post(url, { jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'add', arguments: { a: i, b: 1 } } })));
      expect(sums.map((r) => r.json.result?.content[0].text)).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1)));
    } finally {
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });
});
