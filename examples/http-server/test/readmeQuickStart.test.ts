/**
 * The root README's quick start, run as written: the first TypeScript block of README.md is
 * compiled, started (on a free port instead of 3000) and called — so the README stays true.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const root = join(__dirname, '..', '..', '..');

function quickStart(): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Quick start'));
  const match = /```ts\n([\s\S]*?)```/.exec(section);
  if (!match) throw new Error('README.md has no TypeScript block under "## Quick start"');
  return match[1];
}

describe('the README quick start', () => {
  it('compiles, serves, and answers tools/call add with 13', async () => {
    const source = quickStart();
    expect(source).toContain("app.listen(3000, '127.0.0.1');");
    const program = ts.transpileModule(
      source.replace("app.listen(3000, '127.0.0.1');", "const server = app.listen(0, '127.0.0.1', () => console.log(`PORT ${server.address().port}`));"),
      { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true } },
    ).outputText;
    const dir = mkdtempSync(join(root, 'examples', 'http-server', '.quickstart-')); // inside the repo, so its packages resolve
    const file = join(dir, 'quickstart.js');
    writeFileSync(file, program);
    const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /PORT (\d+)/.exec(out);
          if (m) resolve(Number(m[1]));
        });
        child.once('exit', (code) => reject(new Error(`quick start exited with ${code}`)));
      });
      const res = await fetch(`http://127.0.0.1:${port}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add', arguments: { a: 6, b: 7 } } }),
      });
      expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: '13' }], isError: false } });
    } finally {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
