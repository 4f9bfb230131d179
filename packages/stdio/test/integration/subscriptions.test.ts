/**
 * Live lists over stdio: a legacy connection hears every list_changed once its handshake is done
 * and the resources/updated of the URIs it subscribed to (and no longer after unsubscribing);
 * its initialize declares listChanged and resources.subscribe. A 2026-07-28 subscriptions/listen
 * on the pipe is acknowledged, tagged and cancelled with notifications/cancelled, and the end of
 * input ends it (serveStdio resolves).
 */
import { PassThrough } from 'node:stream';
import { MemoryNotificationBus, ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import { serveStdio } from '@toolwire/stdio';

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } };

interface Message {
  id?: unknown;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

function connect() {
  const decl = new ToolDeclaration('live', '1.0.0');
  decl.addTool('noop');
  decl.addResource('test://a', 'a').setContents('A');
  const defs = new ServiceDefinition();
  defs.registerProcedure('noop', () => 'ok');
  const bus = new MemoryNotificationBus();
  const input = new PassThrough();
  const output = new PassThrough();
  const received: Message[] = [];
  const waiters: { test: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  let buffered = '';
  output.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    let end: number;
    while ((end = buffered.indexOf('\n')) >= 0) {
      const message = JSON.parse(buffered.slice(0, end)) as Message;
      buffered = buffered.slice(end + 1);
      if (message.method === 'ping' && message.id !== undefined) input.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: {} }) + '\n'); // the flush barrier
      const at = waiters.findIndex((w) => w.test(message));
      if (at >= 0) waiters.splice(at, 1)[0].resolve(message);
      else received.push(message); // kept until a test takes it
    }
  });
  const done = serveStdio(defs, decl, { input, output, notificationBus: bus });
  const send = (message: unknown): void => void input.write(JSON.stringify(message) + '\n');
  const next = (test: (m: Message) => boolean): Promise<Message> => {
    const seen = received.find(test);
    if (seen) {
      received.splice(received.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve) => waiters.push({ test, resolve }));
  };
  const reply = (id: unknown) => next((m) => m.id === id && m.method === undefined);
  return { decl, bus, input, send, next, reply, done, received };
}

describe('a legacy stdio connection', () => {
  it('declares listChanged and resources.subscribe in initialize', async () => {
    const c = connect();
    c.send(INIT);
    const { result } = await c.reply(1);
    expect(result?.capabilities).toEqual({ tools: { listChanged: true }, resources: { subscribe: true, listChanged: true } });
    c.input.end();
    await c.done;
  });

  it('hears list_changed after its handshake', async () => {
    const c = connect();
    c.send(INIT);
    await c.reply(1);
    c.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    c.send({ jsonrpc: '2.0', id: 2, method: 'ping' }); // answered after the notification was handled
    await c.reply(2);
    await c.bus.publish({ type: 'listChanged', list: 'tools' });
    expect(await c.next((m) => m.method === 'notifications/tools/list_changed')).toEqual({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    c.input.end();
    await c.done;
  });

  it('hears resources/updated for a subscribed URI until it unsubscribes', async () => {
    const c = connect();
    c.send(INIT);
    await c.reply(1);
    c.send({ jsonrpc: '2.0', id: 2, method: 'resources/subscribe', params: { uri: 'test://a' } });
    expect((await c.reply(2)).result).toEqual({});
    c.decl.resourceUpdated('test://other');
    c.decl.resourceUpdated('test://a');
    expect(await c.next((m) => m.method === 'notifications/resources/updated')).toEqual({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'test://a' } });
    c.send({ jsonrpc: '2.0', id: 3, method: 'resources/unsubscribe', params: { uri: 'test://a' } });
    await c.reply(3);
    c.decl.resourceUpdated('test://a');
    c.send({ jsonrpc: '2.0', id: 4, method: 'ping' });
    await c.reply(4);
    await c.bus.publish({ type: 'listChanged', list: 'resources' }); // a marker: everything published before it was delivered
    await c.next((m) => m.method === 'notifications/resources/list_changed');
    expect(c.received.filter((m) => m.method === 'notifications/resources/updated')).toEqual([]);
    c.input.end();
    await c.done;
  });

  it('answers resources/subscribe without a uri with -32602', async () => {
    const c = connect();
    c.send(INIT);
    await c.reply(1);
    c.send({ jsonrpc: '2.0', id: 2, method: 'resources/subscribe', params: {} });
    expect((await c.reply(2)).error).toEqual({ code: -32602, message: 'Invalid params: resources/subscribe needs params.uri, a non-empty string' });
    c.input.end();
    await c.done;
  });
});

describe('subscriptions/listen over stdio', () => {
  it('is acknowledged, tagged, and ended without a reply by notifications/cancelled', async () => {
    const c = connect();
    c.send({ jsonrpc: '2.0', id: 'L', method: 'subscriptions/listen', params: { _meta: META, notifications: { toolsListChanged: true } } });
    const ack = await c.next((m) => m.method === 'notifications/subscriptions/acknowledged');
    expect(ack.params).toEqual({ notifications: { toolsListChanged: true }, _meta: { 'io.modelcontextprotocol/subscriptionId': 'L' } });
    await c.bus.publish({ type: 'listChanged', list: 'tools' });
    expect((await c.next((m) => m.method === 'notifications/tools/list_changed')).params).toEqual({ _meta: { 'io.modelcontextprotocol/subscriptionId': 'L' } });
    c.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'L', _meta: META } });
    c.send({ jsonrpc: '2.0', id: 'M', method: 'subscriptions/listen', params: { _meta: META, notifications: { toolsListChanged: true } } });
    await c.next((m) => m.method === 'notifications/subscriptions/acknowledged');
    await c.bus.publish({ type: 'listChanged', list: 'tools' });
    // M hears it; L, cancelled before M was opened, does not
    const heard = await c.next((m) => m.method === 'notifications/tools/list_changed');
    expect(heard.params).toEqual({ _meta: { 'io.modelcontextprotocol/subscriptionId': 'M' } });
    expect(c.received.filter((m) => m.method === 'notifications/tools/list_changed')).toEqual([]);
    c.input.end();
    await c.done; // the listens no longer hold the loop open
    expect(c.received.filter((m) => m.id === 'L')).toEqual([]); // a cancelled listen is not answered
  });

  it('ends when the input ends', async () => {
    const c = connect();
    c.send({ jsonrpc: '2.0', id: 'L', method: 'subscriptions/listen', params: { _meta: META, notifications: { toolsListChanged: true } } });
    await c.next((m) => m.method === 'notifications/subscriptions/acknowledged');
    c.input.end();
    await c.done;
  });
});
