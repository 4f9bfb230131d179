/**
 * The servers the benchmark compares: their ids, labels, what they are mounted on (which
 * decides their baseline) and the compiled program that runs each one.
 */
import { join } from 'node:path';
import { WORKLOAD_LIST } from '../fixture/workloads';

/** Ids of the HTTP servers, in table order. */
export const HTTP_SERVER_IDS = ['raw-http', 'hand-express', 'toolwire-express', 'toolwire-http', 'sdk', 'sdk2', 'fastmcp', 'tmcp'] as const;

/** One HTTP server's id. */
export type HttpServerId = (typeof HTTP_SERVER_IDS)[number];

/** An HTTP server program. */
export interface HttpServerSpec {
  readonly id: HttpServerId;
  readonly label: string;
  /** What the server's HTTP layer is: its natural baseline is the hand-written server on the same layer. */
  readonly layer: 'node:http' | 'express';
  /**
   * The protocol eras of the workloads it runs: `modern` is MCP 2026-07-28. SDK v2 runs only
   * those (its stateless fallback answers 2025-era requests as SSE streams, which the legacy
   * workloads' JSON checkers do not take).
   */
  readonly eras: readonly ('legacy' | 'modern')[];
  /** The only workloads it runs (default: every workload of its eras). */
  readonly workloads?: readonly string[];
  readonly program: string;
}

/** Ids of the stdio servers. */
export const STDIO_SERVER_IDS = ['hand-stdio', 'toolwire-stdio', 'toolwire-stdio-cl', 'sdk-stdio', 'tmcp-stdio'] as const;

/** One stdio server's id. */
export type StdioServerId = (typeof STDIO_SERVER_IDS)[number];

/** A stdio server program. */
export interface StdioServerSpec {
  readonly id: StdioServerId;
  readonly label: string;
  /** How the driver frames its messages (and reads the replies): newline-delimited or `Content-Length` headers. */
  readonly framing: 'newline' | 'content-length';
  readonly program: string;
}

/**
 * The compiled program file of a server: `bench/dist/servers/FILE` (resolved the same from
 * `src/driver` under ts-jest and from `dist/driver`, so tests spawn the built programs).
 */
export function programPath(file: string): string {
  return join(__dirname, '..', '..', 'dist', 'servers', file);
}

const LEGACY = ['legacy'] as const;
const BOTH = ['legacy', 'modern'] as const;

/** The hand-written floors' workloads: every legacy one, and the 2026-07-28 tools/call (the floor of the newer era's bytes). */
const FLOOR_WORKLOADS: readonly string[] = [...WORKLOAD_LIST.filter((w) => w.era === 'legacy').map((w) => w.id), 'modern-call-add'];

const HTTP: Readonly<Record<HttpServerId, HttpServerSpec>> = {
  'raw-http': { id: 'raw-http', label: 'raw node:http (hand-written)', layer: 'node:http', eras: BOTH, workloads: FLOOR_WORKLOADS, program: programPath('rawHttp.js') },
  'hand-express': { id: 'hand-express', label: 'Express 5 (hand-written)', layer: 'express', eras: BOTH, workloads: FLOOR_WORKLOADS, program: programPath('handExpress.js') },
  'toolwire-express': { id: 'toolwire-express', label: 'toolwire mcpRouter/Express', layer: 'express', eras: BOTH, program: programPath('toolwireExpress.js') },
  'toolwire-http': { id: 'toolwire-http', label: 'toolwire mcpHandler/node:http', layer: 'node:http', eras: BOTH, program: programPath('toolwireHttp.js') },
  sdk: { id: 'sdk', label: 'MCP SDK stateless/Express', layer: 'express', eras: LEGACY, program: programPath('sdkExpress.js') },
  sdk2: { id: 'sdk2', label: 'MCP SDK v2 createMcpHandler', layer: 'node:http', eras: ['modern'], program: programPath('sdk2Http.js') },
  fastmcp: { id: 'fastmcp', label: 'fastmcp stateless', layer: 'node:http', eras: LEGACY, program: programPath('fastmcpServer.js') },
  // tmcp answers every POST as SSE, and a legacy request without a session gets a new session:
  // it runs the drills, whose checkers read SSE and whose legacy clients initialize first, and
  // the 2026-07-28 resources/read and prompts/get (no session at that era; their checkers read SSE)
  tmcp: { id: 'tmcp', label: 'tmcp 1.20 HttpTransport', layer: 'node:http', eras: BOTH, workloads: ['drill', 'modern-drill', 'modern-resources-read', 'modern-prompts-get'], program: programPath('tmcpHttp.js') },
};

const STDIO: Readonly<Record<StdioServerId, StdioServerSpec>> = {
  'hand-stdio': { id: 'hand-stdio', label: 'newline loop (hand-written)', framing: 'newline', program: programPath('handStdio.js') },
  'toolwire-stdio': { id: 'toolwire-stdio', label: 'toolwire serveStdio', framing: 'newline', program: programPath('toolwireStdio.js') },
  'toolwire-stdio-cl': { id: 'toolwire-stdio-cl', label: 'toolwire serveStdio, Content-Length', framing: 'content-length', program: programPath('toolwireStdio.js') },
  'sdk-stdio': { id: 'sdk-stdio', label: 'MCP SDK StdioServerTransport', framing: 'newline', program: programPath('sdkStdio.js') },
  'tmcp-stdio': { id: 'tmcp-stdio', label: 'tmcp 1.20 StdioTransport', framing: 'newline', program: programPath('tmcpStdio.js') },
};

/** The HTTP server with this id. */
export function httpServer(id: HttpServerId): HttpServerSpec {
  return HTTP[id];
}

/** The stdio server with this id. */
export function stdioServer(id: StdioServerId): StdioServerSpec {
  return STDIO[id];
}
