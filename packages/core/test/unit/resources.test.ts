/**
 * Resources in the dispatcher: static resources and level-1 templates in the declaration,
 * resources/list (paginated), resources/templates/list, resources/read (text, binary, template
 * variables typed), the capability advertised only when something is declared, fields per
 * version, the unknown-URI code per era, resource scopes, and a resource_link a tool returns
 * that resources/read serves.
 */
import { Access } from '../../src/transport';
import { Dispatcher, ServiceDefinition, ToolDeclaration, blocksContent, integerType, resourceLink } from '../../src';
import type { AuthInfo, ReadContext } from '../../src';

const MODERN_META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const LOGO = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

function server(pageSize?: number) {
  const decl = new ToolDeclaration('res', '1.0.0', pageSize ? { pageSize } : {});
  decl.addResource('test://static/readme', 'readme').setTitle('Read me').setDescription('The readme').setMimeType('text/plain').setContents('Hello, resources.');
  decl.addResource('test://static/logo.png', 'logo').setMimeType('image/png').setIcons([{ src: 'https://example.com/i.png' }]);
  decl.addResource('test://secret', 'secret').setScopes(['admin']).setMimeType('text/plain');
  decl.addResourceTemplate('test://notes/{id}', 'note').setVariable('id', integerType()).setMimeType('text/plain').setMeta({ kind: 'note' });
  decl.addTool('find', 'Find a note').setContent(blocksContent());
  const notes = new Map([[1, 'first note'], [2, 'second note']]);
  const defs = new ServiceDefinition()
    .registerResource('test://static/logo.png', () => LOGO)
    .registerResource('test://secret', () => 'classified')
    .registerResource('test://notes/{id}', (id: number, context: ReadContext) => (notes.has(id) ? { text: `${notes.get(id)} (${context.uri})` } : undefined))
    .registerProcedure('find', () => [resourceLink({ uri: 'test://notes/2', name: 'note 2', mimeType: 'text/plain' })]);
  return { decl, defs, dispatcher: new Dispatcher(defs, decl) };
}

async function rpc(dispatcher: Dispatcher, method: string, params: Record<string, unknown> = {}, options: { modern?: boolean; version?: string; access?: Access } = {}) {
  const message = { jsonrpc: '2.0', id: 1, method, params: options.modern ? { ...params, _meta: MODERN_META } : params };
  const result = await dispatcher.dispatch(JSON.stringify(message), { protocolVersion: options.modern ? undefined : (options.version ?? '2025-11-25'), access: options.access });
  return { status: result.status, headers: result.headers, ...JSON.parse(result.body) };
}

describe('resources', () => {
  it('lists static resources with the fields each version defines', async () => {
    const { dispatcher } = server();
    const current = await rpc(dispatcher, 'resources/list');
    expect(current.result.resources[0]).toEqual({ uri: 'test://static/readme', name: 'readme', title: 'Read me', description: 'The readme', mimeType: 'text/plain', size: 17 });
    expect(current.result.resources[1]).toEqual({ uri: 'test://static/logo.png', name: 'logo', mimeType: 'image/png', icons: [{ src: 'https://example.com/i.png' }] });
    const old = await rpc(dispatcher, 'resources/list', {}, { version: '2025-03-26' });
    expect(old.result.resources[0]).toEqual({ uri: 'test://static/readme', name: 'readme', description: 'The readme', mimeType: 'text/plain', size: 17 });
    expect(old.result.resources[1]).not.toHaveProperty('icons');
    const modern = await rpc(dispatcher, 'resources/list', {}, { modern: true });
    expect(modern.result).toMatchObject({ ttlMs: 0, cacheScope: 'private', resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'res' } } });
  });

  it('pages resources/list like tools/list, and refuses a stale cursor with -32602', async () => {
    const { dispatcher } = server(2);
    const first = await rpc(dispatcher, 'resources/list');
    expect(first.result.resources).toHaveLength(2);
    const second = await rpc(dispatcher, 'resources/list', { cursor: first.result.nextCursor });
    expect(second.result.resources.map((r: { uri: string }) => r.uri)).toEqual(['test://secret']);
    expect(second.result).not.toHaveProperty('nextCursor');
    expect((await rpc(dispatcher, 'resources/list', { cursor: 'bogus' })).error.code).toBe(-32602);
  });

  it('lists templates', async () => {
    const { dispatcher } = server();
    const { result } = await rpc(dispatcher, 'resources/templates/list');
    expect(result).toEqual({ resourceTemplates: [{ uriTemplate: 'test://notes/{id}', name: 'note', mimeType: 'text/plain', _meta: { kind: 'note' } }] });
  });

  it('reads fixed text, a binary procedure result as base64, and a template with typed variables', async () => {
    const { dispatcher } = server();
    expect((await rpc(dispatcher, 'resources/read', { uri: 'test://static/readme' })).result).toEqual({ contents: [{ uri: 'test://static/readme', mimeType: 'text/plain', text: 'Hello, resources.' }] });
    expect((await rpc(dispatcher, 'resources/read', { uri: 'test://static/logo.png' })).result.contents).toEqual([{ uri: 'test://static/logo.png', mimeType: 'image/png', blob: Buffer.from(LOGO).toString('base64') }]);
    const note = await rpc(dispatcher, 'resources/read', { uri: 'test://notes/1' });
    expect(note.result.contents).toEqual([{ uri: 'test://notes/1', mimeType: 'text/plain', text: 'first note (test://notes/1)', _meta: { kind: 'note' } }]);
    expect((await rpc(dispatcher, 'resources/read', { uri: 'test://notes/x' })).error).toMatchObject({ code: -32602, message: expect.stringContaining('variable "id": expected integer') });
    const modern = await rpc(dispatcher, 'resources/read', { uri: 'test://static/readme' }, { modern: true });
    expect(modern.result).toMatchObject({ contents: [{ text: 'Hello, resources.' }], ttlMs: 0, cacheScope: 'private', resultType: 'complete' });
  });

  it('answers an unknown URI -32002 with the URI in data on legacy versions, -32602 on 2026-07-28', async () => {
    const { dispatcher } = server();
    for (const uri of ['test://nothing', 'test://notes/99']) {
      expect((await rpc(dispatcher, 'resources/read', { uri })).error).toEqual({ code: -32002, message: `Resource not found: ${uri}`, data: { uri } });
      expect((await rpc(dispatcher, 'resources/read', { uri }, { modern: true })).error).toEqual({ code: -32602, message: `Resource not found: ${uri}`, data: { uri } });
    }
    expect((await rpc(dispatcher, 'resources/read', {})).error.code).toBe(-32602);
  });

  it('advertises resources only when something is declared', () => {
    const { decl } = server();
    expect(decl.toInitializeResult().capabilities).toEqual({ tools: {}, resources: {} });
    // 2026-07-28 delivers list changes and resource updates through subscriptions/listen
    expect(decl.toDiscoverResult().capabilities).toEqual({ tools: { listChanged: true }, resources: { listChanged: true, subscribe: true } });
    expect(new ToolDeclaration('t', '1').toInitializeResult().capabilities).toEqual({ tools: {} });
  });

  it('refuses a read without the resource scopes with 403 insufficient_scope', async () => {
    const { dispatcher } = server();
    const auth: AuthInfo = Object.freeze({ subject: 'alice', scopes: ['tools'] });
    const access = (scopes: string[]) => new Access({ ...auth, scopes }, { resourceMetadataUrl: 'https://x/.well-known/oauth-protected-resource', requiredScopes: [], listOnlyPermittedTools: false });
    const refused = await rpc(dispatcher, 'resources/read', { uri: 'test://secret' }, { access: access(['tools']) });
    expect(refused.status).toBe(403);
    expect(refused.error.message).toContain('resource "test://secret" requires scope admin');
    expect((await rpc(dispatcher, 'resources/read', { uri: 'test://secret' }, { access: access(['admin']) })).result.contents[0].text).toBe('classified');
  });

  it('serves the resource_link a tool returns', async () => {
    const { dispatcher } = server();
    const call = await rpc(dispatcher, 'tools/call', { name: 'find', arguments: {} });
    const link = call.result.content[0];
    expect(link).toMatchObject({ type: 'resource_link', uri: 'test://notes/2' });
    const read = await rpc(dispatcher, 'resources/read', { uri: link.uri });
    expect(read.result.contents[0].text).toBe('second note (test://notes/2)');
  });
});

describe('the read context', () => {
  /** A transport context whose signal counts how often it is looked up (an HTTP one builds an AbortController for it). */
  function countingContext(): { signalReads: number; signal: AbortSignal; protocolVersion: string } {
    const controller = new AbortController();
    return {
      signalReads: 0,
      protocolVersion: '2025-11-25',
      get signal() {
        this.signalReads++;
        return controller.signal;
      },
    };
  }

  it('looks up the transport\'s signal only when the read procedure asks for it', async () => {
    const decl = new ToolDeclaration('res', '1.0.0');
    decl.addResource('test://plain', 'plain').setMimeType('text/plain');
    decl.addResource('test://careful', 'careful').setMimeType('text/plain');
    const defs = new ServiceDefinition()
      .registerResource('test://plain', (context: ReadContext) => `plain ${context.uri}`)
      .registerResource('test://careful', (context: ReadContext) => `aborted: ${context.signal.aborted}`);
    const dispatcher = new Dispatcher(defs, decl);
    const read = (uri: string, context: ReturnType<typeof countingContext>) => dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri } }), context);

    const plain = countingContext();
    expect(JSON.parse((await read('test://plain', plain)).body).result.contents[0].text).toBe('plain test://plain');
    expect(plain.signalReads).toBe(0);
    const careful = countingContext();
    expect(JSON.parse((await read('test://careful', careful)).body).result.contents[0].text).toBe('aborted: false');
    expect(careful.signalReads).toBe(1);
  });
});

describe('RFC 6570 level-1 templates', () => {
  it('match what level-1 expansion produces, decode it, and refuse operators', () => {
    const decl = new ToolDeclaration('t', '1');
    const template = decl.addResourceTemplate('file:///{dir}/{name}.txt', 'file');
    expect(template.variables).toEqual(['dir', 'name']);
    expect(template.template.match('file:///docs/a%20b.txt')).toEqual({ dir: 'docs', name: 'a b' });
    expect(template.template.match('file:///docs/sub/a.txt')).toBeUndefined(); // a level-1 value never holds "/"
    expect(template.template.expand({ dir: 'x/y', name: 'z' })).toBe('file:///x%2Fy/z.txt');
    expect(() => decl.addResourceTemplate('test://{+path}', 'p')).toThrow(/level 1/);
    expect(() => decl.addResourceTemplate('test://{a}/{a}', 'p')).toThrow(/twice/);
  });
});

describe('resources/read cancelled by its transport', () => {
  it('answers nothing and tells onError nothing when the client goes away (the read failing with the abort, or finishing anyway)', async () => {
    const decl = new ToolDeclaration('res', '1.0.0');
    decl.addResource('test://slow', 'slow');
    decl.addResource('test://stubborn', 'stubborn');
    let started!: () => void;
    const reading = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    const defs = new ServiceDefinition()
      .registerResource('test://slow', (context: ReadContext) => {
        started();
        return new Promise<string>((_resolve, reject) => context.signal.addEventListener('abort', () => reject(context.signal.reason as Error)));
      })
      .registerResource('test://stubborn', () => new Promise<string>((resolve) => (finish = () => resolve('late'))));
    const errors: unknown[] = [];
    const dispatcher = new Dispatcher(defs, decl, { onError: (error) => errors.push(error) });
    const read = (uri: string, signal: AbortSignal) => dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'resources/read', params: { uri } }), { protocolVersion: '2025-11-25', signal });

    const client = new AbortController();
    const pending = read('test://slow', client.signal);
    await reading;
    client.abort(new Error('the client closed the request'));
    expect((await pending).body).toBe('');

    const gone = new AbortController();
    const stubborn = read('test://stubborn', gone.signal);
    gone.abort(new Error('the client closed the request'));
    finish();
    expect((await stubborn).body).toBe('');
    expect(errors).toEqual([]);
  });
});
