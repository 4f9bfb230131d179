/** ToolDeclaration as a facade over ServerIdentity and Catalog: one identity, payloads cached by (kind, profile, page), one invalidation mechanism. */
import { ArrayType, ObjectType, ToolDeclaration, integerType, stringType } from '../../src/index';

describe('ToolDeclaration over ServerIdentity and Catalog', () => {
  it('every payload that names the server reads the one identity', () => {
    const decl = new ToolDeclaration('id-server', '2.0.0', { title: 'Identity', websiteUrl: 'https://example.com', instructions: 'Be kind.' });
    expect(decl.identity.name).toBe('id-server');
    const info = decl.identity.serverInfo(decl.modernProfileOf('2026-07-28')!);
    expect(decl.toInitializeResult('2025-11-25').serverInfo).toEqual(info);
    expect(decl.toDiscoverResult()._meta['io.modelcontextprotocol/serverInfo']).toEqual(info);
    expect(decl.toToolsList('2026-07-28')._meta).toEqual({ 'io.modelcontextprotocol/serverInfo': info });
    expect(decl.toInitializeResult('2025-03-26').serverInfo).toEqual({ name: 'id-server', version: '2.0.0' });
  });

  it('caches each list page per profile: two versions get two payloads, each reused', () => {
    const decl = new ToolDeclaration('s', '1', { pageSize: 1 });
    decl.addTool('a').setTitle('A');
    decl.addTool('b');
    const legacy = decl.toToolsList('2025-03-26');
    const current = decl.toToolsList('2025-11-25');
    expect(legacy).not.toBe(current);
    expect(legacy.tools[0]).not.toHaveProperty('title');
    expect(current.tools[0].title).toBe('A');
    expect(decl.toToolsList('2025-03-26')).toBe(legacy);
    const second = decl.toToolsList('2025-11-25', current.nextCursor);
    expect(second.tools.map((t) => t.name)).toEqual(['b']);
    expect(decl.toToolsList('2025-11-25', current.nextCursor)).toBe(second);
  });

  it('a type built apart and published later invalidates the caches when it changes afterwards', () => {
    const decl = new ToolDeclaration('s', '1');
    const point = new ObjectType().addProperty('x', integerType());
    point.addProperty('y', integerType()); // not yet published: nothing to invalidate
    const tool = decl.addTool('t');
    const before = decl.toToolsList();
    tool.addParam('points', new ArrayType(point));
    const list = decl.toToolsList();
    expect(list).not.toBe(before);
    expect(decl.toToolsList()).toBe(list);
    point.addProperty('label', stringType());
    expect(decl.toToolsList()).not.toBe(list);
    expect(decl.toToolsList().tools[0].inputSchema).toMatchObject({ properties: { points: { items: { required: ['x', 'y', 'label'] } } } });
  });
});
