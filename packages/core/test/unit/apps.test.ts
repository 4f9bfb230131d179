/**
 * MCP Apps in the declaration: `tool.setUi` publishes `_meta.ui` and the deprecated flat
 * `ui/resourceUri` key (merged with setMeta's object) on versions with tool `_meta`;
 * `decl.addAppResource` declares a view (MIME type, `_meta.ui` on its list entry and read
 * contents, fixed HTML) in one call; the extension is advertised on initialize and
 * server/discover only when a view or a tool with one exists; `clientSupportsUi` answers from
 * initialize (stdio session), from the request's `_meta` (2026-07-28), and `false` where nothing
 * carries the capabilities (stateless legacy HTTP); `withResultMeta` puts a procedure's `_meta` on
 * the tools/call result (with the serverInfo on 2026-07-28). Each setter refuses bad input with a
 * TypeError.
 */
import { ArrayType, Dispatcher, ObjectType, ServiceDefinition, ToolDeclaration, UI_EXTENSION_ID, UI_MIME_TYPE, clientSupportsUi, stringType, toolError, withResultMeta } from '../../src';
import { Session } from '../../src/transport';
import type { CallContext, ReadContext } from '../../src';

const UI_CAPS = { extensions: { [UI_EXTENSION_ID]: { mimeTypes: [UI_MIME_TYPE] } } };
const HTML = '<!doctype html><title>board</title>';
const LEGACY = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];
const WITH_META = new Set(['2025-06-18', '2025-11-25', '2026-07-28']);

function server() {
  const decl = new ToolDeclaration('apps', '1.0.0');
  decl.addAppResource('ui://notes/board', 'board', { html: HTML, prefersBorder: true, csp: { connectDomains: ['https://api.example.com'] }, permissions: { clipboardWrite: {} }, domain: 'board.example.com' });
  decl
    .addTool('show_notes', 'Show the notes')
    .setOutput(new ObjectType().addProperty('notes', new ArrayType(stringType())))
    .setMeta({ owner: 'notes', ui: { extra: 1 } })
    .setUi({ resourceUri: 'ui://notes/board', visibility: ['model', 'app'] });
  decl.addTool('supports_ui', 'Says whether the client renders views');
  decl.addTool('plain', 'No view');
  const defs = new ServiceDefinition()
    .registerProcedure('show_notes', () => ({ notes: ['first', 'second'] }))
    .registerProcedure('supports_ui', (context: CallContext) => (clientSupportsUi(context) ? 'views' : 'text only'))
    .registerProcedure('plain', () => 'plain');
  return { decl, defs, dispatcher: new Dispatcher(defs, decl) };
}

function modernMeta(capabilities: Record<string, unknown> = {}) {
  return { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': capabilities };
}

async function rpc(dispatcher: Dispatcher, method: string, params: Record<string, unknown>, version: string, session?: Session) {
  const modern = version === '2026-07-28';
  const message = { jsonrpc: '2.0', id: 1, method, params: modern ? { _meta: modernMeta(), ...params } : params };
  const result = await dispatcher.dispatch(JSON.stringify(message), { protocolVersion: modern ? undefined : version, session });
  return JSON.parse(result.body);
}

describe('tool.setUi', () => {
  it.each([...LEGACY, '2026-07-28'])('tools/list on %s: _meta.ui and the flat key, merged with setMeta, where the version has tool _meta', async (version) => {
    const { dispatcher } = server();
    const { result } = await rpc(dispatcher, 'tools/list', {}, version);
    const [showNotes, , plain] = result.tools;
    if (WITH_META.has(version)) {
      expect(showNotes._meta).toEqual({ owner: 'notes', ui: { extra: 1, resourceUri: 'ui://notes/board', visibility: ['model', 'app'] }, 'ui/resourceUri': 'ui://notes/board' });
    } else {
      expect(showNotes).not.toHaveProperty('_meta');
    }
    expect(plain).not.toHaveProperty('_meta');
  });

  it('publishes without setMeta, and a later setUi replaces the earlier one', () => {
    const decl = new ToolDeclaration('apps', '1.0.0');
    const tool = decl.addTool('t').setUi({ resourceUri: 'ui://a' });
    expect(decl.toToolsList('2025-11-25').tools[0]._meta).toEqual({ ui: { resourceUri: 'ui://a' }, 'ui/resourceUri': 'ui://a' });
    tool.setUi({ resourceUri: 'ui://b', visibility: ['app'] });
    expect(decl.toToolsList('2025-11-25').tools[0]._meta).toEqual({ ui: { resourceUri: 'ui://b', visibility: ['app'] }, 'ui/resourceUri': 'ui://b' });
    expect(tool.ui).toEqual({ resourceUri: 'ui://b', visibility: ['app'] });
  });

  it('refuses what is not a view reference', () => {
    const tool = new ToolDeclaration('apps', '1.0.0').addTool('t');
    expect(() => tool.setUi(null as never)).toThrow(new TypeError('Tool "t" setUi: expected an object, got null'));
    expect(() => tool.setUi({ resourceUri: 'https://example.com/view.html' })).toThrow(new TypeError('Tool "t" setUi: expected resourceUri to be a ui:// URI, got "https://example.com/view.html"'));
    expect(() => tool.setUi({ resourceUri: 42 } as never)).toThrow('expected resourceUri to be a ui:// URI, got number');
    expect(() => tool.setUi({ resourceUri: 'ui://' })).toThrow(TypeError);
    expect(() => tool.setUi({ resourceUri: 'ui://a', visibility: [] })).toThrow('expected visibility to be a non-empty array of distinct "model" | "app", got []');
    expect(() => tool.setUi({ resourceUri: 'ui://a', visibility: ['user'] as never })).toThrow('got ["user"]');
    expect(() => tool.setUi({ resourceUri: 'ui://a', visibility: ['app', 'app'] })).toThrow(TypeError);
    expect(() => tool.setUi({ resourceUri: 'ui://a', csp: {} } as never)).toThrow('unknown member "csp" (known: resourceUri, visibility)');
    expect(tool.ui).toBeUndefined();
  });
});

describe('decl.addAppResource', () => {
  it.each([...LEGACY, '2026-07-28'])('lists and reads the view on %s: its MIME type, fixed HTML, and _meta.ui where the version has _meta', async (version) => {
    const { dispatcher } = server();
    const ui = { prefersBorder: true, csp: { connectDomains: ['https://api.example.com'] }, permissions: { clipboardWrite: {} }, domain: 'board.example.com' };
    const list = (await rpc(dispatcher, 'resources/list', {}, version)).result;
    const read = (await rpc(dispatcher, 'resources/read', { uri: 'ui://notes/board' }, version)).result;
    expect(list.resources[0]).toMatchObject({ uri: 'ui://notes/board', name: 'board', mimeType: 'text/html;profile=mcp-app', size: HTML.length });
    expect(read.contents[0]).toMatchObject({ uri: 'ui://notes/board', mimeType: 'text/html;profile=mcp-app', text: HTML });
    if (WITH_META.has(version)) {
      expect(list.resources[0]._meta).toEqual({ ui });
      expect(read.contents[0]._meta).toEqual({ ui });
    } else {
      expect(list.resources[0]).not.toHaveProperty('_meta');
      expect(read.contents[0]).not.toHaveProperty('_meta');
    }
  });

  it('merges _meta.ui with setMeta in either order, takes contents from a read procedure without html, and leaves _meta out without ui options', async () => {
    const decl = new ToolDeclaration('apps', '1.0.0');
    decl.addAppResource('ui://a', 'a', { prefersBorder: false }).setMeta({ ui: { other: 'kept' }, x: 1 });
    decl.addResource('ui://b', 'b').setMeta({ y: 2 }).setUi({ domain: 'b.example' });
    decl.addAppResource('ui://c', 'c');
    const defs = new ServiceDefinition().registerResource('ui://a', () => '<p>a</p>').registerResource('ui://b', () => '<p>b</p>').registerResource('ui://c', (context: ReadContext) => `<p>${context.uri}</p>`);
    const dispatcher = new Dispatcher(defs, decl);
    const read = async (uri: string) => (await rpc(dispatcher, 'resources/read', { uri }, '2025-11-25')).result.contents[0];
    expect(await read('ui://a')).toEqual({ uri: 'ui://a', mimeType: UI_MIME_TYPE, text: '<p>a</p>', _meta: { ui: { other: 'kept', prefersBorder: false }, x: 1 } });
    expect(await read('ui://b')).toEqual({ uri: 'ui://b', text: '<p>b</p>', _meta: { y: 2, ui: { domain: 'b.example' } } });
    expect(await read('ui://c')).toEqual({ uri: 'ui://c', mimeType: UI_MIME_TYPE, text: '<p>ui://c</p>' });
  });

  it('refuses a URI that is not ui:// and mistyped options', () => {
    const decl = new ToolDeclaration('apps', '1.0.0');
    expect(() => decl.addAppResource('https://example.com/v', 'v')).toThrow(new TypeError('addAppResource: expected a ui:// URI, got "https://example.com/v"'));
    expect(() => decl.addAppResource('ui://v', 'v', 'html' as never)).toThrow('addAppResource "ui://v": expected an options object, got string');
    expect(() => decl.addAppResource('ui://v', 'v', { html: 1 } as never)).toThrow('expected html to be a string, got number');
    expect(() => decl.addAppResource('ui://v', 'v', { border: true } as never)).toThrow('unknown option "border" (known: html, csp, permissions, domain, prefersBorder)');
    expect(() => decl.addAppResource('ui://v', 'v', { csp: { scriptDomains: [] } } as never)).toThrow('csp: unknown member "scriptDomains"');
    expect(() => decl.addAppResource('ui://v', 'v', { csp: { connectDomains: 'https://a' } } as never)).toThrow('expected connectDomains to be an array of origins (non-empty strings without spaces), got "https://a"');
    expect(() => decl.addAppResource('ui://v', 'v', { permissions: { camera: true } } as never)).toThrow('expected camera to be {}, got true');
    expect(() => decl.addAppResource('ui://v', 'v', { permissions: { usb: {} } } as never)).toThrow('unknown permission "usb"');
    expect(() => decl.addAppResource('ui://v', 'v', { prefersBorder: 'yes' } as never)).toThrow('expected prefersBorder to be a boolean, got string');
    expect(() => decl.addAppResource('ui://v', 'v', { domain: '' })).toThrow('expected domain to be a non-empty string');
    expect(() => decl.addResource('test://v', 'v').setUi({ prefersBorder: true })).toThrow('Resource "test://v" setUi: an MCP Apps view needs a ui:// URI');
    expect(decl.resources.map((r) => r.uri)).toEqual(['test://v']);
  });
});

describe('the io.modelcontextprotocol/ui extension', () => {
  const advertised = { [UI_EXTENSION_ID]: { mimeTypes: [UI_MIME_TYPE] } };

  it.each(LEGACY)('is advertised by initialize on %s and by server/discover when a view exists', async (version) => {
    const { dispatcher, decl } = server();
    const init = await rpc(dispatcher, 'initialize', { protocolVersion: version, capabilities: {}, clientInfo: { name: 't', version: '1' } }, version);
    expect(init.result.capabilities.extensions).toEqual(advertised);
    expect(decl.toDiscoverResult().capabilities.extensions).toEqual(advertised);
  });

  it('is not advertised without a view, and is once a tool gets one (the cached payloads follow)', () => {
    const decl = new ToolDeclaration('apps', '1.0.0');
    const tool = decl.addTool('t');
    decl.addResource('test://r', 'r').setContents('r');
    expect(decl.toInitializeResult('2025-11-25').capabilities).not.toHaveProperty('extensions');
    expect(decl.toDiscoverResult().capabilities).not.toHaveProperty('extensions');
    tool.setUi({ resourceUri: 'ui://t' });
    expect(decl.toInitializeResult('2025-11-25').capabilities.extensions).toEqual(advertised);
    expect(decl.toDiscoverResult().capabilities.extensions).toEqual(advertised);
    const viewOnly = new ToolDeclaration('apps', '1.0.0');
    viewOnly.addAppResource('ui://v', 'v', { html: HTML });
    expect(viewOnly.toInitializeResult().capabilities.extensions).toEqual(advertised);
  });
});

describe('clientSupportsUi', () => {
  const init = (id: number, capabilities: Record<string, unknown>) => JSON.stringify({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 't', version: '1' } } });
  const call = (id: number, params: Record<string, unknown> = {}) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'supports_ui', arguments: {}, ...params } });
  const text = (body: string) => JSON.parse(body).result.content[0].text;

  it('answers from initialize on a legacy connection (stdio)', async () => {
    const { dispatcher } = server();
    const withUi = new Session();
    await dispatcher.dispatch(init(1, UI_CAPS), { session: withUi });
    expect(text((await dispatcher.dispatch(call(2), { session: withUi })).body)).toBe('views');
    const without = new Session();
    await dispatcher.dispatch(init(1, { extensions: { [UI_EXTENSION_ID]: { mimeTypes: ['text/html'] } } }), { session: without });
    expect(text((await dispatcher.dispatch(call(2), { session: without })).body)).toBe('text only');
  });

  it('answers from the request _meta on 2026-07-28', async () => {
    const { dispatcher } = server();
    expect(text((await dispatcher.dispatch(call(1, { _meta: modernMeta(UI_CAPS) }))).body)).toBe('views');
    expect(text((await dispatcher.dispatch(call(2, { _meta: modernMeta({}) }))).body)).toBe('text only');
  });

  it('answers false over stateless legacy HTTP, where no request carries the capabilities', async () => {
    const { dispatcher } = server();
    expect(text((await dispatcher.dispatch(call(1), { protocolVersion: '2025-11-25' })).body)).toBe('text only');
  });

  it('reads only a mimeTypes list holding the MCP Apps type', () => {
    expect(clientSupportsUi({ clientCapabilities: UI_CAPS })).toBe(true);
    expect(clientSupportsUi({ clientCapabilities: { extensions: { [UI_EXTENSION_ID]: {} } } })).toBe(false);
    expect(clientSupportsUi({ clientCapabilities: { extensions: { [UI_EXTENSION_ID]: { mimeTypes: UI_MIME_TYPE } } } })).toBe(false);
    expect(clientSupportsUi({ clientCapabilities: { extensions: null } })).toBe(false);
    expect(clientSupportsUi({ clientCapabilities: {} })).toBe(false);
  });
});

describe('a tool with a view', () => {
  it.each(['2025-06-18', '2025-11-25', '2026-07-28'])('returns text content for hosts without Apps and structuredContent for the view on %s', async (version) => {
    const { dispatcher } = server();
    const { result } = await rpc(dispatcher, 'tools/call', { name: 'show_notes', arguments: {} }, version);
    expect(result.content).toEqual([{ type: 'text', text: '{"notes":["first","second"]}' }]);
    expect(result.structuredContent).toEqual({ notes: ['first', 'second'] });
  });
});

describe('withResultMeta', () => {
  function metaServer() {
    const decl = new ToolDeclaration('apps', '1.0.0');
    const board = decl.addTool('board', 'Notes with the board capacity').setOutput(new ObjectType().addProperty('notes', new ArrayType(stringType())));
    decl.addTool('text', 'Text with _meta');
    decl.addTool('slow_text', 'Text with _meta, asynchronously');
    decl.addTool('empty', 'An empty _meta');
    decl.addTool('clash', 'A _meta key the server owns on 2026-07-28');
    decl.addTool('bad_output', 'A value that does not match the output schema').setOutput(new ObjectType().addProperty('n', stringType()));
    const defs = new ServiceDefinition()
      .registerTool(board, () => withResultMeta({ notes: ['a'] }, { board: { capacity: 50 }, isError: 'a key, not the flag' }))
      .registerProcedure('text', () => withResultMeta('hello', { 'example.com/x': 1 }))
      .registerProcedure('slow_text', async () => withResultMeta('later', { at: 'then' }))
      .registerProcedure('empty', () => withResultMeta('plain', {}))
      .registerProcedure('clash', () => withResultMeta('mine', { 'io.modelcontextprotocol/serverInfo': 'forged' }))
      .registerProcedure('bad_output', () => withResultMeta({ n: 1 }, { x: 1 }));
    return new Dispatcher(defs, decl, { onError: (error) => void reported.push(String(error)) });
  }
  /** What the error policy reported (the server's bugs go to onError, not to stderr). */
  const reported: string[] = [];
  const SERVER_INFO = { 'io.modelcontextprotocol/serverInfo': { name: 'apps', version: '1.0.0' } };

  it.each([...LEGACY, '2026-07-28'])('puts the procedure\'s _meta on the tools/call result on %s (beside structuredContent where the version has it)', async (version) => {
    const dispatcher = metaServer();
    const modern = version === '2026-07-28';
    const board = (await rpc(dispatcher, 'tools/call', { name: 'board', arguments: {} }, version)).result;
    expect(board.content).toEqual([{ type: 'text', text: '{"notes":["a"]}' }]);
    expect(board._meta).toEqual({ board: { capacity: 50 }, isError: 'a key, not the flag', ...(modern ? SERVER_INFO : {}) });
    expect(board.isError).toBe(false);
    if (WITH_META.has(version)) expect(board.structuredContent).toEqual({ notes: ['a'] });
    if (modern) expect(board.resultType).toBe('complete');
    const text = (await rpc(dispatcher, 'tools/call', { name: 'text', arguments: {} }, version)).result;
    expect(text).toEqual({ content: [{ type: 'text', text: 'hello' }], _meta: { 'example.com/x': 1, ...(modern ? SERVER_INFO : {}) }, isError: false, ...(modern ? { resultType: 'complete' } : {}) });
    const slow = (await rpc(dispatcher, 'tools/call', { name: 'slow_text', arguments: {} }, version)).result;
    expect(slow._meta).toEqual({ at: 'then', ...(modern ? SERVER_INFO : {}) });
    const empty = (await rpc(dispatcher, 'tools/call', { name: 'empty', arguments: {} }, version)).result;
    expect(empty).toEqual({ content: [{ type: 'text', text: 'plain' }], isError: false, ...(modern ? { resultType: 'complete', _meta: SERVER_INFO } : {}) });
  });

  it('keeps the serverInfo on a key clash (2026-07-28), and a result that fails its output schema is still -32603', async () => {
    const dispatcher = metaServer();
    const clash = (await rpc(dispatcher, 'tools/call', { name: 'clash', arguments: {} }, '2026-07-28')).result;
    expect(clash._meta).toEqual(SERVER_INFO);
    for (const version of ['2025-11-25', '2026-07-28']) {
      const bad = await rpc(dispatcher, 'tools/call', { name: 'bad_output', arguments: {} }, version);
      expect(bad.error).toEqual({ code: -32603, message: 'Internal error' });
    }
    expect(reported.filter((r) => r.includes('does not match its output schema'))).toHaveLength(2);
  });

  it('refuses what cannot be a result _meta', () => {
    expect(() => withResultMeta('x', null as never)).toThrow(new TypeError('withResultMeta: expected meta to be an object, got null'));
    expect(() => withResultMeta('x', [] as never)).toThrow('got an array');
    expect(() => withResultMeta('x', { n: 10n })).toThrow(/expected a JSON-serializable meta object/);
    expect(() => withResultMeta(toolError('no'), {})).toThrow('got a toolError()');
  });
});

describe('a tool whose view is not declared', () => {
  it('is named once on stderr at the first message (a template that matches counts as declared); missingProcedures: "ignore" silences it', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const decl = new ToolDeclaration('apps', '1.0.0');
      decl.addTool('lost', 'Points nowhere').setUi({ resourceUri: 'ui://missing/view' });
      decl.addTool('templated', 'Points at a template').setUi({ resourceUri: 'ui://boards/7' });
      decl.addResourceTemplate('ui://boards/{id}', 'board');
      const defs = new ServiceDefinition().registerProcedure('lost', () => 'x').registerProcedure('templated', () => 'y');
      const dispatcher = new Dispatcher(defs, decl);
      await dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), { protocolVersion: '2025-11-25' });
      await dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), { protocolVersion: '2025-11-25' });
      const lines = errors.mock.calls.map((call) => String(call[0])).filter((line) => line.includes('MCP Apps view'));
      expect(lines).toEqual(['toolwire: a tool points at an MCP Apps view that is not declared (hosts cannot read it): "lost" → ui://missing/view; declare it with decl.addAppResource(uri, name, { html })']);
      errors.mockClear();
      const quiet = new ToolDeclaration('apps', '1.0.0');
      quiet.addTool('lost', 'Points nowhere').setUi({ resourceUri: 'ui://missing/view' });
      await new Dispatcher(defs, quiet, { missingProcedures: 'ignore' }).dispatch(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), { protocolVersion: '2025-11-25' });
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});
