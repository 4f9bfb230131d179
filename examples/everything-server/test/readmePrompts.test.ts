/**
 * The root README's "Prompts and completion" example, as written (its type check and the
 * Standard Schema arguments block's, and the mistakes their types must catch — reading `cod`,
 * `topik` — are test/docs/readmeBlocks.test.ts's), runs on a free port and the test client lists the
 * prompts, gets both (the optional argument absent and given, the embedded resource), completes
 * the prompt argument and the template variable, and is refused a missing argument — in both
 * eras — so the README stays true.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { mcpTestClient } from '@toolwire/testing';
import { readmeBlock, runExample } from '../../../test-support/readmeExample';

jest.setTimeout(60_000);

const root = join(__dirname, '..', '..', '..');
const HEADING = '## Prompts and completion';
const LISTEN = "app.listen(3000, '127.0.0.1');";
const example = (): string => readmeBlock(HEADING);

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(root, 'examples', 'everything-server', '.readme-prompts-')); // inside the repo, so its packages resolve
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the README example of prompts and completion', () => {
  it('runs: prompts listed and got, arguments and a template variable completed, in both eras', async () => {
    const { port, child, exited } = await runExample(example(), LISTEN, join(dir, 'example.js'));
    try {
      for (const options of [{}, { era: 'modern' as const }]) {
        const client = mcpTestClient(`http://127.0.0.1:${port}/mcp`, options);
        const { prompts } = await client.listPrompts();
        expect(prompts.map((p) => [p.name, p.title])).toEqual([
          ['code_review', 'Code review'],
          ['explain_file', undefined],
        ]);
        expect((await client.getPrompt('code_review', { code: 'x = 1' })).text).toBe('Review this code:\n\nx = 1');
        expect((await client.getPrompt('code_review', { code: 'x = 1', language: 'python' })).text).toBe('Review this python:\n\nx = 1');
        const explained = await client.getPrompt('explain_file', { path: 'a.txt' });
        expect(explained.description).toBe('Explain a.txt');
        expect(explained.messages[0].content).toEqual({ type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'contents of a.txt' } });
        expect((await client.complete({ prompt: 'code_review' }, 'language', 'p')).values).toEqual(['python', 'perl']);
        expect((await client.complete({ resourceTemplate: 'notes://{id}' }, 'id', '1')).values).toEqual(['1', '10']);
        await expect(client.getPrompt('code_review')).rejects.toMatchObject({ code: -32602 });
      }
    } finally {
      child.kill('SIGTERM');
    }
    await exited;
  });
});
