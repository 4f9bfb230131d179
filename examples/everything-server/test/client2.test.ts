/**
 * The everything server through the official client `@modelcontextprotocol/client@2.4.0`, over
 * Streamable HTTP and over stdio (spawned; in `auto` mode the client probes on a sibling process
 * and shuts it down by closing its stdin). A broken discover path is invisible to a client in
 * `auto` mode (it falls back to legacy silently and every call still works), so every modern case
 * asserts the era the client reports, the version it negotiated and the serverInfo it read from
 * the discover result's `_meta`. Its default mode stays legacy, which toolwire serves as before.
 */
import { once } from 'node:events';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { ClientOptions, Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { JSON_SCHEMA_2020_12, createEverythingService } from '../src/everything';
import { startServer } from '../src/conformance';

jest.setTimeout(30_000);

const MODERN = '2026-07-28';
const main = join(__dirname, '..', 'dist', 'main.js');
const { decl } = createEverythingService();
/** The serverInfo the declaration publishes (legacy initialize; modern: the discover result's _meta). */
const SERVER_INFO = decl.toInitializeResult().serverInfo;
const TOOL_NAMES = decl.tools.map((t) => t.name);

type Mode = NonNullable<NonNullable<ClientOptions['versionNegotiation']>['mode']>;
type Connect = () => Transport;
type Content = { type: string; text?: string }[];

let http: { url: string; child: ChildProcess };
beforeAll(async () => {
  http = await startServer();
});
afterAll(() => {
  http.child.kill('SIGTERM');
});

const transports: [string, Connect][] = [
  ['Streamable HTTP', () => new StreamableHTTPClientTransport(new URL(http.url))],
  ['stdio', () => new StdioClientTransport({ command: process.execPath, args: [main, '--stdio'], stderr: 'pipe' })],
];

async function connected(connect: Connect, mode: Mode | undefined, options: ClientOptions = {}): Promise<Client> {
  const client = new Client({ name: 'client-2.4.0-interop', version: '1.0.0' }, { ...options, ...(mode === undefined ? {} : { versionNegotiation: { mode } }) });
  await client.connect(connect());
  return client;
}

describe.each(transports)('client 2.4.0 over %s', (_name, connect) => {
  describe.each([['auto' as Mode], [{ pin: MODERN } as Mode]])('versionNegotiation %j', (mode) => {
    let client: Client;
    beforeAll(async () => {
      client = await connected(connect, mode);
    });
    afterAll(async () => {
      await client.close();
    });

    it('lands in the modern era at 2026-07-28 and reads the declared serverInfo from server/discover', () => {
      expect(client.getProtocolEra()).toBe('modern');
      expect(client.getNegotiatedProtocolVersion()).toBe(MODERN);
      expect(client.getServerVersion()).toEqual(SERVER_INFO);
      // the everything server logs (test_tool_with_logging), serves resources, prompts with completion, an MCP Apps view, and has task tools (src/tasks.ts);
      // 2026-07-28 delivers list changes and resource updates through subscriptions/listen
      expect(client.getServerCapabilities()).toEqual({
        tools: { listChanged: true },
        resources: { listChanged: true, subscribe: true },
        prompts: { listChanged: true },
        completions: {},
        logging: {},
        extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] }, 'io.modelcontextprotocol/tasks': {} },
      });
      expect(client.getInstructions()).toBe(decl.toInitializeResult().instructions);
    });

    it('lists every tool in declaration order, the raw 2020-12 schema verbatim and echo_region with its x-mcp-header', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
      expect(tools.find((t) => t.name === 'json_schema_2020_12_tool')?.inputSchema).toEqual(JSON_SCHEMA_2020_12);
      expect(tools.find((t) => t.name === 'echo_region')?.inputSchema.properties).toEqual({ region: { type: 'string', description: 'The region', 'x-mcp-header': 'Region' } });
    });

    it('calls a structured-output tool; the client checks structuredContent against the outputSchema', async () => {
      await client.listTools(); // callTool validates against the outputSchema it cached
      const result = await client.callTool({ name: 'structured_add', arguments: { a: 2, b: 3 } });
      expect(result).toMatchObject({ content: [{ type: 'text', text: '{"sum":5}' }], structuredContent: { sum: 5 }, isError: false });
      expect(result._meta).toEqual({ 'io.modelcontextprotocol/serverInfo': SERVER_INFO });
    });

    it('calls a tool whose argument the client mirrors in Mcp-Param-Region (non-ASCII: base64-encoded)', async () => {
      await client.listTools(); // the client takes x-mcp-header from the cached tools/list
      for (const region of ['Oslo', 'Tromsø']) {
        const result = await client.callTool({ name: 'echo_region', arguments: { region } });
        expect((result.content as Content)[0].text).toBe(`region: ${region}`);
      }
    });

    it('calls text tools and gets tool errors as isError results', async () => {
      expect(((await client.callTool({ name: 'add', arguments: { a: 6, b: 7 } })).content as Content)[0].text).toBe('13');
      expect(await client.callTool({ name: 'test_error_handling', arguments: {} })).toMatchObject({ isError: true });
    });

    it('lists and gets prompts and completes a prompt argument (issue 37)', async () => {
      const { prompts } = await client.listPrompts();
      expect(prompts.map((p) => p.name)).toEqual(decl.prompts.map((p) => p.name));
      const got = await client.getPrompt({ name: 'test_prompt_with_arguments', arguments: { arg1: 'hello', arg2: 'world' } });
      expect(got.messages).toEqual([{ role: 'user', content: { type: 'text', text: "Prompt with arguments: arg1='hello', arg2='world'" } }]);
      const { completion } = await client.complete({ ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' }, argument: { name: 'arg1', value: 'te' } });
      expect(completion.values).toEqual(['test', 'testValue1']);
      await expect(client.getPrompt({ name: 'test_prompt_with_arguments', arguments: { arg1: 'only' } })).rejects.toMatchObject({ code: -32602 });
    });

    it('is refused a tool that needs sampling, which this client did not declare: -32021', async () => {
      await expect(client.callTool({ name: 'test_missing_capability', arguments: {} })).rejects.toMatchObject({
        code: -32021,
        data: { requiredCapabilities: { sampling: {} } },
      });
    });
  });

  it('serves test_missing_capability to a modern client that declares sampling', async () => {
    const client = await connected(connect, 'auto', { capabilities: { sampling: {} } });
    try {
      expect(client.getProtocolEra()).toBe('modern');
      const result = await client.callTool({ name: 'test_missing_capability', arguments: {} });
      expect((result.content as Content)[0].text).toBe('The client declared sampling.');
    } finally {
      await client.close();
    }
  });

  it('stays legacy in its default mode (initialize at 2025-11-25), and every call works as before', async () => {
    const client = await connected(connect, undefined);
    try {
      expect(client.getProtocolEra()).toBe('legacy');
      expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
      expect(client.getServerVersion()).toEqual(SERVER_INFO);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
      expect(tools.find((t) => t.name === 'echo_region')?.inputSchema.properties).toEqual({ region: { type: 'string', description: 'The region' } });
      const result = await client.callTool({ name: 'structured_add', arguments: { a: 1, b: 2 } });
      expect(result).toEqual({ content: [{ type: 'text', text: '{"sum":3}' }], structuredContent: { sum: 3 }, isError: false });
      expect(((await client.callTool({ name: 'echo_region', arguments: { region: 'Tromsø' } })).content as Content)[0].text).toBe('region: Tromsø');
    } finally {
      await client.close();
    }
  });
});

describe('a stdio server as the 2.4.0 probe meets it', () => {
  const firstLine = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/list',
    params: { _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} } },
  });

  it.each([
    ['everything-server --stdio', [main, '--stdio']],
    ['stdio-server', [join(__dirname, '..', '..', 'stdio-server', 'dist', 'main.js')]],
  ])('%s answers a modern request as its first line, and exits 0 when its stdin ends', async (_name, args) => {
    const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    const exited = once(child, 'exit');
    let out = '';
    child.stdout.setEncoding('utf8');
    const answered = new Promise<string>((resolve) => {
      child.stdout.on('data', (chunk: string) => {
        out += chunk;
        if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
      });
    });
    child.stdin.write(`${firstLine}\n`);
    const reply = JSON.parse(await answered);
    expect(reply).toMatchObject({ jsonrpc: '2.0', id: 1, result: { resultType: 'complete', tools: expect.any(Array) } });
    child.stdin.end();
    expect(await exited).toEqual([0, null]);
  });
});
