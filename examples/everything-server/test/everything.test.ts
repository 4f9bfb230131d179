/**
 * The everything server through the official SDK client, over HTTP and over stdio (spawned):
 * every tool is listed with a description and answers with the content kind it promises.
 */
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { JSON_SCHEMA_2020_12 } from '../src/everything';
import { startServer } from '../src/conformance';

jest.setTimeout(30_000);

const LATEST = '2025-11-25';

const main = join(__dirname, '..', 'dist', 'main.js');
type Content = { type: string; text?: string; data?: string; mimeType?: string; resource?: Record<string, unknown> }[];

function suite(name: string, connect: () => Promise<{ transport: Transport; stop?: () => void }>): void {
  describe(`over ${name}`, () => {
    let client: Client;
    let stop: (() => void) | undefined;

    beforeAll(async () => {
      const connection = await connect();
      stop = connection.stop;
      client = new Client({ name: 'everything-test', version: '1.0.0' });
      await client.connect(connection.transport);
    });

    afterAll(async () => {
      await client.close();
      stop?.();
    });

    const call = async (tool: string, args: Record<string, unknown> = {}) =>
      (await client.callTool({ name: tool, arguments: args })) as { content: Content; isError?: boolean };

    it('lists every tool with a non-empty description and the raw 2020-12 schema verbatim', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(
        [
          'add',
          'admin_reset',
          'delete_note',
          'echo',
          'echo_region',
          'find_notes',
          'json_schema_2020_12_tool',
          'progress_burst',
          'read_note',
          'recall',
          'remember',
          'search_notes',
          'show_notes',
          'slow',
          'structured_add',
          'test_audio_content',
          'test_embedded_resource',
          'test_error_handling',
          'test_image_content',
          'test_input_required_result_capabilities',
          'test_input_required_result_elicitation',
          'test_input_required_result_list_roots',
          'test_input_required_result_multi_round',
          'test_input_required_result_multiple_inputs',
          'test_input_required_result_request_state',
          'test_input_required_result_sampling',
          'test_input_required_result_tampered_state',
          'test_logging_tool',
          'test_missing_capability',
          'test_multiple_content_types',
          'test_simple_text',
          'test_streaming_elicitation',
          'test_tool_with_logging',
          'test_tool_with_progress',
          // the triggers (src/triggers.ts; across instances: src/sharedTriggers.ts)
          'test_trigger_prompt_change',
          'test_trigger_resource_update',
          'test_trigger_tool_change',
          // the tasks fixtures (src/tasks.ts)
          'greet',
          'slow_compute',
          'failing_job',
          'protocol_error_job',
          'confirm_delete',
          'multi_input',
          'test_tool_with_task',
        ].sort(),
      );
      for (const tool of tools) expect(tool.description).toMatch(/\S/);
      expect(tools.find((t) => t.name === 'json_schema_2020_12_tool')?.inputSchema).toEqual(JSON_SCHEMA_2020_12);
    });

    it('answers text, image (a PNG), audio (a WAV) and an embedded resource', async () => {
      expect((await call('test_simple_text')).content).toEqual([{ type: 'text', text: 'This is a simple text response for testing.' }]);
      const [img] = (await call('test_image_content')).content;
      expect(img).toMatchObject({ type: 'image', mimeType: 'image/png' });
      expect(Buffer.from(img.data ?? '', 'base64').subarray(1, 4).toString()).toBe('PNG');
      const [wav] = (await call('test_audio_content')).content;
      expect(wav).toMatchObject({ type: 'audio', mimeType: 'audio/wav' });
      const bytes = Buffer.from(wav.data ?? '', 'base64');
      expect([bytes.subarray(0, 4).toString(), bytes.subarray(8, 12).toString()]).toEqual(['RIFF', 'WAVE']);
      expect((await call('test_embedded_resource')).content).toEqual([
        { type: 'resource', resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' } },
      ]);
    });

    it('answers several blocks at once, and a tool error with isError', async () => {
      expect((await call('test_multiple_content_types')).content.map((c) => c.type)).toEqual(['text', 'image', 'resource']);
      const failed = await call('test_error_handling');
      expect(failed.isError).toBe(true);
      expect(failed.content).toEqual([{ type: 'text', text: 'This tool intentionally returns an error for testing' }]);
    });

    it('passes raw-schema arguments by the order of properties and refuses unknown ones', async () => {
      const ok = await call('json_schema_2020_12_tool', { email: 'ada@example.com', address: { city: 'Oslo' }, name: 'Ada', contactMethod: 'email' });
      expect(ok.content[0].text).toBe('  name: Ada\n  address:\n    city: Oslo\n  contactMethod: email\n  email: ada@example.com');
      const refused = await call('json_schema_2020_12_tool', { nickname: 'A' });
      expect(refused).toMatchObject({ isError: true, content: [{ type: 'text', text: 'unknown argument "nickname"' }] });
    });

    it('negotiates 2025-11-25, so every metadata field reaches the client', () => {
      const transport = client.transport;
      if (transport instanceof StreamableHTTPClientTransport) expect(transport.protocolVersion).toBe(LATEST);
      // serverInfo.title exists from 2025-06-18 on; the tool icons checked below only in 2025-11-25
      expect(client.getServerVersion()).toMatchObject({ name: 'toolwire-everything', title: 'toolwire everything server' });
    });

    it('publishes read_note with its title, annotations and icon, and structured_add with its outputSchema', async () => {
      const { tools } = await client.listTools();
      const readNote = tools.find((t) => t.name === 'read_note');
      expect(readNote).toMatchObject({ title: 'Read a note', annotations: { readOnlyHint: true, openWorldHint: false } });
      expect(readNote?.icons).toEqual([{ src: expect.stringMatching(/^data:image\/png;base64,/), mimeType: 'image/png', sizes: ['1x1'] }]);
      expect(readNote?.inputSchema.required).toEqual(['id']);
      expect(tools.find((t) => t.name === 'structured_add')?.outputSchema).toEqual({
        type: 'object',
        properties: { sum: { type: 'integer', description: 'a + b' } },
        required: ['sum'],
      });
    });

    it('returns structured content the client validates against the outputSchema', async () => {
      // callTool checks structuredContent against the outputSchema listTools cached
      const result = await client.callTool({ name: 'structured_add', arguments: { a: 2, b: 3 } });
      expect(result).toEqual({ content: [{ type: 'text', text: '{"sum":5}' }], structuredContent: { sum: 5 }, isError: false });
    });

    it('serves search_notes, declared with zod: its JSON Schema listed, the default limit applied, zod\'s messages on bad arguments', async () => {
      const { tools } = await client.listTools();
      expect(tools.find((t) => t.name === 'search_notes')?.inputSchema).toMatchObject({
        type: 'object',
        properties: { query: { type: 'string', minLength: 1 }, limit: { type: 'integer', minimum: 1, maximum: 10, default: 5 } },
        required: ['query'],
      });
      // callTool checks structuredContent against the outputSchema listTools cached
      const found = await client.callTool({ name: 'search_notes', arguments: { query: 'HELLO' } });
      expect(found).toEqual({ content: [{ type: 'text', text: '{"matches":[{"id":"welcome","text":"Hello from toolwire."}]}' }], structuredContent: { matches: [{ id: 'welcome', text: 'Hello from toolwire.' }] }, isError: false });
      expect(await call('search_notes', { query: '', limit: 11 })).toEqual({
        content: [{ type: 'text', text: 'argument "query": Too small: expected string to have >=1 characters; argument "limit": Too big: expected number to be <=10' }],
        isError: true,
      });
    });

    it('reads a note, treating a null format as not given', async () => {
      expect((await call('read_note', { id: 'welcome' })).content).toEqual([{ type: 'text', text: 'Hello from toolwire.' }]);
      expect((await call('read_note', { id: 'todo', format: 'upper' })).content[0].text).toBe('SHIP STRUCTURED OUTPUT.');
      expect((await call('read_note', { id: 'todo', format: null })).content[0].text).toBe('Ship structured output.');
      expect(await call('read_note', { id: 'nope' })).toMatchObject({ isError: true });
      expect(await call('read_note', { id: '__proto__' })).toMatchObject({ isError: true, content: [{ text: expect.stringContaining('No note "__proto__"') }] });
    });

    it('serves the 2026 diagnostic tools to legacy clients too; a tool needing sampling is -32021 where initialize said the client lacks it (stdio), and runs where that cannot be known (stateless HTTP)', async () => {
      if (name === 'stdio') await expect(call('test_missing_capability')).rejects.toMatchObject({ code: -32021, message: expect.stringContaining('sampling') });
      else expect((await call('test_missing_capability')).content[0].text).toBe('The client declared sampling.');
      expect((await call('echo_region', { region: 'Tromsø' })).content[0].text).toBe('region: Tromsø');
      const { tools } = await client.listTools();
      expect(tools.find((t) => t.name === 'echo_region')?.inputSchema.properties).toEqual({ region: { type: 'string', description: 'The region' } });
    });

    it('bounds progress_burst: a count over 10,000 is a tool error, sending nothing', async () => {
      let progress = 0;
      const result = (await client.callTool({ name: 'progress_burst', arguments: { count: 10_001 } }, undefined, { onprogress: () => progress++ })) as { content: Content; isError?: boolean };
      expect([result.isError, result.content[0].text, progress]).toEqual([true, 'count must be at most 10000, got 10001', 0]);
    });

    it('still serves add and echo', async () => {
      expect((await call('add', { a: 6, b: 7 })).content[0].text).toBe('13');
      expect((await call('echo', { message: 'hi' })).content[0].text).toBe('hi');
    });

    it('reports progress through onprogress: 0, 50, 100 of 100, all before the result', async () => {
      const seen: { progress: number; total?: number }[] = [];
      const result = await client.callTool({ name: 'test_tool_with_progress', arguments: {} }, undefined, { onprogress: (p) => seen.push(p) });
      expect(seen.map((p) => [p.progress, p.total])).toEqual([[0, 100], [50, 100], [100, 100]]);
      expect(result.content).toEqual([{ type: 'text', text: 'Progress test completed' }]);
    });

    it('delivers every progress notification of 50 calls in a row (10 each, sent at once, then the result)', async () => {
      const lost: unknown[] = [];
      client.onerror = (error) => lost.push(error);
      for (let i = 0; i < 50; i++) {
        let count = 0;
        const result = await client.callTool({ name: 'progress_burst', arguments: { count: 10 } }, undefined, { onprogress: () => count++ });
        expect([i, count, (result.content as Content)[0].text]).toEqual([i, 10, '10']);
      }
      expect(lost).toEqual([]);
    });

    it('sends the tool\'s info log messages after logging/setLevel debug, before the result', async () => {
      const messages: { level: string; data: unknown }[] = [];
      client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void messages.push(n.params));
      await client.setLoggingLevel('debug');
      await call('test_tool_with_logging');
      expect(messages.map((m) => m.data)).toEqual(['Tool execution started', 'Tool processing data', 'Tool execution completed']);
      expect(new Set(messages.map((m) => m.level))).toEqual(new Set(['info']));
    });

    it('stops a call the client cancels, and goes on serving', async () => {
      const controller = new AbortController();
      const pending = client.callTool({ name: 'slow', arguments: { ms: 20_000 } }, undefined, { signal: controller.signal });
      setTimeout(() => controller.abort('changed my mind'), 50);
      await expect(pending).rejects.toThrow(/changed my mind|abort/i);
      expect((await call('slow', { ms: 1 })).content[0].text).toBe('waited 1 ms');
    });
  });
}

describe('--page-size', () => {
  it('pages tools/list; the SDK client follows nextCursor through every tool', async () => {
    const { url, child } = await startServer(['--page-size', '4']);
    const client = new Client({ name: 'paging-test', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      const pages: number[] = [];
      const names: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor === undefined ? {} : { cursor });
        pages.push(page.tools.length);
        names.push(...page.tools.map((t) => t.name));
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      expect(pages).toEqual([4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]);
      expect(new Set(names).size).toBe(44);
      await expect(client.listTools({ cursor: 'not-a-cursor' })).rejects.toThrow(/-32602|stale cursor/);
    } finally {
      await client.close();
      child.kill('SIGTERM');
    }
  });
});

describe('--call-timeout-ms', () => {
  it.each(['HTTP', 'stdio'])('over %s: answers a call still running isError "timed out after N ms"; other calls are unaffected', async (name) => {
    const args = ['--call-timeout-ms', '300'];
    let child: ChildProcess | undefined;
    let transport: Transport;
    if (name === 'HTTP') {
      const started = await startServer(args);
      child = started.child;
      transport = new StreamableHTTPClientTransport(new URL(started.url));
    } else {
      transport = new StdioClientTransport({ command: process.execPath, args: [main, '--stdio', ...args], stderr: 'pipe' });
    }
    const client = new Client({ name: 'timeout-test', version: '1.0.0' });
    try {
      await client.connect(transport);
      const late = client.callTool({ name: 'slow', arguments: { ms: 10_000 } });
      expect((await client.callTool({ name: 'slow', arguments: { ms: 10 } })).content).toEqual([{ type: 'text', text: 'waited 10 ms' }]);
      expect(await late).toEqual({ content: [{ type: 'text', text: 'Tool "slow" timed out after 300 ms' }], isError: true });
      expect((await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } })).content).toEqual([{ type: 'text', text: '3' }]);
    } finally {
      await client.close();
      child?.kill('SIGTERM');
    }
  });

  it('refuses a value that is not a positive integer', () => {
    const result = spawnSync(process.execPath, [main, '--stdio', '--call-timeout-ms', '-1'], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/call timeout must be a positive integer/);
  });
});

suite('HTTP', async () => {
  const { url, child } = await startServer();
  return { transport: new StreamableHTTPClientTransport(new URL(url)), stop: () => (child as ChildProcess).kill('SIGTERM') };
});

suite('stdio', async () => ({
  transport: new StdioClientTransport({ command: process.execPath, args: [main, '--stdio'], stderr: 'pipe' }),
}));

describe('delete_note asks before it deletes', () => {
  it('over stdio, the official SDK client answers the elicitation and the note is deleted (or kept)', async () => {
    const client = new Client({ name: 'elicitation-test', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    const asked: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params.message);
      return asked.length === 1 ? { action: 'accept', content: { confirm: true } } : { action: 'decline' };
    });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [main, '--stdio'], stderr: 'pipe' }));
    try {
      expect(await client.callTool({ name: 'delete_note', arguments: { id: 'todo' } })).toEqual({ content: [{ type: 'text', text: 'Deleted "todo"' }], isError: false });
      expect(await client.callTool({ name: 'delete_note', arguments: { id: 'welcome' } })).toEqual({ content: [{ type: 'text', text: 'Kept "welcome"' }], isError: false });
      expect(asked).toEqual(['Delete the note "todo"? This cannot be undone.', 'Delete the note "welcome"? This cannot be undone.']);
    } finally {
      await client.close();
    }
  });

  it('over stateless legacy HTTP it cannot ask, and answers isError saying why', async () => {
    const { url, child } = await startServer();
    const client = new Client({ name: 'elicitation-test', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      const result = await client.callTool({ name: 'delete_note', arguments: { id: 'todo' } });
      expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringContaining('has no way back to the client') }] });
    } finally {
      await client.close();
      child.kill('SIGTERM');
    }
  });
});
