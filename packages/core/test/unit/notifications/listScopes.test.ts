/**
 * Live lists and scopes: with `listOnlyPermittedTools`, which listeners hear a tools or prompts
 * list change — an item added and given its scopes in the same chain is announced only to the
 * tokens that may use it, a scope change of an announced item reaches those who could see it
 * before or can now (and nobody else), a removal those who could see it — and the `CatalogChange`
 * a declaration emits for each (its `scopes` or `scopeSets`, as the item has them when emitted).
 * A resource's update reaches only the listeners whose token may read it when it is delivered.
 */
import { Dispatcher, MemoryNotificationBus, ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import type { AuthInfo, CatalogChange, DispatchContext } from '@toolwire/core';
import { Access } from '@toolwire/core/transport';

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

/** A token with `scopes` on an endpoint that lists only what a token may use. */
const token = (scopes: string[]) => new Access(Object.freeze({ subject: scopes.join('+') || 'reader', scopes }) as AuthInfo, { resourceMetadataUrl: 'https://x/.well-known/oauth-protected-resource', requiredScopes: [], listOnlyPermittedTools: true });

/** Resolves once the changes made so far were emitted (a microtask after the code making them). */
const emitted = (): Promise<void> => Promise.resolve();

/** A server whose declaration `declare` completes before it serves (those declarations are no change to anyone). */
function server(declare: (decl: ToolDeclaration) => void = () => undefined) {
  const decl = new ToolDeclaration('n', '1');
  decl.addTool('echo');
  decl.addPrompt('greet');
  declare(decl);
  const bus = new MemoryNotificationBus();
  const dispatcher = new Dispatcher(new ServiceDefinition(), decl, { notificationBus: bus, missingProcedures: 'ignore' });
  const changes: CatalogChange[] = [];
  decl.onChange((change) => changes.push(change));
  return { decl, dispatcher, bus, changes };
}

/**
 * A listen for tools and prompts list changes by a caller with `scopes`; `methods()` are the
 * notifications it received after its acknowledgement. A marker (`resources/updated` of
 * `test://end`, heard by everyone) tells when what came before it has arrived.
 */
function listener(dispatcher: Dispatcher, scopes: string[], id: string, resourceSubscriptions?: string[]) {
  const frames: { method: string; params?: { uri?: string } }[] = [];
  let wake: (() => void) | undefined;
  const controller = new AbortController();
  const context: DispatchContext = { protocolVersion: '2026-07-28', signal: controller.signal, access: token(scopes), notify: (json) => (frames.push(JSON.parse(json)), wake?.()) };
  const done = dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id, method: 'subscriptions/listen', params: { _meta: META, notifications: { toolsListChanged: true, promptsListChanged: true, resourceSubscriptions } } }), context);
  const until = async (method: string, count: number): Promise<string[]> => {
    while (frames.filter((frame) => frame.method === method).length < count) await new Promise<void>((resolve) => (wake = resolve));
    return frames.slice(1).map((frame) => frame.method);
  };
  return { until, close: () => (controller.abort(new Error('client closed')), done) };
}

const TOOLS = 'notifications/tools/list_changed';
const PROMPTS = 'notifications/prompts/list_changed';

describe('list changes and the scopes of their items', () => {
  it('addTool(…).setScopes([…]) in one chain emits one change carrying the scopes: a listener without them is not told, one with them is', async () => {
    const { decl, dispatcher, changes } = server();
    const reader = listener(dispatcher, [], 'R');
    const admin = listener(dispatcher, ['admin'], 'A');
    await reader.until('notifications/subscriptions/acknowledged', 1);
    await admin.until('notifications/subscriptions/acknowledged', 1);
    decl.addTool('admin_reset', 'Reset').setScopes(['admin']);
    decl.addPrompt('ops_brief').setScopes(['admin']);
    decl.addTool('public_tool'); // heard by both: the last change
    expect(await admin.until(TOOLS, 2)).toEqual([TOOLS, PROMPTS, TOOLS]);
    expect(await reader.until(TOOLS, 1)).toEqual([TOOLS]);
    expect(changes).toEqual([
      { type: 'listChanged', list: 'tools', scopes: ['admin'] },
      { type: 'listChanged', list: 'prompts', scopes: ['admin'] },
      { type: 'listChanged', list: 'tools' },
    ]);
    await reader.close();
    await admin.close();
  });

  it('setScopes on an announced tool or prompt reaches the listeners that could see it before or can now, and no others', async () => {
    const { decl, dispatcher, changes } = server((d) => {
      d.addTool('report').setScopes(['finance']);
      d.addPrompt('brief').setScopes(['finance']);
    });
    const [tool, prompt] = [decl.getTool('report')!, decl.getPrompt('brief')!];
    const [finance, audit, reader] = [listener(dispatcher, ['finance'], 'F'), listener(dispatcher, ['audit'], 'U'), listener(dispatcher, [], 'R')];
    for (const l of [finance, audit, reader]) await l.until('notifications/subscriptions/acknowledged', 1);
    tool.setScopes(['audit']); // finance saw it, audit sees it now, the reader neither
    prompt.setScopes(['audit']);
    decl.addTool('marker'); // heard by all: the last change
    expect(await finance.until(TOOLS, 2)).toEqual([TOOLS, PROMPTS, TOOLS]);
    expect(await audit.until(TOOLS, 2)).toEqual([TOOLS, PROMPTS, TOOLS]);
    expect(await reader.until(TOOLS, 1)).toEqual([TOOLS]);
    expect(changes).toEqual([
      { type: 'listChanged', list: 'tools', scopeSets: [['finance'], ['audit']] },
      { type: 'listChanged', list: 'prompts', scopeSets: [['finance'], ['audit']] },
      { type: 'listChanged', list: 'tools' },
    ]);
    for (const l of [finance, audit, reader]) await l.close();
  });

  it('a removed or disabled scoped tool is announced to those who could see it, not to others', async () => {
    const { decl, dispatcher } = server((d) => {
      d.addTool('secret').setScopes(['admin']);
      d.addPrompt('hidden').setScopes(['admin']);
    });
    const [secret, hidden] = [decl.getTool('secret')!, decl.getPrompt('hidden')!];
    const [admin, reader] = [listener(dispatcher, ['admin'], 'A'), listener(dispatcher, [], 'R')];
    for (const l of [admin, reader]) await l.until('notifications/subscriptions/acknowledged', 1);
    secret.remove();
    hidden.setEnabled(false);
    decl.addTool('marker');
    expect(await admin.until(TOOLS, 2)).toEqual([TOOLS, PROMPTS, TOOLS]);
    expect(await reader.until(TOOLS, 1)).toEqual([TOOLS]);
    for (const l of [admin, reader]) await l.close();
  });

  it('what a scope change carries: public before or after → everyone; a narrower set → the wider audience only; no change, a disabled item, a resource → nothing', async () => {
    const { decl, changes } = server();
    const echo = decl.getTool('echo')!;
    echo.setScopes(['admin']); // everyone could see it before
    await emitted();
    echo.setScopes(['admin', 'write']); // whoever holds both holds admin: admin's holders are the audience
    await emitted();
    echo.setScopes(['write', 'admin']); // the same scopes
    echo.setEnabled(false);
    await emitted();
    expect(changes).toEqual([
      { type: 'listChanged', list: 'tools' },
      { type: 'listChanged', list: 'tools', scopes: ['admin'] },
      { type: 'listChanged', list: 'tools', scopes: ['write', 'admin'] }, // as it was when disabled
    ]);
    changes.length = 0;
    echo.setScopes(['other']); // not shown: no list changed
    decl.addResource('test://r', 'r');
    await emitted();
    changes.length = 0;
    decl.getResource('test://r')!.setScopes(['admin']); // resources are listed to every token
    await emitted();
    expect(changes).toEqual([]);
    echo.setEnabled(true);
    await emitted();
    expect(changes).toEqual([{ type: 'listChanged', list: 'tools', scopes: ['other'] }]);
  });

  it('a change made while nobody listened to the declaration, or before a listener subscribed, is not delivered to it later', async () => {
    const decl = new ToolDeclaration('n', '1');
    decl.addTool('early').setScopes(['admin']);
    const changes: CatalogChange[] = [];
    decl.onChange((change) => changes.push(change));
    decl.addTool('late');
    await emitted();
    expect(changes).toEqual([{ type: 'listChanged', list: 'tools' }]);
  });

  it('a resource given scopes after a listener subscribed to it is no longer announced to a token lacking them', async () => {
    const { decl, dispatcher } = server((d) => d.addResource('test://doc', 'doc').setContents('doc'));
    const [admin, reader] = [listener(dispatcher, ['admin'], 'A', ['test://doc']), listener(dispatcher, [], 'R', ['test://doc'])];
    for (const l of [admin, reader]) await l.until('notifications/subscriptions/acknowledged', 1);
    const updated = 'notifications/resources/updated';
    decl.resourceUpdated('test://doc');
    await reader.until(updated, 1); // readable then: heard
    decl.getResource('test://doc')!.setScopes(['admin']);
    decl.resourceUpdated('test://doc');
    decl.addTool('marker'); // heard by both: the last change
    expect(await admin.until(TOOLS, 1)).toEqual([updated, updated, TOOLS]);
    expect(await reader.until(TOOLS, 1)).toEqual([updated, TOOLS]);
    for (const l of [admin, reader]) await l.close();
  });
});
