/** tools/list pages: pageSize, opaque stable cursors, stale and unknown cursors, caching per page. */
import { Dispatcher, ServiceDefinition, ToolDeclaration, integerType } from '@toolwire/core';

/** These declarations have no procedures: only tools/list is called. */
const QUIET = { missingProcedures: 'ignore' } as const;

function declaration(count: number, pageSize?: number): ToolDeclaration {
  const decl = new ToolDeclaration('paged', '1.0.0', pageSize === undefined ? {} : { pageSize });
  for (let i = 0; i < count; i++) decl.addTool(`tool_${i}`, `Tool ${i}`).addParam('x', integerType());
  return decl;
}

async function list(d: Dispatcher, cursor?: unknown, protocolVersion = '2025-11-25') {
  const params = cursor === undefined ? {} : { cursor };
  const result = await d.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params }), { protocolVersion });
  return JSON.parse(result.body) as { result?: { tools: { name: string }[]; nextCursor?: string }; error?: { code: number; message: string } };
}

describe('tools/list pagination', () => {
  it('walks every tool exactly once, in order, page by page', async () => {
    const d = new Dispatcher(new ServiceDefinition(), declaration(23, 5), QUIET);
    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const { result } = await list(d, cursor);
      expect(result!.tools.length).toBeLessThanOrEqual(5);
      names.push(...result!.tools.map((t) => t.name));
      cursor = result!.nextCursor;
      pages++;
    } while (cursor !== undefined);
    expect(pages).toBe(5);
    expect(names).toEqual(Array.from({ length: 23 }, (_, i) => `tool_${i}`));
  });

  it('puts no nextCursor on the last page, nor anywhere without pageSize', async () => {
    expect((await list(new Dispatcher(new ServiceDefinition(), declaration(10, 10), QUIET))).result).not.toHaveProperty('nextCursor');
    const all = (await list(new Dispatcher(new ServiceDefinition(), declaration(120), QUIET))).result!;
    expect(all.tools).toHaveLength(120);
    expect(all).not.toHaveProperty('nextCursor');
  });

  it('gives the same cursors for the same declaration in another process (no random state)', async () => {
    const first = (await list(new Dispatcher(new ServiceDefinition(), declaration(12, 4), QUIET))).result!.nextCursor;
    const again = (await list(new Dispatcher(new ServiceDefinition(), declaration(12, 4), QUIET))).result!.nextCursor;
    expect(first).toBe(again);
    expect(first).toMatch(/^[A-Za-z0-9+/]+$/);
    // a cursor from one server instance pages another one with the same declaration
    const { result } = await list(new Dispatcher(new ServiceDefinition(), declaration(12, 4), QUIET), first);
    expect(result!.tools.map((t) => t.name)).toEqual(['tool_4', 'tool_5', 'tool_6', 'tool_7']);
  });

  it('refuses an unknown, forged or stale cursor with -32602', async () => {
    const decl = declaration(12, 4);
    const d = new Dispatcher(new ServiceDefinition(), decl, QUIET);
    const cursor = (await list(d)).result!.nextCursor!;
    for (const bad of ['nope', '', 'dHcxLmFiYy40', btoa('tw1.zzz.4'), cursor + 'x']) {
      const { error } = await list(d, bad);
      expect(error).toEqual({ code: -32602, message: expect.stringContaining('unknown or stale cursor') });
    }
    expect((await list(d, 42)).error).toEqual({ code: -32602, message: 'Invalid params: cursor must be a string, got number' });
    decl.addTool('tool_new', 'Added later');
    expect((await list(d, cursor)).error?.code).toBe(-32602); // the list changed: the old cursor is stale
  });

  it('refuses a cursor when the declaration does not page', async () => {
    const { error } = await list(new Dispatcher(new ServiceDefinition(), declaration(3), QUIET), 'dHcxLmFiYy40');
    expect(error?.code).toBe(-32602);
  });

  it('builds each page once per version and reuses it', async () => {
    const decl = declaration(9, 3);
    const spy = jest.spyOn(decl.tools[3], 'toListEntry');
    const d = new Dispatcher(new ServiceDefinition(), decl, QUIET);
    const cursor = (await list(d)).result!.nextCursor!;
    for (let i = 0; i < 5; i++) await list(d, cursor);
    expect(spy).toHaveBeenCalledTimes(1);
    await list(d, cursor, '2025-06-18');
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('checks the pageSize option', () => {
    for (const bad of [0, -1, 1.5, '10', Number.NaN]) {
      expect(() => new ToolDeclaration('s', '1', { pageSize: bad as number })).toThrow(/pageSize to be a positive integer/);
    }
    expect(() => new ToolDeclaration('s', '1', { pagesize: 3 } as never)).toThrow(/unknown option "pagesize"/);
  });

  it('pages through toToolsList too', () => {
    const decl = declaration(5, 2);
    const first = decl.toToolsList('2025-11-25');
    expect(first.tools.map((t) => t.name)).toEqual(['tool_0', 'tool_1']);
    expect(decl.toToolsList('2025-11-25', first.nextCursor).tools.map((t) => t.name)).toEqual(['tool_2', 'tool_3']);
    expect(() => decl.toToolsList('2025-11-25', 'bogus')).toThrow(RangeError);
  });
});
