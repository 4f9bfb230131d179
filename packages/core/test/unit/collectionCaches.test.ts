/**
 * Each collection of the catalog caches its own list pages: a change to the tools (or to a type a
 * tool refers to) rebuilds the tools pages and nothing else — not the prompts, resources or
 * templates pages, and not another declaration's — and cursors cut before a change to the list's
 * membership answer -32602 while those cut before a metadata edit continue.
 */
import { Dispatcher, ObjectType, ServiceDefinition, ToolDeclaration, integerType, stringType } from '@toolwire/core';
import type { ListKind } from '../../src/declaration/Catalog';

const V = '2025-11-25';

function declaration(pageSize?: number) {
  const decl = new ToolDeclaration('cached', '1.0.0', pageSize === undefined ? {} : { pageSize });
  for (const name of ['a', 'b', 'c', 'd']) decl.addTool(name, `Tool ${name}`);
  decl.addPrompt('p1');
  decl.addResource('test://r1', 'r1');
  decl.addResourceTemplate('test://t/{id}', 't1');
  return decl;
}

/** The cached first page of every list, and how many payloads each list's cache has built. */
function snapshot(decl: ToolDeclaration) {
  const kinds: ListKind[] = ['tools', 'prompts', 'resources', 'resourceTemplates'];
  const pages = Object.fromEntries(kinds.map((kind) => [kind, decl.payloads.listPage(kind, V)!.object]));
  const builds = Object.fromEntries(kinds.map((kind) => [kind, decl.catalog.list(kind).cache.builds]));
  return { pages, builds };
}

describe('per-collection list caches', () => {
  it('a tools change rebuilds the tools pages only: the prompts, resources and templates pages are the same objects, built once', () => {
    const decl = declaration();
    const before = snapshot(decl);
    decl.addTool('e');
    const after = snapshot(decl);
    expect(after.pages.tools).not.toBe(before.pages.tools);
    expect(after.builds.tools).toBe(before.builds.tools + 1);
    for (const kind of ['prompts', 'resources', 'resourceTemplates'] as const) {
      expect(after.pages[kind]).toBe(before.pages[kind]);
      expect(after.builds[kind]).toBe(before.builds[kind]);
    }
  });

  it('a prompts change rebuilds the prompts pages only (the tools pages stay)', () => {
    const decl = declaration();
    const before = snapshot(decl);
    decl.getPrompt('p1')!.setEnabled(false);
    const after = snapshot(decl);
    expect(after.pages.prompts).not.toBe(before.pages.prompts);
    expect(after.pages.tools).toBe(before.pages.tools);
    expect(after.builds.tools).toBe(before.builds.tools);
  });

  it('a change to a type a tool refers to rebuilds the tools pages, not the prompts pages', () => {
    const decl = declaration();
    const point = new ObjectType().addProperty('x', integerType());
    decl.getTool('a')!.addParam('point', point);
    const before = snapshot(decl);
    point.addProperty('y', integerType());
    const after = snapshot(decl);
    expect(after.pages.tools).not.toBe(before.pages.tools);
    expect((after.pages.tools as { tools: { inputSchema: unknown }[] }).tools[0].inputSchema).toMatchObject({ properties: { point: { required: ['x', 'y'] } } });
    expect(after.pages.prompts).toBe(before.pages.prompts);
  });

  it("one declaration's changes (a tool added, a type only it uses edited) leave another declaration's pages alone", () => {
    const own = new ObjectType().addProperty('x', stringType());
    const one = declaration();
    const two = declaration();
    one.getTool('a')!.addParam('s', own);
    const twoTools = two.payloads.listPage('tools', V)!.object;
    one.addTool('only_in_one');
    own.addProperty('y', stringType());
    expect(two.payloads.listPage('tools', V)!.object).toBe(twoTools);
  });

  it('a type two declarations share rebuilds the tools pages of both when it changes', () => {
    const shared = new ObjectType().addProperty('x', stringType());
    const [one, two] = [declaration(), declaration()];
    one.getTool('a')!.addParam('s', shared);
    two.getTool('b')!.addParam('s', shared);
    const before = [one, two].map((decl) => decl.payloads.listPage('tools', V)!.object);
    shared.addProperty('y', stringType());
    expect([one, two].map((decl) => decl.payloads.listPage('tools', V)!.object)).not.toContain(before[0]);
    expect(two.payloads.listPage('tools', V)!.object).not.toBe(before[1]);
  });

  it('the modern serverInfo members are built once and name the server', () => {
    const decl = declaration();
    const members = decl.payloads.serverMetaMembers('2026-07-28');
    expect(JSON.parse(`{${members}}`)).toEqual({ 'io.modelcontextprotocol/serverInfo': { name: 'cached', version: '1.0.0' } });
    decl.addTool('e');
    expect(decl.payloads.serverMetaMembers('2026-07-28')).toBe(members);
  });

  it('initialize follows every collection: rebuilt after a change, reused while none happens', () => {
    const decl = declaration();
    const first = decl.toInitializeResult(V);
    expect(decl.toInitializeResult(V)).toBe(first);
    decl.addPrompt('p2');
    expect(decl.toInitializeResult(V)).not.toBe(first);
  });
});

describe('cursors across a change (membership changed: -32602; metadata edited: continues)', () => {
  async function page(d: Dispatcher, cursor?: string) {
    const result = await d.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: cursor === undefined ? {} : { cursor } }), { protocolVersion: V });
    return JSON.parse(result.body) as { result?: { tools: { name: string; title?: string }[]; nextCursor?: string }; error?: { code: number; message: string } };
  }
  const STALE = { code: -32602, message: 'Invalid params: unknown or stale cursor (the tool list may have changed; list again without a cursor)' };

  it.each([
    ['a tool added', (decl: ToolDeclaration) => decl.addTool('e')],
    ['a tool removed', (decl: ToolDeclaration) => decl.removeTool('d')],
    ['a tool disabled', (decl: ToolDeclaration) => decl.getTool('a')!.setEnabled(false)],
  ])('a cursor from before %s answers -32602; listing again walks the new list', async (_, change) => {
    const decl = declaration(2);
    const d = new Dispatcher(new ServiceDefinition(), decl, { missingProcedures: 'ignore' });
    const first = await page(d);
    expect(first.result!.tools.map((t) => t.name)).toEqual(['a', 'b']);
    change(decl);
    expect((await page(d, first.result!.nextCursor)).error).toEqual(STALE);
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const next = await page(d, cursor);
      names.push(...next.result!.tools.map((t) => t.name));
      cursor = next.result!.nextCursor;
    } while (cursor !== undefined);
    expect(names).toEqual(decl.catalog.lists.tools.listed.map((t) => t.name));
  });

  it('a cursor from before a metadata edit continues, and the next page shows the edit', async () => {
    const decl = declaration(2);
    const d = new Dispatcher(new ServiceDefinition(), decl, { missingProcedures: 'ignore' });
    const first = await page(d);
    decl.getTool('c')!.setTitle('See');
    const second = await page(d, first.result!.nextCursor);
    expect(second.result!.tools).toMatchObject([{ name: 'c', title: 'See' }, { name: 'd' }]);
  });

  it('a cursor from before a change to another list continues (a prompt added while the tools are paged)', async () => {
    const decl = declaration(2);
    const d = new Dispatcher(new ServiceDefinition(), decl, { missingProcedures: 'ignore' });
    const first = await page(d);
    decl.addPrompt('p2');
    decl.removeResource('test://r1');
    expect((await page(d, first.result!.nextCursor)).result!.tools.map((t) => t.name)).toEqual(['c', 'd']);
  });
});
