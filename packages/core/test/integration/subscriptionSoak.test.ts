/**
 * A short soak of live lists (a few seconds, for CI; the bench runs the long one): 1,000
 * 2026-07-28 listens held on one dispatcher, 100 list changes flowing to every one of them, then
 * all closed — five cycles. Every listener hears every change, the hub holds nothing after each
 * cycle, and the heap after a full GC does not grow from the second cycle to the last (a
 * listener, a bus subscription or a timer kept per cycle would).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Dispatcher, MemoryNotificationBus, ServiceDefinition, ToolDeclaration } from '@toolwire/core';

jest.setTimeout(120_000);

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const LISTENERS = 1000;
const CHANGES = 100;

async function cycle(dispatcher: Dispatcher, bus: MemoryNotificationBus): Promise<number[]> {
  const heard = new Array<number>(LISTENERS).fill(0);
  const controllers = Array.from({ length: LISTENERS }, () => new AbortController());
  const done = controllers.map((controller, i) =>
    dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id: `L${i}`, method: 'subscriptions/listen', params: { _meta: META, notifications: { toolsListChanged: true } } }), {
      protocolVersion: '2026-07-28',
      signal: controller.signal,
      notify: () => void heard[i]++,
    }),
  );
  for (let i = 0; i < CHANGES; i++) await bus.publish({ type: 'listChanged', list: 'tools' });
  for (const controller of controllers) controller.abort();
  await Promise.all(done);
  await bus.publish({ type: 'listChanged', list: 'tools' }); // after the close: heard by none
  return heard;
}

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

it(`holds ${LISTENERS} listens with ${CHANGES} changes flowing, five times over, and lets them all go`, async () => {
  const decl = new ToolDeclaration('soak', '1');
  decl.addTool('noop');
  const bus = new MemoryNotificationBus();
  const dispatcher = new Dispatcher(new ServiceDefinition().registerProcedure('noop', () => 'ok'), decl, { notificationBus: bus, maxSubscriptions: LISTENERS, maxSubscriptionsPerPrincipal: LISTENERS });
  const heaps: number[] = [];
  for (let round = 0; round < 5; round++) {
    const heard = await cycle(dispatcher, bus);
    expect(new Set(heard)).toEqual(new Set([1 + CHANGES])); // the acknowledgement and every change, each listener
    expect(dispatcher.notifications.size).toBe(0);
    heaps.push(heapAfterGc());
  }
  const growth = (heaps[4] - heaps[1]) / 2 ** 20;
  console.log(`subscription soak: heap after GC per cycle ${heaps.map((h) => (h / 2 ** 20).toFixed(1)).join(', ')} MB`);
  expect(growth).toBeLessThan(2); // MB, from the second cycle to the last: flat
});
