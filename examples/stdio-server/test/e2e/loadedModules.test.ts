/**
 * A stdio server loads none of core's HTTP code: the stdio example, spawned, answers a tools/call
 * and exits when stdin ends, and of the modules it loaded from @toolwire/core none is an HTTP
 * rule or the HTTP pipeline (`@toolwire/stdio` takes only the main and transport entries).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const MAIN = join(__dirname, '..', '..', 'dist', 'main.js');

it('answers a tools/call over stdio having loaded no module of the HTTP rules or pipeline', async () => {
  const child = spawn(process.execPath, ['-r', join(__dirname, 'printLoadedModules.js'), MAIN], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.stdin.end(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add', arguments: { a: 2, b: 3 } } })}\n`);
  expect(await exited).toBe(0);
  expect(JSON.parse(stdout.trim().split('\n')[0])).toMatchObject({ id: 1, result: { content: [{ type: 'text', text: '5' }] } });
  const line = stderr.split('\n').find((l) => l.startsWith('LOADED '));
  const loaded = JSON.parse(line!.slice('LOADED '.length)) as string[];
  expect(loaded.length).toBeGreaterThan(20); // it did load core
  expect(loaded.filter((file) => /[\\/](httpRules|pipeline)[\\/]/.test(file))).toEqual([]);
});
