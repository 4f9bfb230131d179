import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { contentLengthFrame, lineFrame, parseFrames } from '../frames';

const MAIN = join(__dirname, '..', '..', 'dist', 'main.js');

/** Runs the example with the given stdin, returns everything it wrote once it exits. */
async function runExample(write: (stdin: NodeJS.WritableStream, stdoutSoFar: () => Buffer, data: Promise<void>) => Promise<void>) {
  const child = spawn(process.execPath, [MAIN], { stdio: ['pipe', 'pipe', 'pipe'] });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  let notify: () => void = () => undefined;
  const nextData = (): Promise<void> => new Promise((resolve) => (notify = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    stdout.push(chunk);
    notify();
  });
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  await write(child.stdin, () => Buffer.concat(stdout), nextData());
  child.stdin.end();
  const code = await exited;
  return { code, stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr).toString('utf8') };
}

/** Checks a PNG's signature, IHDR and every chunk CRC, and that its pixel data inflates. */
function inspectPng(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const idat: Buffer[] = [];
  let offset = 8;
  let type = '';
  let width = 0;
  let height = 0;
  while (type !== 'IEND') {
    const length = png.readUInt32BE(offset);
    type = png.subarray(offset + 4, offset + 8).toString('latin1');
    const data = png.subarray(offset + 8, offset + 8 + length);
    expect(png.readUInt32BE(offset + 8 + length)).toBe(crc32(png.subarray(offset + 4, offset + 8 + length)));
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
    }
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  expect(offset).toBe(png.length);
  expect(inflateSync(Buffer.concat(idat)).length).toBe(height * (1 + width * 3));
  return { width, height };
}

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

describe('examples/stdio-server with the official MCP SDK client (newline framing)', () => {
  let client: Client;
  let transport: StdioClientTransport;

  beforeAll(async () => {
    transport = new StdioClientTransport({ command: process.execPath, args: [MAIN], stderr: 'pipe' });
    client = new Client({ name: 'toolwire-e2e', version: '1.0.0' });
    await client.connect(transport);
  });

  afterAll(async () => {
    await client.close();
  });

  it('initializes with the demo server info', () => {
    expect(client.getServerVersion()).toEqual({ name: 'toolwire-demo', version: '1.0.0' });
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: true } }); // a stdio connection hears list_changed
  });

  it('lists the tools with their schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['add', 'echo', 'image', 'log']);
    expect(tools[0]).toEqual({
      name: 'add',
      description: 'Add two integers',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'integer', description: 'First operand' }, b: { type: 'integer', description: 'Second operand' } },
        required: ['a', 'b'],
        additionalProperties: false,
      },
    });
    expect(tools[1].inputSchema.properties).toEqual({ message: { type: 'string', description: 'The message to echo' } });
  });

  it('calls add and echo', async () => {
    expect(await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } })).toEqual({ content: [{ type: 'text', text: '5' }], isError: false });
    expect(await client.callTool({ name: 'echo', arguments: { message: 'hëllo 🎉' } })).toEqual({
      content: [{ type: 'text', text: 'hëllo 🎉' }],
      isError: false,
    });
  });

  it('calls image and gets a valid PNG', async () => {
    const result = await client.callTool({ name: 'image', arguments: {} });
    const content = result.content as Array<{ type: string; data: string; mimeType: string }>;
    expect(content).toHaveLength(1);
    expect(content[0]).toMatchObject({ type: 'image', mimeType: 'image/png' });
    expect(inspectPng(Buffer.from(content[0].data, 'base64'))).toEqual({ width: 16, height: 16 });
    const small = (await client.callTool({ name: 'image', arguments: { size: 3 } })).content as Array<{ data: string }>;
    expect(inspectPng(Buffer.from(small[0].data, 'base64'))).toEqual({ width: 3, height: 3 });
  });

  it('reports an out-of-range image size as a tool error', async () => {
    expect(await client.callTool({ name: 'image', arguments: { size: 0 } })).toEqual({
      content: [{ type: 'text', text: 'size must be between 1 and 256, got 0' }],
      isError: true,
    });
  });

  it('reports a bad argument as a tool error under the negotiated 2025-11-25', async () => {
    const result = await client.callTool({ name: 'add', arguments: { a: 'two', b: 3 } });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: 'text', text: 'argument "a": expected integer, got string' }]);
  });
});

describe('examples/stdio-server spoken to by hand', () => {
  it('speaks Content-Length framing', async () => {
    const { code, stdout } = await runExample(async (stdin, soFar, firstData) => {
      stdin.write(contentLengthFrame({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'hand', version: '1' } } }));
      await firstData;
      expect(soFar().toString('latin1')).toMatch(/^Content-Length: \d+\r\n\r\n\{/);
      stdin.write(contentLengthFrame({ jsonrpc: '2.0', method: 'notifications/initialized' }));
      stdin.write(contentLengthFrame({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
      stdin.write(contentLengthFrame({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: { message: 'Grüße ✓' } } }));
    });
    expect(code).toBe(0);
    const frames = parseFrames(stdout);
    expect(frames.every((f) => f.framing === 'content-length')).toBe(true);
    const [init, list, echo] = frames.map((f) => f.message);
    expect(init.result).toMatchObject({ protocolVersion: '2025-03-26', serverInfo: { name: 'toolwire-demo', version: '1.0.0' } });
    expect((list.result?.tools as Array<{ name: string }>).map((t) => t.name)).toEqual(['add', 'echo', 'image', 'log']);
    expect(echo).toEqual({ jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'Grüße ✓' }], isError: false } });
  });

  it('writes only framed JSON-RPC to stdout, even when a tool calls console.log (which lands on stderr)', async () => {
    const { code, stdout, stderr } = await runExample(async (stdin) => {
      stdin.write(lineFrame({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25' } }));
      stdin.write(lineFrame({ jsonrpc: '2.0', method: 'notifications/initialized' }));
      stdin.write(lineFrame({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'log', arguments: { message: 'LOG-LINE-FROM-TOOL' } } }));
      stdin.write('this line is garbage\n');
      stdin.write(contentLengthFrame({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'log', arguments: { message: 'SECOND {"jsonrpc":"2.0"}' } } }));
      stdin.write(lineFrame({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'image', arguments: {} } }));
    });
    expect(code).toBe(0);
    const frames = parseFrames(stdout); // throws on any stray byte
    expect(frames.map((f) => [f.framing, f.message.id])).toEqual([
      ['newline', 1],
      ['newline', 2],
      ['newline', null],
      ['content-length', 3],
      ['newline', 4],
    ]);
    expect(frames[2].message.error?.code).toBe(-32700);
    expect(frames[1].message.result).toEqual({ content: [{ type: 'text', text: 'logged: LOG-LINE-FROM-TOOL' }], isError: false });
    expect(stderr).toContain('LOG-LINE-FROM-TOOL\n');
    expect(stderr).toContain('SECOND {"jsonrpc":"2.0"}\n');
    expect(stdout.includes('LOG-LINE-FROM-TOOL\n')).toBe(false);
  });
});
