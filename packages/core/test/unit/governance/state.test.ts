/**
 * ctx.state through the dispatcher: a value set in one call is read in the next by the same
 * principal and never by another; anonymous callers get a clear isError result; a connection
 * gets state only when the server allows it; values and entries are bounded per principal;
 * handles are refused to a principal that did not create them; TTLs expire.
 */
import { MemoryStateStore, ServiceDefinition, StateLimitError, StateUnavailableError, ToolDeclaration, Dispatcher, stringType } from '@toolwire/core';
import type { CallContext } from '@toolwire/core';
import { Session } from '@toolwire/core/transport';
import { as, call, service, text } from '../../../../../test-support/governanceService';

describe('ctx.state', () => {
  it('recalls what the same principal remembered, and never what another did', async () => {
    const { dispatcher } = service();
    expect(text((await call(dispatcher, 'remember', { key: 'colour', value: 'teal' }, as('alice'))).reply)).toBe('ok');
    expect(text((await call(dispatcher, 'recall', { key: 'colour' }, as('alice'))).reply)).toBe('teal');
    expect(text((await call(dispatcher, 'recall', { key: 'colour' }, as('bob'))).reply)).toBe('(nothing)');
    await call(dispatcher, 'remember', { key: 'colour', value: 'red' }, as('bob'));
    expect(text((await call(dispatcher, 'recall', { key: 'colour' }, as('alice'))).reply)).toBe('teal');
  });

  it('gives an anonymous caller an isError result saying why, not an internal error', async () => {
    const { dispatcher } = service();
    const { reply } = await call(dispatcher, 'remember', { key: 'k', value: 'v' });
    expect(reply.result?.isError).toBe(true);
    expect(text(reply)).toBe('ctx.state is not available: the caller is anonymous (the endpoint has no auth option)');
  });

  it('gives a connection (stdio) state only with allowConnection', async () => {
    const session = new Session();
    const closed = service().dispatcher;
    expect(text((await call(closed, 'remember', { key: 'k', value: 'v' }, { session })).reply)).toMatch(/known only by its connection \(pass state: \{ allowConnection: true \}/);
    const open = service({ state: { allowConnection: true } }).dispatcher;
    await call(open, 'remember', { key: 'k', value: 'v' }, { session });
    expect(text((await call(open, 'recall', { key: 'k' }, { session })).reply)).toBe('v');
  });

  it('refuses a value over maxValueBytes and an entry past maxEntries, as isError results', async () => {
    const { dispatcher } = service({ state: { maxValueBytes: 16, maxEntries: 2 } });
    expect(text((await call(dispatcher, 'remember', { key: 'big', value: 'x'.repeat(20) }, as('alice'))).reply)).toBe('ctx.state: the value of "big" is 22 bytes, more than maxValueBytes (16)');
    await call(dispatcher, 'remember', { key: 'a', value: '1' }, as('alice'));
    await call(dispatcher, 'remember', { key: 'b', value: '2' }, as('alice'));
    expect(text((await call(dispatcher, 'remember', { key: 'c', value: '3' }, as('alice'))).reply)).toBe('ctx.state: this caller already holds maxEntries (2) entries; delete some first');
    // replacing a held key is not one more entry; another principal has its own count
    expect(text((await call(dispatcher, 'remember', { key: 'a', value: '9' }, as('alice'))).reply)).toBe('ok');
    expect(text((await call(dispatcher, 'remember', { key: 'c', value: '3' }, as('bob'))).reply)).toBe('ok');
  });

  it('refuses a handle presented by another principal, and keeps handles apart from plain keys', async () => {
    const decl = new ToolDeclaration('handles', '1.0.0');
    decl.addTool('open', 'Opens a conversation');
    decl.addTool('note', 'Notes in a conversation').addParam('handle', stringType()).addParam('text', stringType());
    decl.addTool('read', 'Reads a conversation').addParam('handle', stringType());
    const defs = new ServiceDefinition()
      .registerProcedure('open', (ctx: CallContext) => ctx.state.createHandle())
      .registerProcedure('note', async (handle: string, note: string, ctx: CallContext) => {
        await (await ctx.state.handle(handle)).set('note', note);
        return 'noted';
      })
      .registerProcedure('read', async (handle: string, ctx: CallContext) => (await (await ctx.state.handle(handle)).get<string>('note')) ?? '(empty)');
    const dispatcher = new Dispatcher(defs, decl);
    const first = text((await call(dispatcher, 'open', {}, as('alice'))).reply)!;
    const second = text((await call(dispatcher, 'open', {}, as('alice'))).reply)!;
    expect(first).toMatch(/^h_[0-9a-f]{32}$/);
    await call(dispatcher, 'note', { handle: first, text: 'one' }, as('alice'));
    expect(text((await call(dispatcher, 'read', { handle: first }, as('alice'))).reply)).toBe('one');
    expect(text((await call(dispatcher, 'read', { handle: second }, as('alice'))).reply)).toBe('(empty)');
    const stolen = await call(dispatcher, 'read', { handle: first }, as('mallory'));
    expect(stolen.reply.result?.isError).toBe(true);
    expect(text(stolen.reply)).toMatch(/^ctx\.state: unknown handle "h_[0-9a-f]{32}" \(it expired, or another caller created it\)$/);
    expect(text((await call(dispatcher, 'read', { handle: 'h_made-up' }, as('alice'))).reply)).toMatch(/unknown handle/);
  });

  it('is exported as errors a procedure can catch', () => {
    expect(new StateUnavailableError('x')).toBeInstanceOf(Error);
    expect(new StateLimitError('x').name).toBe('StateLimitError');
  });
});

describe('MemoryStateStore', () => {
  it('expires entries after their ttl and frees their count', () => {
    let now = 0;
    const store = new MemoryStateStore({ now: () => now });
    expect(store.set('o', 'a', '1', 100, 1)).toBe(true);
    expect(store.set('o', 'b', '2', 100, 1)).toBe(false);
    now = 100;
    expect(store.get('o', 'a')).toBeUndefined();
    expect(store.set('o', 'b', '2', 100, 1)).toBe(true);
    expect(store.delete('o', 'b')).toBe(true);
    expect(store.delete('o', 'b')).toBe(false);
  });

  it('drops the least recently used owners past maxOwners or maxBytes, never the one storing', () => {
    const store = new MemoryStateStore({ maxOwners: 2, maxBytes: 100 });
    store.set('a', 'k', '"a"', 1000, 10);
    store.set('b', 'k', '"b"', 1000, 10);
    store.get('a', 'k'); // a used after b
    store.set('c', 'k', '"c"', 1000, 10);
    expect(store.get('b', 'k')).toBeUndefined();
    expect(store.get('a', 'k')).toBe('"a"');
    store.set('c', 'big', 'x'.repeat(45), 1000, 10); // 90 + 6 + 6 bytes > 100: a goes, c stays
    expect(store.get('a', 'k')).toBeUndefined();
    expect(store.get('c', 'big')).toBe('x'.repeat(45));
  });

});
