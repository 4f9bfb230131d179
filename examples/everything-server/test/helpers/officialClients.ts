/**
 * officialClients: the official MCP clients the interop tests drive the everything server with —
 * client 2.4.0 (legacy default mode and pinned 2026-07-28) and the SDK 1.32 client (2025-11-25)
 * over Streamable HTTP and stdio, and the SDK release of each older protocol version (1.17:
 * 2025-06-18 and 1.10: 2025-03-26 over HTTP; 1.0: 2024-11-05, which has no Streamable HTTP,
 * over stdio) — each as a name and a function that connects one; and the built server over HTTP
 * for a test file (started before its tests, stopped after).
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
import { startServer } from '../../src/conformance';

/** The built server's entry point (`--stdio` serves it over stdio). */
export const MAIN = join(__dirname, '..', '..', 'dist', 'main.js');

/** Starts the built server over HTTP before the file's tests and stops it after; the URL once started. */
export function everythingOverHttp(): () => string {
  let http: { url: string; child: ChildProcess } | undefined;
  beforeAll(async () => {
    http = await startServer();
  });
  afterAll(() => {
    http?.child.kill('SIGTERM');
  });
  return () => {
    if (!http) throw new Error('the everything server is not started yet');
    return http.url;
  };
}

/** Connects one client; `C` is the shape of the calls the test makes (alike in every client used). */
export type Connect<C> = () => Promise<C>;

/** The official clients, named, against the server at `url()` (HTTP) or spawned (stdio); `label` names the client to the server. */
export function officialClients<C>(label: string, url: () => string): [string, Connect<C>][] {
  const connect = (make: () => { connect(transport: unknown): Promise<void> }, transport: () => unknown): Connect<C> => async () => {
    const client = make();
    await client.connect(transport());
    return client as unknown as C;
  };
  const v2 = (transport: () => Transport, pin?: string) => connect(() => new Client({ name: label, version: '1.0.0' }, pin ? { versionNegotiation: { mode: { pin } } } : {}), transport);
  const httpV2 = (): Transport => new StreamableHTTPClientTransport(new URL(url()));
  const stdioV2 = (): Transport => new StdioClientTransport({ command: process.execPath, args: [MAIN, '--stdio'], stderr: 'pipe' });
  const sdk = () => new SdkClient({ name: `${label}-v1`, version: '1.0.0' });
  return [
    ['client 2.4.0 legacy over HTTP', v2(httpV2)],
    ['client 2.4.0 2026-07-28 over HTTP', v2(httpV2, '2026-07-28')],
    ['client 2.4.0 legacy over stdio', v2(stdioV2)],
    ['client 2.4.0 2026-07-28 over stdio', v2(stdioV2, '2026-07-28')],
    ['SDK 1.32 over HTTP', connect(sdk, () => new SdkHttp(new URL(url())))],
    ['SDK 1.32 over stdio', connect(sdk, () => new SdkStdio({ command: process.execPath, args: [MAIN, '--stdio'], stderr: 'pipe' }))],
    ['SDK 1.17 (2025-06-18) over HTTP', connect(() => new Client_1_17({ name: `${label}-1.17`, version: '1.0.0' }), () => new Http_1_17(new URL(url())))],
    ['SDK 1.10 (2025-03-26) over HTTP', connect(() => new Client_1_10({ name: `${label}-1.10`, version: '1.0.0' }), () => new Http_1_10(new URL(url())))],
    ['SDK 1.0 (2024-11-05) over stdio', connect(() => new Client_1_0({ name: `${label}-1.0`, version: '1.0.0' }, { capabilities: {} }), () => new Stdio_1_0({ command: process.execPath, args: [MAIN, '--stdio'], stderr: 'pipe' }))],
  ];
}
