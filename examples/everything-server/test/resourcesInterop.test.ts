/**
 * The everything server's resources through the official client `@modelcontextprotocol/client@2.4.0`
 * (legacy default mode and pinned 2026-07-28), the official SDK 1.32 client (2025-11-25), over
 * Streamable HTTP and stdio, and the SDK release of each older protocol version (1.17: 2025-06-18,
 * 1.10: 2025-03-26 over Streamable HTTP; 1.0: 2024-11-05, which has no Streamable HTTP, over stdio): listResources, listResourceTemplates, readResource of text, binary
 * and a template, an unknown URI refused, and the resource_link-free `show_notes` view resource.
 */
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as SdkClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as SdkHttp } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport as SdkStdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Client as Client_1_17 } from 'sdk-1-17/client/index.js';
import { StreamableHTTPClientTransport as Http_1_17 } from 'sdk-1-17/client/streamableHttp.js';
import { Client as Client_1_10 } from 'sdk-1-10/client/index.js';
import { StreamableHTTPClientTransport as Http_1_10 } from 'sdk-1-10/client/streamableHttp.js';
import { Client as Client_1_0 } from 'sdk-1-0/client/index.js';
import { StdioClientTransport as Stdio_1_0 } from 'sdk-1-0/client/stdio.js';
import { startServer } from '../src/conformance';
import { NOTES } from '../src/everything';
import { RED_PIXEL_PNG } from '../src/media';

jest.setTimeout(30_000);

const main = join(__dirname, '..', 'dist', 'main.js');
let http: { url: string; child: ChildProcess };
beforeAll(async () => {
  http = await startServer();
});
afterAll(() => {
  http.child.kill('SIGTERM');
});

interface ResourceClient {
  listResources(): Promise<{ resources: { uri: string }[] }>;
  listResourceTemplates(): Promise<{ resourceTemplates: { uriTemplate: string }[] }>;
  readResource(params: { uri: string }): Promise<{ contents: { uri: string; mimeType?: string; text?: string; blob?: string }[] }>;
  close(): Promise<void>;
}

type Make = () => Promise<ResourceClient>;

const v2 = (transport: () => Transport, pin?: string): Make => async () => {
  const client = new Client({ name: 'resources-interop', version: '1.0.0' }, pin ? { versionNegotiation: { mode: { pin } } } : {});
  await client.connect(transport());
  return client as unknown as ResourceClient;
};
const v1 = (transport: () => SdkHttp | SdkStdio): Make => async () => {
  const client = new SdkClient({ name: 'resources-interop-v1', version: '1.0.0' });
  await client.connect(transport());
  return client as unknown as ResourceClient;
};
/** An older SDK release's client (their types differ from 1.32's; the calls used here do not). */
const older = (make: () => { connect(transport: unknown): Promise<void> }, transport: () => unknown): Make => async () => {
  const client = make();
  await client.connect(transport());
  return client as unknown as ResourceClient;
};
const httpV2 = (): Transport => new StreamableHTTPClientTransport(new URL(http.url));
const stdioV2 = (): Transport => new StdioClientTransport({ command: process.execPath, args: [main, '--stdio'], stderr: 'pipe' });

const clients: [string, Make][] = [
  ['client 2.4.0 legacy over HTTP', v2(httpV2)],
  ['client 2.4.0 2026-07-28 over HTTP', v2(httpV2, '2026-07-28')],
  ['client 2.4.0 legacy over stdio', v2(stdioV2)],
  ['client 2.4.0 2026-07-28 over stdio', v2(stdioV2, '2026-07-28')],
  ['SDK 1.32 over HTTP', v1(() => new SdkHttp(new URL(http.url)))],
  ['SDK 1.32 over stdio', v1(() => new SdkStdio({ command: process.execPath, args: [main, '--stdio'], stderr: 'pipe' }))],
  ['SDK 1.17 (2025-06-18) over HTTP', older(() => new Client_1_17({ name: 'resources-interop-1.17', version: '1.0.0' }), () => new Http_1_17(new URL(http.url)))],
  ['SDK 1.10 (2025-03-26) over HTTP', older(() => new Client_1_10({ name: 'resources-interop-1.10', version: '1.0.0' }), () => new Http_1_10(new URL(http.url)))],
  ['SDK 1.0 (2024-11-05) over stdio', older(() => new Client_1_0({ name: 'resources-interop-1.0', version: '1.0.0' }, { capabilities: {} }), () => new Stdio_1_0({ command: process.execPath, args: [main, '--stdio'], stderr: 'pipe' }))],
];

describe.each(clients)('%s', (_name, make) => {
  let client: ResourceClient;
  beforeAll(async () => {
    client = await make();
  });
  afterAll(async () => {
    await client.close();
  });

  it('lists the static resources and the templates', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(expect.arrayContaining(['test://static/readme', 'test://static/logo.png', 'ui://notes/board']));
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(expect.arrayContaining(['test://notes/{id}']));
  });

  it('reads text, binary and a template', async () => {
    const readme = await client.readResource({ uri: 'test://static/readme' });
    expect(readme.contents[0]).toMatchObject({ uri: 'test://static/readme', mimeType: 'text/plain', text: expect.stringContaining('everything-server') });
    const logo = await client.readResource({ uri: 'test://static/logo.png' });
    expect(Buffer.from(logo.contents[0].blob ?? '', 'base64')).toEqual(Buffer.from(RED_PIXEL_PNG));
    const note = await client.readResource({ uri: 'test://notes/welcome' });
    expect(note.contents[0].text).toBe(NOTES.get('welcome'));
    const board = await client.readResource({ uri: 'ui://notes/board' });
    expect(board.contents[0]).toMatchObject({ mimeType: 'text/html;profile=mcp-app', text: expect.stringContaining('<html') });
  });

  it('refuses an unknown URI', async () => {
    await expect(client.readResource({ uri: 'test://notes/nothing' })).rejects.toThrow(/Resource not found: test:\/\/notes\/nothing/);
    // the notes are a Map: names of Object.prototype are ordinary unknown ids, not -32603
    await expect(client.readResource({ uri: 'test://notes/__proto__' })).rejects.toThrow(/Resource not found: test:\/\/notes\/__proto__/);
    await expect(client.readResource({ uri: 'test://notes/constructor' })).rejects.toThrow(/Resource not found: test:\/\/notes\/constructor/);
  });
});
