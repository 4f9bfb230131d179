import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { call } from '../helpers';

const FIXTURE = join(__dirname, '..', 'fixtures', 'floodServer.js');

describe('a tool that floods the console in a real stdio process', () => {
  it('keeps stdout to protocol frames only: 20,000 console lines go to stderr, and every call is answered', async () => {
    const child = spawn(process.execPath, [FIXTURE], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderrLines = 0;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderrLines += chunk.toString('utf8').split('\n').length - 1));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const lines = [call(1, 'flood', { n: 20_000 }), ...Array.from({ length: 50 }, (_, i) => call(100 + i, 'add', { a: i, b: 1 })), call(2, 'flood', { n: 10 })];
    child.stdin.end(lines.map((l) => `${l}\n`).join(''));
    expect(await exited).toBe(0);

    const replies = stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { id: number; result: { content: { text: string }[] } });
    expect(replies.map((r) => r.id).sort((a, b) => a - b)).toEqual([1, 2, ...Array.from({ length: 50 }, (_, i) => 100 + i)]);
    for (const r of replies) expect(r.result.content[0].text).toBe(r.id === 1 ? '20000' : r.id === 2 ? '10' : String(r.id - 100 + 1));
    expect(stderrLines).toBeGreaterThanOrEqual(20_010 + 3 * 200);
  });
});
