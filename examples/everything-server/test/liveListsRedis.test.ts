/**
 * Live lists across instances: two everything-server processes (`--redis redis://…`) behind one
 * real redis-server. A trigger fired through A reaches a 2026-07-28 listen held by B (and one held
 * by A), each exactly once and in order, whichever instance it came through; A killed with
 * SIGKILL does not disturb B's listeners, which go on hearing what is fired through B.
 */
import { startRedis } from '../../../test-support/redisServer';
import type { RedisServer } from '../../../test-support/redisServer';
import { mcpTestClient } from '@toolwire/testing';
import type { McpSubscription } from '@toolwire/testing';
import { startServer } from '../src/conformance';
import { stop } from './helpers/taskRequests';
import type { Instance } from './helpers/taskRequests';

jest.setTimeout(60_000);

let redis: RedisServer | undefined;
const started: Instance[] = [];

beforeAll(async () => {
  redis = await startRedis();
});

afterEach(async () => {
  await Promise.all(started.splice(0).map(stop));
});

afterAll(async () => {
  await redis?.stop();
});

async function twoInstances(): Promise<[Instance, Instance]> {
  if (!redis) throw new Error('redis-server did not start (see beforeAll)');
  const [a, b] = await Promise.all([startServer(['--redis', redis.url]), startServer(['--redis', redis.url])]);
  started.push(a, b);
  return [a, b];
}

const URIS = ['test://one', 'test://two'];

/** The URIs of the next `count` resources/updated a subscription hears. */
async function updates(sub: McpSubscription, count: number): Promise<string[]> {
  const uris: string[] = [];
  while (uris.length < count) {
    const { value, done } = await sub.next();
    if (done) throw new Error('the subscription ended');
    if (value.method === 'notifications/resources/updated') uris.push(String(value.params.uri));
  }
  return uris;
}

describe('everything-server --redis', () => {
  it('delivers a trigger fired through either instance to the listeners of both, once each, in order', async () => {
    const [a, b] = await twoInstances();
    const onA = await mcpTestClient(a.url, { era: 'modern' }).listen({ resourceSubscriptions: URIS });
    const onB = await mcpTestClient(b.url, { era: 'modern' }).listen({ resourceSubscriptions: URIS });
    expect(onB.acknowledged).toEqual({ resourceSubscriptions: URIS });
    await mcpTestClient(a.url, { era: 'modern' }).callTool('test_trigger_resource_update', { uri: 'test://one' });
    await mcpTestClient(b.url, { era: 'modern' }).callTool('test_trigger_resource_update', { uri: 'test://two' });
    // a trigger announced twice would show as test://one twice before test://two
    expect(await updates(onB, 2)).toEqual(URIS);
    expect(await updates(onA, 2)).toEqual(URIS);
    onA.close();
    onB.close();
  });

  it('keeps B\'s listeners when A is killed with SIGKILL', async () => {
    const [a, b] = await twoInstances();
    const onA = await mcpTestClient(a.url, { era: 'modern' }).listen({ resourceSubscriptions: URIS });
    const onB = await mcpTestClient(b.url, { era: 'modern' }).listen({ resourceSubscriptions: URIS });
    const killed = new Promise((resolve) => a.child.once('exit', resolve));
    a.child.kill('SIGKILL');
    await killed;
    expect(await onA.ended).toEqual({}); // A's stream was cut: no final result
    await mcpTestClient(b.url, { era: 'modern' }).callTool('test_trigger_resource_update', { uri: 'test://two' });
    expect(await updates(onB, 1)).toEqual(['test://two']);
    onB.close();
  });
});
