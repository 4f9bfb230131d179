/**
 * The root README's "Live lists and subscriptions" examples, as written: the server block and the
 * client block type-check (strict, against the built packages' types); the server runs on a free
 * port, and the test client — in the 2026-07-28 era through subscriptions/listen, in the legacy era
 * through the GET stream the example serves — hears what the example's tool announces, so the
 * README stays true.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { mcpTestClient } from '@toolwire/testing';
import { readmeBlock, runExample } from '../../../test-support/readmeExample';

jest.setTimeout(60_000);

const root = join(__dirname, '..', '..', '..');
const HEADING = '## Live lists and subscriptions';
const LISTEN = "app.listen(3000, '127.0.0.1');";

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(root, 'examples', 'everything-server', '.readme-live-')); // inside the repo, so its packages resolve
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the README example of live lists', () => {
  it('runs: a listener hears the resource the tool updates (2026-07-28), and a legacy GET stream is served', async () => {
    const { port, child, exited } = await runExample(readmeBlock(HEADING), LISTEN, join(dir, 'example.js'));
    try {
      const url = `http://127.0.0.1:${port}/mcp`;
      const client = mcpTestClient(url, { era: 'modern' });
      const subscription = await client.listen({ resourceSubscriptions: ['notes://today'] });
      expect(subscription.acknowledged).toEqual({ resourceSubscriptions: ['notes://today'] });
      await client.callTool('add_note', { line: 'buy milk' });
      const { value } = await subscription.next();
      expect(value).toMatchObject({ method: 'notifications/resources/updated', params: { uri: 'notes://today' } });
      expect((await client.readResource('notes://today')).text).toBe('buy milk\n');
      subscription.close();
      const legacy = await mcpTestClient(url).listen(); // the GET stream (notificationStream: true)
      legacy.close();
      expect(await legacy.ended).toEqual({});
    } finally {
      child.kill('SIGTERM');
    }
    await exited;
  });
});
