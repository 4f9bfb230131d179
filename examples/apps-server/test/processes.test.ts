/**
 * The built example as processes — `dist/main.js` (HTTP, PORT=0) and `dist/stdio.js` — driven by
 * the official client `@modelcontextprotocol/client@2.4.0` in its legacy mode and pinned to
 * 2026-07-28, and by the SDK 1.32 client: the server advertises the Apps extension, `show_board` and the app-only `add_note`
 * point at the view, the view reads as an MCP App document, and the tools answer with text,
 * `structuredContent` and the result `_meta` (a bad note is a tool error). The HTTP process exits cleanly on SIGTERM.
 * Run `npm run build` first.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as SdkClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as SdkHttp } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport as SdkStdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { BOARD_URI, FIRST_NOTES } from '../src/service';

jest.setTimeout(30_000);

const DIST = join(__dirname, '..', 'dist');
const UI = 'io.modelcontextprotocol/ui';
const UI_MIME = 'text/html;profile=mcp-app';

/** Starts `dist/main.js` on a free port and resolves with the process and the URL it logged. */
async function startHttp(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [join(DIST, 'main.js')], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the example exited with ${code} before listening: ${stderr}`)));
  });
  return { child, url };
}

let http: { child: ChildProcess; url: string };
beforeAll(async () => {
  http = await startHttp();
});
afterAll(async () => {
  if (http.child.exitCode === null && http.child.signalCode === null) {
    http.child.kill('SIGKILL');
    await once(http.child, 'exit');
  }
});

const transports: [string, () => Transport][] = [
  ['HTTP', () => new StreamableHTTPClientTransport(new URL(http.url))],
  ['stdio', () => new StdioClientTransport({ command: process.execPath, args: [join(DIST, 'stdio.js')], stderr: 'pipe' })],
];
const modes: [string, string | undefined][] = [
  ['legacy', undefined],
  ['2026-07-28', '2026-07-28'],
];

describe.each(transports)('over %s', (_transport, transport) => {
  describe.each(modes)('client 2.4.0 %s', (_mode, pin) => {
    let client: Client;
    beforeAll(async () => {
      client = new Client({ name: 'apps-example-test', version: '1.0.0' }, { capabilities: { extensions: { [UI]: { mimeTypes: [UI_MIME] } } }, ...(pin ? { versionNegotiation: { mode: { pin } } } : {}) });
      await client.connect(transport());
    });
    afterAll(async () => {
      await client.close();
    });

    it('advertises the MCP Apps extension', () => {
      expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {}, extensions: { [UI]: { mimeTypes: [UI_MIME] } } });
    });

    it('points show_board and the app-only add_note at the view', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((t) => [t.name, t._meta])).toEqual([
        ['show_board', { ui: { resourceUri: BOARD_URI }, 'ui/resourceUri': BOARD_URI }],
        ['add_note', { ui: { resourceUri: BOARD_URI, visibility: ['app'] }, 'ui/resourceUri': BOARD_URI }],
      ]);
    });

    it('serves the view as an MCP App document with its _meta.ui', async () => {
      const { contents } = await client.readResource({ uri: BOARD_URI });
      expect(contents).toHaveLength(1);
      const [view] = contents as { uri: string; mimeType?: string; text?: string; _meta?: Record<string, unknown> }[];
      expect(view).toMatchObject({ uri: BOARD_URI, mimeType: UI_MIME, _meta: { ui: { prefersBorder: true, csp: { connectDomains: [], resourceDomains: [] } } } });
      expect(view.text).toContain('<title>Notes board</title>');
      expect(view.text).toContain('globalThis.McpApps={');
    });

    it('answers show_board and add_note with text for any host and structuredContent for the view; a blank note is a tool error', async () => {
      const shown = await client.callTool({ name: 'show_board', arguments: {} });
      const notes = (shown.structuredContent as { notes: { id: number; text: string }[] }).notes;
      expect(notes.slice(0, 2).map((n) => n.text)).toEqual([...FIRST_NOTES]);
      expect(shown.content).toEqual([{ type: 'text', text: JSON.stringify({ notes }) }]);
      expect(shown._meta).toMatchObject({ notesBoard: { capacity: 50 } });
      const added = await client.callTool({ name: 'add_note', arguments: { text: `  from ${pin ?? 'legacy'}  ` } });
      expect((added.structuredContent as { notes: { text: string }[] }).notes.at(-1)?.text).toBe(`from ${pin ?? 'legacy'}`);
      const blank = await client.callTool({ name: 'add_note', arguments: { text: '   ' } });
      expect(blank).toMatchObject({ isError: true, content: [{ type: 'text', text: 'a note needs some text' }] });
    });
  });
});

describe.each([
  ['HTTP', () => new SdkHttp(new URL(http.url))],
  ['stdio', () => new SdkStdio({ command: process.execPath, args: [join(DIST, 'stdio.js')], stderr: 'pipe' })],
] as const)('SDK 1.32 client over %s', (_transport, transport) => {
  it('sees the extension, the tools\' views and the view, and gets structuredContent and _meta from show_board', async () => {
    const client = new SdkClient({ name: 'apps-example-test-v1', version: '1.0.0' });
    await client.connect(transport());
    try {
      expect(client.getServerCapabilities()).toMatchObject({ extensions: { [UI]: { mimeTypes: [UI_MIME] } } });
      const { tools } = await client.listTools();
      expect(tools.map((t) => t._meta?.ui)).toEqual([{ resourceUri: BOARD_URI }, { resourceUri: BOARD_URI, visibility: ['app'] }]);
      expect((await client.readResource({ uri: BOARD_URI })).contents[0]).toMatchObject({ uri: BOARD_URI, mimeType: UI_MIME });
      const shown = await client.callTool({ name: 'show_board', arguments: {} });
      expect(shown).toMatchObject({ structuredContent: { notes: expect.any(Array) }, _meta: { notesBoard: { capacity: 50 } }, isError: false });
    } finally {
      await client.close();
    }
  });
});

describe('dist/main.js', () => {
  it('logs its URL with the actual port and exits 0 on SIGTERM', async () => {
    expect(http.url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*\/mcp$/);
    const exited = once(http.child, 'exit');
    http.child.kill('SIGTERM');
    expect(await exited).toEqual([0, null]);
  });
});
