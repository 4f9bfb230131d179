/**
 * The test client's features, in both eras, against real Express apps (and the other targets
 * where a feature depends on them): SSE answers read into `logs`/`progress`/`notifications`,
 * the 2026-07-28 `_meta` envelope and `Mcp-*` headers (checked by the server's own admission
 * ladder, which refuses a request without them), `server/discover`, asks answered by handlers
 * over multi round-trip requests, and resources.
 */
import express from 'express';
import request from 'supertest';
import { Dispatcher, LATEST_MODERN_VERSION, LATEST_PROTOCOL_VERSION } from '@toolwire/core';
import { mcpFetchHandler } from '@toolwire/fetch';
import { mcpTestClient, McpTestClientError } from '../../src';
import type { McpTestClientOptions } from '../../src';
import { mcpRouter } from '@toolwire/express';
import { featureService } from '../helpers/featureService';

const { decl, defs } = featureService();
const app = express().use('/mcp', mcpRouter(decl, defs));
const eras = [
  ['legacy', {}],
  ['modern', { era: 'modern' }],
] as const satisfies readonly (readonly [string, McpTestClientOptions])[];

describe.each(eras)('mcpTestClient, %s era, reading SSE answers', (era, options) => {
  it('collects the log messages of a tool that logs, in order (the response came as text/event-stream)', async () => {
    const result = await mcpTestClient(app, options).callTool('import_file', { file: 'a.csv' });
    expect(result.text).toBe('imported a.csv');
    // legacy stateless HTTP logs at the declaration's default level (info); modern at the requested one (debug by default)
    const expected = [
      ...(era === 'modern' ? [{ level: 'debug', logger: 'importer', data: { step: 'open', file: 'a.csv' } }] : []),
      { level: 'info', logger: 'importer', data: 'imported a.csv' },
    ];
    expect(result.logs).toEqual(expected);
    expect(result.notifications).toEqual(expected.map((params) => ({ method: 'notifications/message', params })));
    expect(result.progress).toEqual([]);
  });

  it('collects the progress reports of a tool, without their token', async () => {
    const result = await mcpTestClient(request(app), options).callTool('count_up');
    expect(result).toMatchObject({ text: 'counted', status: 200, logs: [] });
    expect(result.progress).toEqual([1, 2, 3].map((i) => ({ progress: i, total: 3, message: `step ${i}` })));
    expect(result.notifications.map((n) => n.method)).toEqual(['notifications/progress', 'notifications/progress', 'notifications/progress']);
  });

  it('collects them from a fetch target and a Dispatcher too', async () => {
    for (const target of [{ fetch: mcpFetchHandler(decl, defs) }, new Dispatcher(defs, decl)]) {
      const result = await mcpTestClient(target, options).callTool('count_up');
      expect(result.progress.map((p) => p.progress)).toEqual([1, 2, 3]);
    }
  });

  it('reads resources: the list, the templates, a fixed text, a binary and a templated read', async () => {
    const client = mcpTestClient(app, options);
    expect((await client.listResources()).resources.map((r) => [r.uri, r.name, r.mimeType])).toEqual([
      ['test://readme', 'readme', 'text/plain'],
      ['test://logo', 'logo', 'image/png'],
    ]);
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual([expect.objectContaining({ uriTemplate: 'test://notes/{id}', name: 'note' })]);
    expect(await client.readResource('test://readme')).toMatchObject({ text: 'Read me first.', contents: [{ uri: 'test://readme', mimeType: 'text/plain', text: 'Read me first.' }], status: 200 });
    expect((await client.readResource('test://logo')).contents).toEqual([expect.objectContaining({ uri: 'test://logo', blob: Buffer.from('PNG').toString('base64') })]);
    expect((await client.readResource('test://notes/7')).text).toBe('note 7');
    await expect(client.readResource('test://nothing')).rejects.toBeInstanceOf(McpTestClientError);
  });
});

describe('mcpTestClient speaking 2026-07-28', () => {
  it("says so: era 'modern' and protocolVersion '2026-07-28' are the same client", () => {
    expect(mcpTestClient(app, { era: 'modern' })).toMatchObject({ era: 'modern', protocolVersion: LATEST_MODERN_VERSION });
    expect(mcpTestClient(app, { protocolVersion: '2026-07-28' }).era).toBe('modern');
    expect(mcpTestClient(app)).toMatchObject({ era: 'legacy', protocolVersion: LATEST_PROTOCOL_VERSION });
    expect(() => mcpTestClient(app, { era: 'legacy', protocolVersion: '2026-07-28' })).toThrow(/era 'legacy' does not speak protocol version 2026-07-28/);
    expect(() => mcpTestClient(app, { era: 'future' as never })).toThrow(TypeError);
    expect(() => mcpTestClient(app, { logLevel: 'loud' as never })).toThrow(/logLevel/);
    expect(() => mcpTestClient(app, { maxInputRounds: 0 })).toThrow(/maxInputRounds/);
  });

  it('answers with modern results: resultType and the serverInfo _meta', async () => {
    const { result } = await mcpTestClient(app, { era: 'modern' }).request('tools/list');
    expect(result).toMatchObject({ resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'toolwire-features', version: '2.1.0' } } });
  });

  it('sends the _meta envelope and the Mcp-* headers the server requires (a bare request is refused with -32020)', async () => {
    const seen: Record<string, unknown>[] = [];
    const spy = express()
      .use(express.json(), (req, _res, next) => {
        seen.push({ headers: { ...req.headers }, body: req.body });
        next();
      })
      .use('/mcp', mcpRouter(decl, defs));
    const client = mcpTestClient(spy, { era: 'modern', clientInfo: { name: 'probe', version: '9' }, onElicit: () => ({ action: 'decline' }) });
    expect((await client.callTool('echo_region', { region: 'eu-west-1' })).text).toBe('region: eu-west-1');
    const call = seen.at(-1) as { headers: Record<string, string>; body: { params: { _meta: Record<string, unknown> } } };
    expect(call.headers).toMatchObject({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'echo_region', 'mcp-param-region': 'eu-west-1' });
    expect(call.body.params._meta).toEqual({
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
      'io.modelcontextprotocol/clientInfo': { name: 'probe', version: '9' },
      'io.modelcontextprotocol/logLevel': 'debug',
      progressToken: expect.any(String),
    });
    // what the client did is what the server needs: without the Mcp-Param-Region header the call is refused
    const bare = await request(app)
      .post('/mcp')
      .set({ 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/call', 'Mcp-Name': 'echo_region' })
      .send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo_region', arguments: { region: 'x' }, _meta: call.body.params._meta } });
    expect([bare.status, bare.body.error.code]).toEqual([400, -32020]);
  });

  it('encodes header values that are not plain ASCII (the server decodes and compares them)', async () => {
    const client = mcpTestClient(app, { era: 'modern' });
    expect((await client.callTool('echo_region', { region: 'Zürich ' })).text).toBe('region: Zürich ');
  });

  it('sends no log level with logLevel: false (and the server then sends no log messages)', async () => {
    const result = await mcpTestClient(app, { era: 'modern', logLevel: false }).callTool('import_file', { file: 'b' });
    expect([result.text, result.logs]).toEqual(['imported b', []]);
    expect((await mcpTestClient(app, { era: 'modern', logLevel: 'info' }).callTool('import_file', { file: 'b' })).logs.map((l) => l.level)).toEqual(['info']);
  });

  it('discovers the server (server/discover), from either era', async () => {
    for (const client of [mcpTestClient(app, { era: 'modern' }), mcpTestClient(app)]) {
      const discovered = await client.discover();
      expect(discovered).toMatchObject({ supportedVersions: ['2026-07-28'], capabilities: { tools: {}, resources: {}, logging: {} }, instructions: 'Probe tools.', status: 200 });
      expect(discovered._meta).toEqual({ 'io.modelcontextprotocol/serverInfo': expect.objectContaining({ name: 'toolwire-features', version: '2.1.0', title: 'Feature probe' }) });
    }
  });

  it('throws the refusal of a modern request as McpTestClientError (an unknown method is 404 -32601)', async () => {
    await expect(mcpTestClient(app, { era: 'modern' }).request('initialize', {})).rejects.toMatchObject({ status: 404, code: -32601 });
  });
});

describe('mcpTestClient answering asks (2026-07-28 multi round-trip requests)', () => {
  it('answers an elicitation with onElicit and calls again; the tool sees the answer', async () => {
    const service = featureService();
    const served = express().use('/mcp', mcpRouter(service.decl, service.defs));
    const onElicit = jest.fn(() => ({ action: 'accept' as const, content: { confirm: true } }));
    const result = await mcpTestClient(served, { era: 'modern', onElicit }).callTool('delete_note', { id: 'n1' });
    expect(result.text).toBe('deleted n1');
    expect(service.deleted).toEqual(['n1']);
    expect(onElicit).toHaveBeenCalledWith({ message: 'Delete n1?', requestedSchema: expect.objectContaining({ required: ['confirm'] }) });
    expect(result.asks).toEqual([{ key: 'confirm', method: 'elicitation/create', params: expect.objectContaining({ message: 'Delete n1?' }), answer: { action: 'accept', content: { confirm: true } } }]);
  });

  it('answers sampling and roots over two rounds (Dispatcher and fetch targets alike)', async () => {
    const onSample = () => ({ role: 'assistant' as const, content: { type: 'text', text: 'hi' }, model: 'test' });
    const onListRoots = () => ({ roots: [{ uri: 'file:///work', name: 'work' }] });
    for (const target of [app, new Dispatcher(defs, decl), { fetch: mcpFetchHandler(decl, defs) }]) {
      const result = await mcpTestClient(target, { era: 'modern', onSample, onListRoots }).callTool('greet_with_roots');
      expect(result.text).toBe('hi from file:///work');
      expect(result.asks.map((ask) => [ask.key, ask.method])).toEqual([
        ['hi', 'sampling/createMessage'],
        ['roots', 'roots/list'],
      ]);
    }
  });

  it('declares only the capabilities of its handlers (the server refuses an ask the client cannot answer: -32021)', async () => {
    await expect(mcpTestClient(app, { era: 'modern' }).callTool('delete_note', { id: 'n2' })).rejects.toMatchObject({ code: -32021 });
    // declared by hand but without a handler: the client says which handler is missing
    await expect(mcpTestClient(app, { era: 'modern', capabilities: { elicitation: {} } }).callTool('delete_note', { id: 'n2' })).rejects.toThrow(
      /tools\/call delete_note: inputRequests\["confirm"\] asks elicitation\/create, but the client has no onElicit handler/,
    );
  });

  it('answers at most maxInputRounds input_required results (greet_with_roots needs two)', async () => {
    const onSample = () => ({ role: 'assistant' as const, content: { type: 'text', text: 'hi' } });
    const handlers = { era: 'modern', onSample, onListRoots: () => ({ roots: [] }) } as const;
    await expect(mcpTestClient(app, { ...handlers, maxInputRounds: 1 }).callTool('greet_with_roots')).rejects.toThrow(/still input_required after 1 answered rounds/);
    expect((await mcpTestClient(app, { ...handlers, maxInputRounds: 2 }).callTool('greet_with_roots')).text).toBe('hi from ');
  });

  it('passes a bad answer to the server, which refuses it (-32602)', async () => {
    const client = mcpTestClient(app, { era: 'modern', onElicit: () => ({ action: 'accept', content: { confirm: 'yes' } }) });
    await expect(client.callTool('delete_note', { id: 'n3' })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('content.confirm') });
  });

  it('under a legacy version over stateless HTTP, an ask cannot reach the client: the tool fails (isError)', async () => {
    const result = await mcpTestClient(app, { onElicit: () => ({ action: 'accept', content: { confirm: true } }) }).callTool('delete_note', { id: 'n4' });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/no way back to the client/);
  });
});
