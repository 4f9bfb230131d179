/**
 * A stdio server loads none of core's HTTP code, and few files: the stdio example, spawned,
 * answers a tools/call and exits when stdin ends; of the files it loaded from @toolwire/core none
 * is the `http` entry (which alone holds the HTTP rules and pipeline) or a per-file module of them
 * (`@toolwire/stdio` takes only the main and transport entries), and they are the bundled entries
 * and their shared chunks (dist/cjs), not ~150 per-file modules — each opened module cost Node
 * about as much start-up time as the rest of the server did.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const MAIN = join(__dirname, '..', '..', 'dist', 'main.js');

it('answers a tools/call over stdio having loaded no HTTP code of core, in at most 8 bundled files', async () => {
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
  expect(loaded.length).toBeGreaterThan(0); // it did load core
  expect(loaded.filter((file) => /[\\/](httpRules|pipeline)[\\/]|[\\/]http\.js$/.test(file))).toEqual([]);
  expect(loaded.filter((file) => !/[\\/]dist[\\/]cjs[\\/]/.test(file))).toEqual([]);
  expect(loaded.length).toBeLessThanOrEqual(8);
});
