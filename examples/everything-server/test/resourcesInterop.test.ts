/**
 * The everything server's resources through the official client `@modelcontextprotocol/client@2.4.0`
 * (legacy default mode and pinned 2026-07-28), the official SDK 1.32 client (2025-11-25), over
 * Streamable HTTP and stdio, and the SDK release of each older protocol version (1.17: 2025-06-18,
 * 1.10: 2025-03-26 over Streamable HTTP; 1.0: 2024-11-05, which has no Streamable HTTP, over stdio): listResources, listResourceTemplates, readResource of text, binary
 * and a template, an unknown URI refused, and the resource_link-free `show_notes` view resource.
 */
import { NOTES } from '../src/everything';
import { RED_PIXEL_PNG } from '../src/media';
import { everythingOverHttp, officialClients } from './helpers/officialClients';

jest.setTimeout(30_000);

const url = everythingOverHttp();

interface ResourceClient {
  listResources(): Promise<{ resources: { uri: string }[] }>;
  listResourceTemplates(): Promise<{ resourceTemplates: { uriTemplate: string }[] }>;
  readResource(params: { uri: string }): Promise<{ contents: { uri: string; mimeType?: string; text?: string; blob?: string }[] }>;
  close(): Promise<void>;
}

const clients = officialClients<ResourceClient>('resources-interop', url);

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
