/**
 * The root README's quick start, run as written: the first TypeScript block of README.md is
 * compiled, started (on a free port instead of 3000) and called — so the README stays true.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { readmeBlock, runExample } from '../../../test-support/readmeExample';
import type { RunningExample } from '../../../test-support/readmeExample';

const root = join(__dirname, '..', '..', '..');

describe('the README quick start', () => {
  it('compiles, serves, and answers tools/call add with 13', async () => {
    const dir = mkdtempSync(join(root, 'examples', 'http-server', '.quickstart-')); // inside the repo, so its packages resolve
    let example: RunningExample | undefined;
    try {
      example = await runExample(readmeBlock('## Quick start'), "app.listen(3000, '127.0.0.1');", join(dir, 'quickstart.js'));
      const res = await fetch(`http://127.0.0.1:${example.port}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add', arguments: { a: 6, b: 7 } } }),
      });
      expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: '13' }], isError: false } });
    } finally {
      example?.child.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
