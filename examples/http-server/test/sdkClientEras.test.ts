/**
 * Interoperability with every era of the official MCP TypeScript SDK client: one pinned release per
 * protocol version, installed as npm aliases (root devDependencies `sdk-1-0` … `sdk-1-17`, plus the
 * current `@modelcontextprotocol/sdk`). Each client connects over stdio (spawning the built
 * examples/stdio-server) and, where it has one, over its Streamable HTTP transport (the example
 * app on 127.0.0.1:0), lists the tools, calls add, and must land on the protocol version of its era:
 * the server answers `initialize` with the version the client asked for.
 *
 * The negotiated version is read off the wire — the transport's `send` and `onmessage` are wrapped
 * to record the `initialize` request and its result — because old SDKs expose it nowhere else;
 * over HTTP the server also records each request's `MCP-Protocol-Version` header.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import * as client_1_0 from 'sdk-1-0/client/index.js';
import * as stdio_1_0 from 'sdk-1-0/client/stdio.js';
import * as client_1_10 from 'sdk-1-10/client/index.js';
import * as stdio_1_10 from 'sdk-1-10/client/stdio.js';
import * as http_1_10 from 'sdk-1-10/client/streamableHttp.js';
import * as client_1_12 from 'sdk-1-12/client/index.js';
import * as stdio_1_12 from 'sdk-1-12/client/stdio.js';
import * as http_1_12 from 'sdk-1-12/client/streamableHttp.js';
import * as client_1_17 from 'sdk-1-17/client/index.js';
import * as stdio_1_17 from 'sdk-1-17/client/stdio.js';
import * as http_1_17 from 'sdk-1-17/client/streamableHttp.js';
import * as client_latest from '@modelcontextprotocol/sdk/client/index.js';
import * as stdio_latest from '@modelcontextprotocol/sdk/client/stdio.js';
import * as http_latest from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createApp } from '../src/app';

const STDIO_MAIN = join(__dirname, '..', '..', 'stdio-server', 'dist', 'main.js');

/** The slice of a JSON-RPC message the recorder looks at. */
interface WireMessage {
  id?: string | number;
  method?: string;
  params?: { protocolVersion?: string };
  result?: { protocolVersion?: string };
}

/** What every SDK era's transport has in common (the rest differs between releases). */
interface AnyTransport {
  send(message: WireMessage, options?: unknown): Promise<void>;
  onmessage?: (message: WireMessage, extra?: unknown) => void;
  protocolVersion?: string;
  pid?: number | null;
  _process?: { pid?: number };
}

/** What every SDK era's Client has in common. */
interface AnyClient {
  connect(transport: unknown): Promise<void>;
  listTools(): Promise<{ tools: { name: string }[] }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<{ content?: unknown; isError?: boolean }>;
  getServerVersion(): { name: string; version: string } | undefined;
  close(): Promise<void>;
}

type Ctor<T> = new (...args: never[]) => T;

interface Era {
  release: string;
  version: string;
  protocol: string;
  Client: Ctor<AnyClient>;
  Stdio: Ctor<AnyTransport>;
  Http?: Ctor<AnyTransport>;
  /** Whether the client sends `MCP-Protocol-Version` on requests after initialize (SDK ≥ 1.13). */
  sendsVersionHeader?: boolean;
}

const ERAS: Era[] = [
  { release: 'sdk-1-0', version: '1.0.4', protocol: '2024-11-05', Client: client_1_0.Client, Stdio: stdio_1_0.StdioClientTransport },
  {
    release: 'sdk-1-10', version: '1.10.2', protocol: '2024-11-05',
    Client: client_1_10.Client, Stdio: stdio_1_10.StdioClientTransport, Http: http_1_10.StreamableHTTPClientTransport,
  },
  {
    release: 'sdk-1-12', version: '1.12.3', protocol: '2025-03-26',
    Client: client_1_12.Client, Stdio: stdio_1_12.StdioClientTransport, Http: http_1_12.StreamableHTTPClientTransport,
  },
  {
    release: 'sdk-1-17', version: '1.17.5', protocol: '2025-06-18',
    Client: client_1_17.Client, Stdio: stdio_1_17.StdioClientTransport, Http: http_1_17.StreamableHTTPClientTransport,
    sendsVersionHeader: true,
  },
  {
    release: '@modelcontextprotocol/sdk', version: 'current', protocol: '2025-11-25',
    Client: client_latest.Client, Stdio: stdio_latest.StdioClientTransport, Http: http_latest.StreamableHTTPClientTransport,
    sendsVersionHeader: true,
  },
] as unknown as Era[];

/** Wraps a transport (before `connect`) to record the initialize request's and result's protocolVersion. */
function recordInitialize(transport: AnyTransport): { requested?: string; answered?: string } {
  const seen: { requested?: string; answered?: string; id?: string | number } = {};
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    if (message.method === 'initialize') {
      seen.id = message.id;
      seen.requested = message.params?.protocolVersion;
    }
    return send(message, options);
  };
  let handler: AnyTransport['onmessage'];
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    get: () => handler,
    set: (next: AnyTransport['onmessage']) => {
      handler = next && ((message, extra) => {
        if (seen.id !== undefined && message.id === seen.id && message.result) seen.answered = message.result.protocolVersion;
        next(message, extra);
      });
    },
  });
  return seen;
}

async function exercise(client: AnyClient): Promise<void> {
  expect(client.getServerVersion()).toMatchObject({ name: 'toolwire-demo', version: '1.0.0' });
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['add', 'echo', 'image']));
  const result = await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } });
  expect(result.content).toEqual([{ type: 'text', text: '5' }]);
  expect(result.isError).toBeFalsy();
}

/** Resolves once `pid` no longer exists; SIGKILLs it if it outlives `ms`. */
async function waitForExit(pid: number, ms = 3000): Promise<void> {
  const alive = (): boolean => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const deadline = Date.now() + ms;
  while (alive() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  if (alive()) {
    process.kill(pid, 'SIGKILL');
    throw new Error(`stdio server ${pid} outlived client.close()`);
  }
}

describe.each(ERAS)('$release ($version, speaks $protocol)', (era) => {
  it(`declares ${era.protocol} as its latest protocol version`, () => {
    // The alias really is the release the row names (guards against a mistyped devDependency).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const types = require(`${era.release}/types.js`) as { LATEST_PROTOCOL_VERSION: string };
    expect(types.LATEST_PROTOCOL_VERSION).toBe(era.protocol);
  });

  it('over stdio: connects, lists tools, calls add and negotiates its version', async () => {
    const transport = new era.Stdio({ command: process.execPath, args: [STDIO_MAIN], stderr: 'pipe' } as never);
    const seen = recordInitialize(transport);
    const client = new era.Client({ name: `toolwire-interop-${era.release}`, version: '1.0.0' } as never, { capabilities: {} } as never);
    let pid: number | undefined;
    try {
      await client.connect(transport);
      pid = transport.pid ?? transport._process?.pid;
      expect(pid).toEqual(expect.any(Number));
      expect(seen).toEqual({ id: expect.anything(), requested: era.protocol, answered: era.protocol });
      await exercise(client);
    } finally {
      await client.close();
      if (pid !== undefined) await waitForExit(pid);
    }
  });

  // 1.0.x predates Streamable HTTP (it has only the old HTTP+SSE transport, which toolwire does not serve).
  const Http = era.Http;
  if (!Http) return;
  it('over Streamable HTTP: connects, lists tools, calls add and negotiates its version', async () => {
    const app = createApp();
    const versionHeaders: (string | undefined)[] = [];
    const server: Server = createServer((req: IncomingMessage, res) => {
      versionHeaders.push(req.headers['mcp-protocol-version'] as string | undefined);
      app(req, res);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const transport = new Http(new URL(`http://127.0.0.1:${port}/mcp`) as never);
    const seen = recordInitialize(transport);
    const client = new era.Client({ name: `toolwire-interop-${era.release}`, version: '1.0.0' } as never, { capabilities: {} } as never);
    try {
      await client.connect(transport);
      expect(seen).toEqual({ id: expect.anything(), requested: era.protocol, answered: era.protocol });
      if (era.sendsVersionHeader) expect(transport.protocolVersion).toBe(era.protocol);
      await exercise(client);
    } finally {
      await client.close();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    }
    // The first request is initialize (no header yet); later ones carry the negotiated version
    // if this SDK sends the header at all.
    expect(versionHeaders.length).toBeGreaterThanOrEqual(3);
    expect(versionHeaders[0]).toBeUndefined();
    expect(new Set(versionHeaders.slice(1))).toEqual(new Set([era.sendsVersionHeader ? era.protocol : undefined]));
  });
});
