/**
 * The test client's `listen()`: on 2026-07-28 a subscriptions/listen over every streaming target
 * (an Express app, a node:http server, a fetch handler, a Dispatcher, a stdio connection) —
 * acknowledged with the honoured filter, only the asked kinds, tagged frames, `ended` with the
 * final result when the server ends it, `close()` releasing the server's listener; in the legacy
 * era the GET stream of an endpoint with `notificationStream` and a stdio connection's own
 * notifications (with resources/subscribe).
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { PassThrough } from 'node:stream';
import express from 'express';
import { MemoryNotificationBus, ServiceDefinition, ToolDeclaration, Dispatcher } from '@toolwire/core';
import type { McpNotification } from '../../src';
import { mcpRouter, mcpHandler } from '@toolwire/express';
import { mcpFetchHandler } from '@toolwire/fetch';
import { serveStdio } from '@toolwire/stdio';
import { mcpTestClient, McpTestClientError } from '../../src';
import type { McpSubscription } from '../../src';

const SUB = 'io.modelcontextprotocol/subscriptionId';

function service() {
  const decl = new ToolDeclaration('live', '1.0.0');
  decl.addTool('noop');
  decl.addResource('test://a', 'a').setContents('A');
  const defs = new ServiceDefinition();
  defs.registerProcedure('noop', () => 'ok');
  return { decl, defs, bus: new MemoryNotificationBus() };
}

async function first(sub: McpSubscription): Promise<McpNotification> {
  const { value, done } = await sub.next();
  if (done) throw new Error('the subscription ended');
  return value;
}

describe('listen() on 2026-07-28', () => {
  const servers: Server[] = [];
  afterAll(() =>
    servers.forEach((s) => {
      s.closeAllConnections();
      s.close();
    }),
  );

  const targets: [string, (s: ReturnType<typeof service>) => Parameters<typeof mcpTestClient>[0]][] = [
    ['an Express app', ({ decl, defs, bus }) => express().use('/mcp', mcpRouter(decl, defs, { notificationBus: bus }))],
    ['a listening node:http server', ({ decl, defs, bus }) => {
      const server = createServer(mcpHandler(decl, defs, { notificationBus: bus })).listen(0, '127.0.0.1');
      servers.push(server);
      return server;
    }],
    ['a fetch handler', ({ decl, defs, bus }) => mcpFetchHandler(decl, defs, { notificationBus: bus })],
    ['a Dispatcher', ({ decl, defs, bus }) => new Dispatcher(defs, decl, { notificationBus: bus })],
  ];

  it.each(targets)('over %s: acknowledged, only the kinds asked, tagged, closed by the client', async (_name, make) => {
    const s = service();
    const client = mcpTestClient(make(s), { era: 'modern' });
    const sub = await client.listen({ toolsListChanged: true, promptsListChanged: true, resourceSubscriptions: ['test://a'] });
    expect(sub.acknowledged).toEqual({ toolsListChanged: true, resourceSubscriptions: ['test://a'] }); // no prompts declared
    s.decl.resourceUpdated('test://other');
    await s.bus.publish({ type: 'listChanged', list: 'resources' });
    await s.bus.publish({ type: 'listChanged', list: 'tools' });
    expect(await first(sub)).toEqual({ method: 'notifications/tools/list_changed', params: { _meta: { [SUB]: expect.any(String) } } });
    s.decl.resourceUpdated('test://a');
    expect(await first(sub)).toMatchObject({ method: 'notifications/resources/updated', params: { uri: 'test://a' } });
    sub.close();
    expect(await sub.ended).toEqual({});
  });

  it('ends with the final result when the server ends its subscriptions', async () => {
    const s = service();
    const dispatcher = new Dispatcher(s.defs, s.decl, { notificationBus: s.bus });
    const sub = await mcpTestClient(dispatcher, { era: 'modern' }).listen({ toolsListChanged: true });
    dispatcher.endSubscriptions();
    const end = await sub.ended;
    expect(end.result).toMatchObject({ resultType: 'complete', _meta: { [SUB]: expect.any(String) } });
    expect(await sub.next()).toEqual({ value: undefined, done: true });
  });

  it('throws McpTestClientError when the server refuses the listen (503 past maxSubscriptionsPerPrincipal)', async () => {
    const s = service();
    const app = express().use('/mcp', mcpRouter(s.decl, s.defs, { notificationBus: s.bus, maxSubscriptionsPerPrincipal: 1 }));
    const server = createServer(app).listen(0, '127.0.0.1');
    servers.push(server);
    const client = mcpTestClient(server, { era: 'modern' });
    const held = await client.listen({ toolsListChanged: true });
    const refused = await client.listen({ toolsListChanged: true }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(McpTestClientError);
    expect(refused).toMatchObject({ status: 503, code: -32000 });
    held.close();
  });

  it('over stdio: acknowledged, tagged, and cancelled with notifications/cancelled', async () => {
    const s = service();
    const [stdin, stdout] = [new PassThrough(), new PassThrough()];
    const served = serveStdio(s.defs, s.decl, { input: stdin, output: stdout, notificationBus: s.bus });
    const client = mcpTestClient({ stdin, stdout }, { era: 'modern' });
    const sub = await client.listen({ toolsListChanged: true });
    expect(sub.acknowledged).toEqual({ toolsListChanged: true });
    await s.bus.publish({ type: 'listChanged', list: 'tools' });
    expect((await first(sub)).method).toBe('notifications/tools/list_changed');
    sub.close();
    client.close();
    await served; // the cancelled listen no longer holds the connection open
  });
});

describe('listen() on 2025-11-25', () => {
  it('over HTTP: the GET stream of an endpoint with notificationStream carries list_changed', async () => {
    const s = service();
    const app = express().use('/mcp', mcpRouter(s.decl, s.defs, { notificationBus: s.bus, notificationStream: true }));
    const client = mcpTestClient(app);
    const sub = await client.listen();
    await s.bus.publish({ type: 'listChanged', list: 'tools' });
    expect(await first(sub)).toEqual({ method: 'notifications/tools/list_changed', params: {} });
    sub.close();
  });

  it('over HTTP without notificationStream: GET is 405', async () => {
    const s = service();
    const app = express().use('/mcp', mcpRouter(s.decl, s.defs));
    await expect(mcpTestClient(app).listen()).rejects.toMatchObject({ status: 405 });
  });

  it('over stdio: the connection hears list_changed and the updates of the URIs it subscribed to', async () => {
    const s = service();
    const [stdin, stdout] = [new PassThrough(), new PassThrough()];
    const served = serveStdio(s.defs, s.decl, { input: stdin, output: stdout, notificationBus: s.bus });
    const client = mcpTestClient({ stdin, stdout });
    const sub = await client.listen({ resourceSubscriptions: ['test://a'] });
    s.decl.resourceUpdated('test://a');
    expect(await first(sub)).toEqual({ method: 'notifications/resources/updated', params: { uri: 'test://a' } });
    await s.bus.publish({ type: 'listChanged', list: 'tools' });
    expect(await first(sub)).toEqual({ method: 'notifications/tools/list_changed', params: {} });
    sub.close();
    client.close();
    await served;
  });
});
