/**
 * The everything server's identity documents, from the built server: `--server-card` serves the
 * card at `/mcp/server-card` (its fields those of serverInfo and server/discover), `--server-json`
 * prints the registry entry of the same declaration, whose name is the package's `mcpName`.
 */
import { execFileSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import request from 'supertest';
import { REGISTRY_NAME_PATTERN } from '@toolwire/core';
import { mcpTestClient } from '@toolwire/testing';
import { startServer } from '../src/conformance';
import { PACKAGE } from '../src/identity';

jest.setTimeout(30_000);

const main = join(__dirname, '..', 'dist', 'main.js');

describe('--server-card', () => {
  let url: string;
  let child: ChildProcess;
  beforeAll(async () => ({ url, child } = await startServer(['--server-card'])));
  afterAll(() => child.kill());

  it('serves the card at /mcp/server-card, agreeing with initialize and server/discover', async () => {
    const res = await fetch(`${url}/server-card`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/mcp-server-card+json');
    expect(res.headers.get('etag')).toMatch(/^"/);
    const card = (await res.json()) as { description: string };
    const client = mcpTestClient(request(new URL(url).origin), { path: '/mcp' });
    const { serverInfo } = await client.initialize();
    const discovered = await client.discover();
    expect(card).toMatchObject({ name: PACKAGE.mcpName, version: serverInfo.version, title: serverInfo.title, _meta: discovered._meta });
    expect(card.description.length).toBeLessThanOrEqual(100);
  });
});

describe('--server-json', () => {
  it("prints the registry entry: the required fields, the name pattern, the package's mcpName and version", () => {
    const entry = JSON.parse(execFileSync(process.execPath, [main, '--server-json'], { encoding: 'utf8' }));
    expect(entry).toMatchObject({
      $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
      name: PACKAGE.mcpName,
      version: '1.0.0',
      packages: [{ registryType: 'npm', identifier: PACKAGE.name, version: PACKAGE.version, transport: { type: 'stdio' } }],
    });
    expect(entry.name).toMatch(REGISTRY_NAME_PATTERN);
    expect(entry.description.length).toBeGreaterThanOrEqual(1);
    expect(entry.description.length).toBeLessThanOrEqual(100);
  });

  it('refuses --server-card with --stdio', () => {
    expect(() => execFileSync(process.execPath, [main, '--stdio', '--server-card'], { encoding: 'utf8', stdio: 'pipe' })).toThrow(/--server-card needs HTTP/);
  });
});
