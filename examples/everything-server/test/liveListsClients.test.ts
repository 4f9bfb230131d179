/**
 * Live lists through the official clients: the SDK 1.32 client over stdio receives
 * `notifications/tools/list_changed` on its connection, and a resource's `resources/updated`
 * after `resources/subscribe` (the everything server's `test_trigger_resource_update`); client
 * 2.4.0 pinned to 2026-07-28 over Streamable HTTP opens `subscriptions/listen`, reads the honoured
 * filter and receives `resources/updated` on its registered handler, and closes it.
 */
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as SdkClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as SdkStdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ResourceUpdatedNotificationSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { everythingOverHttp, MAIN } from './helpers/officialClients';

jest.setTimeout(30_000);

const url = everythingOverHttp();

describe('SDK 1.32 over stdio', () => {
  it('receives tools/list_changed on its connection', async () => {
    const client = new SdkClient({ name: 'live-lists-v1', version: '1.0.0' });
    await client.connect(new SdkStdio({ command: process.execPath, args: [join(__dirname, 'interop', 'liveListServer.mjs')], stderr: 'pipe' }));
    try {
      expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: true });
      const heard = new Promise<string>((resolve) => client.setNotificationHandler(ToolListChangedNotificationSchema, (n) => resolve(n.method)));
      await client.callTool({ name: 'announce', arguments: {} });
      expect(await heard).toBe('notifications/tools/list_changed');
    } finally {
      await client.close();
    }
  });

  it('receives resources/updated for a resource it subscribed to', async () => {
    const client = new SdkClient({ name: 'live-lists-v1', version: '1.0.0' });
    await client.connect(new SdkStdio({ command: process.execPath, args: [MAIN, '--stdio'], stderr: 'pipe' }));
    try {
      expect(client.getServerCapabilities()?.resources).toMatchObject({ subscribe: true, listChanged: true });
      await client.subscribeResource({ uri: 'test://watched' });
      const heard = new Promise<string>((resolve) => client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => resolve(n.params.uri)));
      await client.callTool({ name: 'test_trigger_resource_update', arguments: { uri: 'test://watched' } });
      expect(await heard).toBe('test://watched');
    } finally {
      await client.close();
    }
  });
});

describe('client 2.4.0 on 2026-07-28 over Streamable HTTP', () => {
  it('listens, is acknowledged, and receives resources/updated on its handler', async () => {
    const client = new Client({ name: 'live-lists-v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new StreamableHTTPClientTransport(new URL(url())));
    try {
      const heard = new Promise<string>((resolve) => client.setNotificationHandler('notifications/resources/updated', (n) => resolve(n.params.uri)));
      const subscription = await client.listen({ resourceSubscriptions: ['test://watched'], toolsListChanged: true });
      expect(subscription.honoredFilter).toEqual({ toolsListChanged: true, resourceSubscriptions: ['test://watched'] });
      await client.callTool({ name: 'test_trigger_resource_update', arguments: { uri: 'test://watched' } });
      expect(await heard).toBe('test://watched');
      await subscription.close();
      expect(await subscription.closed).toBe('local');
    } finally {
      await client.close();
    }
  });
});
