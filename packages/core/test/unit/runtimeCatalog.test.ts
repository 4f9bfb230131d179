/**
 * The catalog changed while serving: tools, prompts, resources and templates added, removed,
 * enabled and disabled after the dispatcher is made — what is listed, what a request for them
 * answers, the one change event each emits (none for a no-op), capabilities that follow the
 * catalog, a call in flight for a removed tool, and a tool added without its procedure.
 */
import { Dispatcher, ServiceDefinition, ToolDeclaration, integerType } from '@toolwire/core';

/** What `decl.onChange` reports (derived here: the main entry does not name the type yet). */
type CatalogChange = Parameters<Parameters<ToolDeclaration['onChange']>[0]>[0];

/** Resolves once the changes made so far were emitted (they are, a microtask after the code making them). */
const emitted = (): Promise<void> => Promise.resolve();

type Rpc = { result?: Record<string, unknown> & { tools?: { name: string }[]; prompts?: { name: string }[]; resources?: { uri: string }[]; resourceTemplates?: { uriTemplate: string }[] }; error?: { code: number; message: string } };

function server() {
  const decl = new ToolDeclaration('live', '1.0.0');
  const defs = new ServiceDefinition();
  const first = decl.addTool('first', 'The first tool');
  defs.registerTool(first, () => 'first');
  const review = decl.addPrompt('review', 'Review').addArgument('code', 'The code');
  defs.registerPrompt(review, ({ code }) => `review ${code}`);
  decl.addResource('test://a', 'a').setContents('A');
  const notes = decl.addResourceTemplate('test://notes/{id}', 'note');
  defs.registerResource('test://notes/{id}', (id: string) => `note ${id}`);
  const changes: CatalogChange[] = [];
  decl.onChange((change) => changes.push(change));
  const dispatcher = new Dispatcher(defs, decl);
  let id = 0;
  const rpc = async (method: string, params: Record<string, unknown> = {}): Promise<Rpc> => JSON.parse((await dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }), { protocolVersion: '2025-11-25' })).body) as Rpc;
  const names = {
    tools: async () => (await rpc('tools/list')).result!.tools!.map((t) => t.name),
    prompts: async () => (await rpc('prompts/list')).result!.prompts!.map((p) => p.name),
    resources: async () => (await rpc('resources/list')).result!.resources!.map((r) => r.uri),
    templates: async () => (await rpc('resources/templates/list')).result!.resourceTemplates!.map((t) => t.uriTemplate),
  };
  return { decl, defs, dispatcher, rpc, names, changes, first, review, notes };
}

describe('tools changed while serving', () => {
  it('a tool added after serving starts is listed at the end and called; one tools listChanged', async () => {
    const { decl, defs, rpc, names, changes } = server();
    expect(await names.tools()).toEqual(['first']);
    const late = decl.addTool('late', 'Added later').addParam('n', integerType());
    defs.registerTool(late, (n) => n * 2);
    await emitted();
    expect(changes).toEqual([{ type: 'listChanged', list: 'tools' }]);
    expect(await names.tools()).toEqual(['first', 'late']);
    expect((await rpc('tools/call', { name: 'late', arguments: { n: 21 } })).result).toMatchObject({ content: [{ type: 'text', text: '42' }] });
  });

  it('a change of an item that needs scopes carries them, as the item has them when the change is emitted (a listener whose token lists only what it may use is not told of it)', async () => {
    const { decl, changes } = server();
    const admin = decl.addTool('admin_reset').setScopes(['admin', 'write']); // one change, with the scopes set right after the addition
    await emitted();
    admin.setEnabled(false);
    decl.addPrompt('ops').setScopes(['ops']).remove();
    await emitted();
    expect(changes).toEqual([
      { type: 'listChanged', list: 'tools', scopes: ['admin', 'write'] },
      { type: 'listChanged', list: 'tools', scopes: ['admin', 'write'] },
      { type: 'listChanged', list: 'prompts', scopes: ['ops'] },
      { type: 'listChanged', list: 'prompts', scopes: ['ops'] },
    ]);
  });

  it('a removed tool is not listed and answers as an unknown tool; removing it again does nothing and emits nothing', async () => {
    const { decl, rpc, names, changes, first } = server();
    expect(decl.removeTool('first')).toBe(true);
    expect(await names.tools()).toEqual([]);
    const unknown = await rpc('tools/call', { name: 'first', arguments: {} });
    expect(unknown.error).toEqual({ code: -32602, message: 'Unknown tool: first' });
    expect(decl.removeTool('first')).toBe(false);
    expect(first.remove()).toBe(false);
    expect(decl.removeTool('never-declared')).toBe(false);
    expect(changes).toEqual([{ type: 'listChanged', list: 'tools' }]);
    expect(first.declared).toBe(false);
  });

  it('tool.remove() is decl.removeTool(name), and the name may be declared again (its procedure still registered)', async () => {
    const { decl, rpc, names, changes, first } = server();
    expect(first.remove()).toBe(true);
    decl.addTool('first', 'Declared again');
    expect(await names.tools()).toEqual(['first']);
    expect((await rpc('tools/call', { name: 'first', arguments: {} })).result).toMatchObject({ content: [{ type: 'text', text: 'first' }] });
    expect(changes).toHaveLength(2);
  });

  it('a disabled tool is not listed and answers as unknown; enabled again it is back in its place; no event for setting the current value', async () => {
    const { decl, rpc, names, changes, first } = server();
    decl.addTool('second');
    await emitted();
    changes.length = 0;
    expect(first.setEnabled(false)).toBe(first);
    expect(first.enabled).toBe(false);
    first.setEnabled(false);
    expect(await names.tools()).toEqual(['second']);
    expect((await rpc('tools/call', { name: 'first', arguments: {} })).error).toEqual({ code: -32602, message: 'Unknown tool: first' });
    expect(decl.getTool('first')).toBeUndefined();
    expect(decl.catalog.lists.tools.get('first')).toBe(first);
    expect(decl.tools).toContain(first);
    await emitted();
    first.setEnabled(true);
    first.setEnabled(true);
    expect(await names.tools()).toEqual(['first', 'second']);
    expect((await rpc('tools/call', { name: 'first', arguments: {} })).result).toMatchObject({ content: [{ type: 'text', text: 'first' }] });
    expect(changes).toEqual([
      { type: 'listChanged', list: 'tools' },
      { type: 'listChanged', list: 'tools' },
    ]);
  });

  it('removing a disabled tool changes no list: it emits nothing', async () => {
    const { changes, first } = server();
    first.setEnabled(false);
    await emitted();
    changes.length = 0;
    expect(first.remove()).toBe(true);
    await emitted();
    expect(changes).toEqual([]);
  });

  it('editing a served tool rebuilds its list but emits no change (one event per add, however long the chain)', async () => {
    const { decl, names, changes, first } = server();
    decl.addTool('chained').addParam('a', integerType()).addParam('b', integerType()).setTitle('Chained');
    first.setTitle('First');
    await emitted();
    expect(changes).toEqual([{ type: 'listChanged', list: 'tools' }]);
    expect(await names.tools()).toEqual(['first', 'chained']);
  });

  it('setEnabled refuses a non-boolean', () => {
    const { first } = server();
    expect(() => first.setEnabled('no' as never)).toThrow(new TypeError('Tool "first" setEnabled: expected a boolean, got string'));
  });

  it('a call in flight for a tool being removed finishes with its result; the next call answers unknown', async () => {
    const decl = new ToolDeclaration('live', '1.0.0');
    const defs = new ServiceDefinition();
    let release!: () => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const slow = decl.addTool('slow');
    defs.registerTool(slow, () => {
      started();
      return new Promise<string>((resolve) => (release = () => resolve('done')));
    });
    const dispatcher = new Dispatcher(defs, decl);
    const call = (id: number) => dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'slow', arguments: {} } }));
    const inFlight = call(1);
    await running;
    slow.remove();
    release();
    expect(JSON.parse((await inFlight).body).result.content).toEqual([{ type: 'text', text: 'done' }]);
    expect(JSON.parse((await call(2)).body).error).toEqual({ code: -32602, message: 'Unknown tool: slow' });
  });

  it('a tool added at runtime before its procedure is listed, and a call answers -32603 naming the missing procedure until defs.registerTool', async () => {
    const { decl, defs, rpc, names } = server();
    const pending = decl.addTool('pending');
    expect(await names.tools()).toEqual(['first', 'pending']);
    expect((await rpc('tools/call', { name: 'pending', arguments: {} })).error).toEqual({ code: -32603, message: 'Tool "pending" is declared but no procedure is registered for it' });
    defs.registerTool(pending, () => 'ready');
    expect((await rpc('tools/call', { name: 'pending', arguments: {} })).result).toMatchObject({ content: [{ type: 'text', text: 'ready' }] });
  });
});

describe('prompts, resources and templates changed while serving', () => {
  it('prompts: added (listed at the end), disabled and removed — prompts/get answers as for an unknown prompt; one prompts listChanged each', async () => {
    const { decl, defs, rpc, names, changes, review } = server();
    const late = decl.addPrompt('late', 'Late');
    defs.registerPrompt(late, () => 'late text');
    expect(await names.prompts()).toEqual(['review', 'late']);
    review.setEnabled(false);
    expect(await names.prompts()).toEqual(['late']);
    expect((await rpc('prompts/get', { name: 'review', arguments: { code: 'x' } })).error).toEqual({ code: -32602, message: 'Invalid params: Unknown prompt: review' });
    expect(decl.removePrompt('late')).toBe(true);
    expect(await names.prompts()).toEqual([]);
    expect((await rpc('prompts/get', { name: 'late' })).error).toEqual({ code: -32602, message: 'Invalid params: Unknown prompt: late' });
    expect(changes).toEqual(Array(3).fill({ type: 'listChanged', list: 'prompts' }));
  });

  it('resources: a disabled or removed resource is not listed and reads as not found; listing one out emits one change, a no-op none', async () => {
    const { decl, rpc, names, changes } = server();
    const b = decl.addResource('test://b', 'b').setContents('B');
    expect(await names.resources()).toEqual(['test://a', 'test://b']);
    decl.getResource('test://a')!.setEnabled(false);
    expect(await names.resources()).toEqual(['test://b']);
    expect((await rpc('resources/read', { uri: 'test://a' })).error).toMatchObject({ code: -32002, message: 'Resource not found: test://a' });
    b.setListed(false);
    b.setListed(false);
    expect(await names.resources()).toEqual([]);
    expect((await rpc('resources/read', { uri: 'test://b' })).result).toMatchObject({ contents: [{ uri: 'test://b', text: 'B' }] });
    b.setEnabled(false); // an unlisted resource disabled: the list does not change
    expect(decl.removeResource('test://b')).toBe(true);
    expect(changes).toEqual(Array(3).fill({ type: 'listChanged', list: 'resources' }));
  });

  it('templates: a disabled or removed template is not listed, reads only it matched are not found; changes count as resources', async () => {
    const { decl, rpc, names, changes, notes } = server();
    notes.setEnabled(false);
    expect(await names.templates()).toEqual([]);
    expect((await rpc('resources/read', { uri: 'test://notes/1' })).error).toMatchObject({ code: -32002 });
    notes.setEnabled(true);
    expect((await rpc('resources/read', { uri: 'test://notes/1' })).result).toMatchObject({ contents: [{ text: 'note 1' }] });
    expect(decl.removeResourceTemplate('test://notes/{id}')).toBe(true);
    expect(await names.templates()).toEqual([]);
    expect((await rpc('resources/read', { uri: 'test://notes/1' })).error).toMatchObject({ code: -32002 });
    expect(changes).toEqual(Array(3).fill({ type: 'listChanged', list: 'resources' }));
  });
});

describe('completion of a disabled item', () => {
  it('completion/complete for a disabled prompt or template answers as for an unknown one, and completes again once enabled', async () => {
    const { rpc, review, notes } = server();
    review.setCompletion('code', (value) => [`${value}1`]);
    notes.setCompletion('id', (value) => [`${value}7`]);
    const complete = (ref: Record<string, unknown>, name: string) => rpc('completion/complete', { ref, argument: { name, value: 'x' } });
    const prompt = { type: 'ref/prompt', name: 'review' };
    const template = { type: 'ref/resource', uri: 'test://notes/{id}' };
    expect((await complete(prompt, 'code')).result).toEqual({ completion: { values: ['x1'] } });
    review.setEnabled(false);
    notes.setEnabled(false);
    const [unknownPrompt, unknownTemplate] = [await complete(prompt, 'code'), await complete(template, 'id')];
    expect(unknownPrompt.error).toMatchObject({ code: -32602 });
    expect(unknownTemplate.error).toMatchObject({ code: -32602 });
    notes.setEnabled(true);
    expect((await complete(template, 'id')).result).toEqual({ completion: { values: ['x7'] } });
  });
});

describe('capabilities follow the catalog', () => {
  it('prompts added at runtime declare the prompts capability; it stays declared (and prompts/list answers) once they are removed', async () => {
    const decl = new ToolDeclaration('caps', '1.0.0');
    const dispatcher = new Dispatcher(new ServiceDefinition(), decl, { missingProcedures: 'ignore' });
    const initialize = async () => JSON.parse((await dispatcher.dispatch('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}')).body).result.capabilities;
    const promptsList = async () => JSON.parse((await dispatcher.dispatch('{"jsonrpc":"2.0","id":2,"method":"prompts/list"}', { protocolVersion: '2025-11-25' })).body);
    expect(await initialize()).toEqual({ tools: {} });
    expect((await promptsList()).error.code).toBe(-32601);
    const brief = decl.addPrompt('brief');
    expect(await initialize()).toEqual({ tools: {}, prompts: {} });
    brief.remove();
    expect(await initialize()).toEqual({ tools: {}, prompts: {} });
    expect((await promptsList()).result).toEqual({ prompts: [] });
  });
});
