/**
 * A short soak of live lists (a few seconds, for CI; the bench runs the long one, `npm run bench
 * -- --only=listen-soak`): 1,000 2026-07-28 listens held on one dispatcher — a third asking for
 * the tools list, a third for a resource, a third for both — 100 list changes and 100 resource
 * updates flowing, then all closed — five cycles. Every listener hears exactly what it asked for,
 * each frame tagged with its own subscription id, nothing after the close; the hub holds nothing
 * after each cycle, and the heap after a full GC does not grow from the second cycle to the last
 * (a listener, a bus subscription, a URI index entry or a timer kept per cycle would).
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
const URI = 'soak://watched';

/** What listener `i` asks for: the tools list, the resource, or both, in turn. */
function asked(i: number): { toolsListChanged?: true; resourceSubscriptions?: string[] } {
  return [{ toolsListChanged: true as const }, { resourceSubscriptions: [URI] }, { toolsListChanged: true as const, resourceSubscriptions: [URI] }][i % 3];
}

/** How many frames listener `i` must hear: its acknowledgement and every change it asked for. */
function expected(i: number): number {
  const { toolsListChanged, resourceSubscriptions } = asked(i);
  return 1 + (toolsListChanged ? CHANGES : 0) + (resourceSubscriptions ? CHANGES : 0);
}

/** One cycle; per listener, the frames it heard (`-1` once one was not tagged with its own id). */
async function cycle(dispatcher: Dispatcher, bus: MemoryNotificationBus): Promise<number[]> {
  const heard = new Array<number>(LISTENERS).fill(0);
  const controllers = Array.from({ length: LISTENERS }, () => new AbortController());
  const done = controllers.map((controller, i) => {
    const tag = `"io.modelcontextprotocol/subscriptionId":"L${i}"}`;
    return dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id: `L${i}`, method: 'subscriptions/listen', params: { _meta: META, notifications: asked(i) } }), {
      protocolVersion: '2026-07-28',
      signal: controller.signal,
      notify: (json) => void (heard[i] = json.includes(tag) && heard[i] >= 0 ? heard[i] + 1 : -1),
    });
  });
  for (let i = 0; i < CHANGES; i++) {
    await bus.publish({ type: 'listChanged', list: 'tools' });
    await bus.publish({ type: 'resourceUpdated', uri: URI });
  }
  for (const controller of controllers) controller.abort();
  await Promise.all(done);
  await bus.publish({ type: 'listChanged', list: 'tools' }); // after the close: heard by none
  await bus.publish({ type: 'resourceUpdated', uri: URI });
  return heard;
}

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

it(`holds ${LISTENERS} listens with ${CHANGES} list changes and ${CHANGES} resource updates flowing, five times over, and lets them all go`, async () => {
  const decl = new ToolDeclaration('soak', '1');
  decl.addTool('noop');
  decl.addResource(URI, 'watched').setContents('x');
  const bus = new MemoryNotificationBus();
  const dispatcher = new Dispatcher(new ServiceDefinition().registerProcedure('noop', () => 'ok'), decl, { notificationBus: bus, maxSubscriptions: LISTENERS, maxSubscriptionsPerPrincipal: LISTENERS });
  const heaps: number[] = [];
  for (let round = 0; round < 5; round++) {
    const heard = await cycle(dispatcher, bus);
    expect(heard).toEqual(heard.map((_, i) => expected(i))); // the acknowledgement and every change asked for, each listener, nothing else
    expect(dispatcher.notifications.size).toBe(0);
    heaps.push(heapAfterGc());
  }
  const growth = (heaps[4] - heaps[1]) / 2 ** 20;
  console.log(`subscription soak: heap after GC per cycle ${heaps.map((h) => (h / 2 ** 20).toFixed(1)).join(', ')} MB`);
  expect(growth).toBeLessThan(2); // MB, from the second cycle to the last: flat
});
