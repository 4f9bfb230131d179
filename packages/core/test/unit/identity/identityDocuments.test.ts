/**
 * The identity documents of a declaration — the server card and the registry's server.json —
 * say what initialize's serverInfo and server/discover say (one ServerIdentity), and refuse, with
 * TypeErrors that name the field, what the drafts refuse: a name outside the registry pattern, a
 * description outside 1–100 characters, a version range, a remote version the server does not serve.
 */
import { Dispatcher, REGISTRY_NAME_PATTERN, ServiceDefinition, ToolDeclaration, registryEntry, serverCard } from '../../../src';
import { ifNoneMatchHits, strongEtag } from '../../../src/identity/etag';

const icon = { src: 'https://example.com/icon.png', mimeType: 'image/png', sizes: ['48x48'] };
function declaration(name = 'io.example/notes', version = '1.4.2'): ToolDeclaration {
  const decl = new ToolDeclaration(name, version, { title: 'Notes', websiteUrl: 'https://example.com/notes', icons: [icon], instructions: 'Use the notes.' });
  decl.addTool('find', 'Find notes');
  return decl;
}

async function rpc(decl: ToolDeclaration, message: object): Promise<Record<string, unknown>> {
  const { body } = await new Dispatcher(new ServiceDefinition().registerProcedure('find', () => 'x'), decl).dispatch(JSON.stringify(message));
  return JSON.parse(body).result;
}

describe('serverCard', () => {
  it("carries the declaration's identity exactly as initialize's serverInfo and server/discover do", async () => {
    const decl = declaration();
    const card = serverCard(decl, { description: 'Notes, searchable' });
    const init = await rpc(decl, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } });
    const discovered = await rpc(decl, {
      jsonrpc: '2.0',
      id: 2,
      method: 'server/discover',
      params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
    });
    const serverInfo = init.serverInfo as Record<string, unknown>;
    expect(card).toEqual({
      $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
      name: 'io.example/notes',
      version: serverInfo.version,
      description: 'Notes, searchable',
      title: serverInfo.title,
      websiteUrl: serverInfo.websiteUrl,
      icons: serverInfo.icons,
      _meta: discovered._meta,
    });
    expect((discovered._meta as Record<string, unknown>)['io.modelcontextprotocol/serverInfo']).toEqual(serverInfo);
  });

  it('takes the registry name, repository and remotes from the option; remote versions default to every version served', () => {
    const decl = declaration('toolwire-notes');
    const card = serverCard(decl, {
      name: 'io.example/notes',
      description: 'Notes',
      repository: { url: 'https://github.com/example/notes', source: 'github', subfolder: 'server' },
      remotes: [{ url: 'https://mcp.example.com/mcp' }, { url: 'https://eu.example.com/mcp', supportedProtocolVersions: ['2026-07-28'] }],
    });
    expect(card.name).toBe('io.example/notes');
    expect(card.repository).toEqual({ url: 'https://github.com/example/notes', source: 'github', subfolder: 'server' });
    expect(card.remotes).toEqual([
      { type: 'streamable-http', url: 'https://mcp.example.com/mcp', supportedProtocolVersions: ['2026-07-28', ...decl.supportedVersions] },
      { type: 'streamable-http', url: 'https://eu.example.com/mcp', supportedProtocolVersions: ['2026-07-28'] },
    ]);
  });

  it.each([
    ['a declaration name that is no registry name, without the name option', 'toolwire-notes', { description: 'd' }, /serverCard\.name: required, because the declaration's name "toolwire-notes" is not a reverse-DNS registry name/],
    ['a name without a slash', 'x', { name: 'notes', description: 'd' }, /serverCard\.name: expected a reverse-DNS registry name/],
    ['a name with two slashes', 'x', { name: 'io.example/a/b', description: 'd' }, /serverCard\.name/],
    ['no description', 'io.x/y', {}, /serverCard\.description: expected a string of 1 to 100 characters, got undefined/],
    ['an empty description', 'io.x/y', { description: ' ' }, /serverCard\.description/],
    ['a description of 101 characters', 'io.x/y', { description: 'd'.repeat(101) }, /serverCard\.description: expected a string of 1 to 100 characters/],
    ['an unknown field', 'io.x/y', { description: 'd', homepage: 'x' }, /serverCard: unknown field "homepage"/],
    ['a repository without source', 'io.x/y', { description: 'd', repository: { url: 'https://github.com/x/y' } }, /serverCard\.repository\.source/],
    ['a remote that is no URL', 'io.x/y', { description: 'd', remotes: [{ url: 'mcp' }] }, /serverCard\.remotes\[0\]\.url: expected an http\(s\) URL/],
    ['a remote version not served', 'io.x/y', { description: 'd', remotes: [{ url: 'https://x.example/mcp', supportedProtocolVersions: ['2099-01-01'] }] }, /serverCard\.remotes\[0\]\.supportedProtocolVersions: the declaration does not serve "2099-01-01"/],
  ])('refuses %s', (_what, name, options, message) => {
    expect(() => serverCard(declaration(name), options as never)).toThrow(message);
    expect(() => serverCard(declaration(name), options as never)).toThrow(TypeError);
  });

  it('accepts a description of exactly 100 characters (counted in characters, not bytes)', () => {
    expect(serverCard(declaration(), { description: 'ü'.repeat(100) }).description).toHaveLength(100);
  });
});

describe('registryEntry (server.json)', () => {
  it('carries the same identity, the packages (npm, stdio) and the remotes', () => {
    const decl = declaration();
    const entry = registryEntry(decl, { description: 'Notes, searchable', packages: [{ identifier: '@example/notes-mcp' }], remotes: [{ url: 'https://mcp.example.com/mcp' }] });
    const card = serverCard(decl, { description: 'Notes, searchable', remotes: [{ url: 'https://mcp.example.com/mcp' }] });
    expect(entry).toEqual({
      $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
      name: card.name,
      description: card.description,
      version: card.version,
      title: card.title,
      websiteUrl: card.websiteUrl,
      icons: card.icons,
      packages: [{ registryType: 'npm', identifier: '@example/notes-mcp', version: '1.4.2', transport: { type: 'stdio' } }],
      remotes: card.remotes,
    });
    // the required fields of the registry's schema, and its name pattern
    for (const field of ['name', 'description', 'version']) expect(typeof (entry as unknown as Record<string, unknown>)[field]).toBe('string');
    expect(entry.name).toMatch(REGISTRY_NAME_PATTERN);
    expect(REGISTRY_NAME_PATTERN.source).toBe('^[a-zA-Z0-9.-]+\\/[a-zA-Z0-9._-]+$');
  });

  it.each([
    ['a name outside the pattern', declaration('io.example/notes'), { name: 'io example/notes', description: 'd' }, /registryEntry\.name/],
    ['a description over 100 characters', declaration(), { description: 'x'.repeat(101) }, /registryEntry\.description/],
    ['a version range', declaration('io.example/notes', '^1.2.0'), { description: 'd' }, /registryEntry: the declaration's version "\^1\.2\.0" is a range/],
    ['a package that is no npm name', declaration(), { description: 'd', packages: [{ identifier: 'Not A Name' }] }, /registryEntry\.packages\[0\]\.identifier/],
    ['a package version range', declaration(), { description: 'd', packages: [{ identifier: 'x', version: '1.x' }] }, /registryEntry\.packages\[0\]\.version/],
  ])('refuses %s', (_what, decl, options, message) => {
    expect(() => registryEntry(decl, options as never)).toThrow(message);
  });
});

describe('the ETag of a document', () => {
  it('is strong, stable for the same bytes and different for different ones', () => {
    expect(strongEtag('{"a":1}')).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
    expect(strongEtag('{"a":1}')).toBe(strongEtag('{"a":1}'));
    expect(strongEtag('{"a":1}')).not.toBe(strongEtag('{"a":2}'));
  });

  it('matches If-None-Match: the tag, one of a list, its weak form, or *', () => {
    const tag = strongEtag('x');
    expect([tag, `"other", ${tag}`, `W/${tag}`, '*'].map((h) => ifNoneMatchHits(h, tag))).toEqual([true, true, true, true]);
    expect([undefined, '"other"', ''].map((h) => ifNoneMatchHits(h, tag))).toEqual([false, false, false]);
  });
});
