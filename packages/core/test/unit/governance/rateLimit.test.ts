/**
 * The `rateLimit` option through the dispatcher: per principal, per principal and tool, global;
 * methods and tools filters; the refusal (JSON-RPC 429 with retryAfterSeconds, HTTP 429 with
 * Retry-After) before the procedure runs; GCRA refill; the store's failure modes; bounded
 * memory; anonymous callers told apart by address (and X-Forwarded-For only with trustProxy).
 */
import { ErrorCodes, MemoryRateLimitStore } from '@toolwire/core';
import type { RateLimitStore } from '@toolwire/core';
import { as, call, service, text } from '../../../../../test-support/governanceService';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('rateLimit', () => {
  it('admits max calls per principal in a window, then answers 429 with Retry-After and code 429, and the procedure does not run', async () => {
    const time = clock();
    const { dispatcher, runs } = service({ rateLimit: { limits: [{ window: '10s', max: 3, per: 'principal' }], store: new MemoryRateLimitStore({ now: time.now }) } });
    for (let i = 0; i < 3; i++) expect(text((await call(dispatcher, 'ping_tool', {}, as('alice'))).reply)).toBe('pong');
    const refused = await call(dispatcher, 'ping_tool', {}, as('alice'));
    expect(refused.result.status).toBe(429);
    expect(refused.result.headers).toEqual({ 'Retry-After': '4' }); // one more every 10/3 s
    expect(refused.reply.error).toEqual({ code: ErrorCodes.RateLimited, message: 'Rate limit exceeded: at most 3 requests per 10s per caller; retry after 4 s', data: { retryAfterSeconds: 4 } });
    expect(ErrorCodes.RateLimited).toBe(429);
    expect(runs.get('ping_tool')).toBe(3);
    time.advance(3_334);
    expect(text((await call(dispatcher, 'ping_tool', {}, as('alice'))).reply)).toBe('pong');
  });

  it('keeps a quota per principal: another token is not refused', async () => {
    const time = clock();
    const { dispatcher } = service({ rateLimit: { limits: [{ window: '1m', max: 1, per: 'principal' }], store: new MemoryRateLimitStore({ now: time.now }) } });
    expect(text((await call(dispatcher, 'ping_tool', {}, as('alice'))).reply)).toBe('pong');
    expect((await call(dispatcher, 'ping_tool', {}, as('alice'))).result.status).toBe(429);
    expect(text((await call(dispatcher, 'ping_tool', {}, as('bob'))).reply)).toBe('pong');
  });

  it('per principal+tool counts each tool apart; global counts everyone together', async () => {
    const time = clock();
    const store = new MemoryRateLimitStore({ now: time.now });
    const perTool = service({ rateLimit: { limits: [{ window: '1m', max: 1, per: 'principal+tool' }], store } }).dispatcher;
    expect(text((await call(perTool, 'ping_tool', {}, as('alice'))).reply)).toBe('pong');
    expect(text((await call(perTool, 'other_tool', {}, as('alice'))).reply)).toBe('other');
    expect((await call(perTool, 'ping_tool', {}, as('alice'))).result.status).toBe(429);
    const global = service({ rateLimit: { limits: [{ window: '1m', max: 2, per: 'global' }], store: new MemoryRateLimitStore({ now: time.now }) } }).dispatcher;
    expect(text((await call(global, 'ping_tool', {}, as('alice'))).reply)).toBe('pong');
    expect(text((await call(global, 'ping_tool', {}, as('bob'))).reply)).toBe('pong');
    expect((await call(global, 'ping_tool', {}, as('carol'))).reply.error?.code).toBe(429);
  });

  it('counts only the methods and tools a limit names', async () => {
    const time = clock();
    const { dispatcher } = service({ rateLimit: { limits: [{ window: '1m', max: 1, per: 'principal', tools: ['ping_tool'] }], store: new MemoryRateLimitStore({ now: time.now }) } });
    expect(text((await call(dispatcher, 'ping_tool', {}, as('alice'))).reply)).toBe('pong');
    expect(text((await call(dispatcher, 'other_tool', {}, as('alice'))).reply)).toBe('other');
    expect(text((await call(dispatcher, 'other_tool', {}, as('alice'))).reply)).toBe('other');
    const list = await dispatcher.dispatch('{"jsonrpc":"2.0","id":"l","method":"tools/list"}', { protocolVersion: '2025-06-18', ...as('alice') });
    expect(list.status).toBe(200);
    expect((await call(dispatcher, 'ping_tool', {}, as('alice'))).result.status).toBe(429);
  });

  it('refuses nothing until the store answers, when the store is asynchronous (a Redis store)', async () => {
    const seen: string[][] = [];
    const store: RateLimitStore = { hit: async (checks) => (seen.push(checks.map((c) => c.key)), { allowed: false, retryAfterMs: 1500, refusedBy: 0 }) };
    const { dispatcher, runs } = service({ rateLimit: { limits: [{ window: '1s', max: 5, per: 'principal', methods: ['tools/call'] }], store } });
    const refused = await call(dispatcher, 'ping_tool', {}, as('alice'));
    expect(refused.result.status).toBe(429);
    expect(refused.result.headers).toEqual({ 'Retry-After': '2' });
    expect(runs.get('ping_tool')).toBeUndefined();
    expect(seen).toEqual([[`0|${JSON.stringify(['token', 'https://auth.example.com', 'alice', null])}`]]);
  });

  it('fails open by default when the store fails, reporting the failure once per outage through onError', async () => {
    const reports: unknown[] = [];
    let down = true;
    const store: RateLimitStore = { hit: () => (down ? Promise.reject(new Error('ECONNREFUSED')) : { allowed: true, retryAfterMs: 0 }) };
    const { dispatcher } = service({ onError: (error) => reports.push(error), rateLimit: { limits: [{ window: '1s', max: 1, per: 'principal' }], store } });
    expect(text((await call(dispatcher, 'ping_tool', {}, as('alice'))).reply)).toBe('pong');
    expect(text((await call(dispatcher, 'ping_tool', {}, as('alice'))).reply)).toBe('pong');
    expect(reports).toHaveLength(1);
    expect(String(reports[0])).toMatch(/rateLimit: the store failed; requests are admitted .*onStoreError: 'open'/);
    down = false;
    await call(dispatcher, 'ping_tool', {}, as('alice'));
    down = true;
    await call(dispatcher, 'ping_tool', {}, as('alice'));
    expect(reports).toHaveLength(2);
  });

  it("fails closed with onStoreError: 'closed': 503 with Retry-After, the procedure does not run", async () => {
    const store: RateLimitStore = {
      hit: () => {
        throw new Error('down');
      },
    };
    const { dispatcher, runs } = service({ rateLimit: { limits: [{ window: '1s', max: 1, per: 'principal' }], store, onStoreError: 'closed' } });
    const refused = await call(dispatcher, 'ping_tool', {}, as('alice'));
    expect(refused.result.status).toBe(503);
    expect(refused.result.headers).toEqual({ 'Retry-After': '1' });
    expect(refused.reply.error?.code).toBe(ErrorCodes.ServerBusy);
    expect(runs.get('ping_tool')).toBeUndefined();
  });

  it('tells anonymous callers apart by their address, and reads X-Forwarded-For only with trustProxy', async () => {
    const time = clock();
    const peer = (address: string) => () => ({ transport: 'tcp' as const, protocol: 'http', address });
    const headers = (xff: string) => (name: string) => (name === 'x-forwarded-for' ? xff : undefined);
    const direct = service({ rateLimit: { limits: [{ window: '1m', max: 1, per: 'principal' }], store: new MemoryRateLimitStore({ now: time.now }) } }).dispatcher;
    expect(text((await call(direct, 'ping_tool', {}, { peer: peer('10.0.0.1'), header: headers('1.1.1.1') })).reply)).toBe('pong');
    expect(text((await call(direct, 'ping_tool', {}, { peer: peer('10.0.0.2'), header: headers('1.1.1.1') })).reply)).toBe('pong');
    // without trustProxy a forged header changes nothing
    expect((await call(direct, 'ping_tool', {}, { peer: peer('10.0.0.1'), header: headers('9.9.9.9') })).result.status).toBe(429);
    const proxied = service({ rateLimit: { limits: [{ window: '1m', max: 1, per: 'principal' }], store: new MemoryRateLimitStore({ now: time.now }), trustProxy: 1 } }).dispatcher;
    expect(text((await call(proxied, 'ping_tool', {}, { peer: peer('10.0.0.9'), header: headers('6.6.6.6, 1.1.1.1') })).reply)).toBe('pong');
    expect(text((await call(proxied, 'ping_tool', {}, { peer: peer('10.0.0.9'), header: headers('2.2.2.2') })).reply)).toBe('pong');
    // the client chose the left entry; the proxy appended the address it saw: still 1.1.1.1
    expect((await call(proxied, 'ping_tool', {}, { peer: peer('10.0.0.9'), header: headers('7.7.7.7, 1.1.1.1') })).result.status).toBe(429);
  });

  it('keeps each caller and tool its own counter when callers and tools alternate (the last check is reused only for the same caller and tool)', async () => {
    const time = clock();
    const store = new MemoryRateLimitStore({ now: time.now });
    const limits = [{ window: '1m', max: 1, per: 'principal+tool' }, { window: '1m', max: 3, per: 'principal' }] as const;
    const dispatcher = service({ rateLimit: { limits, store } }).dispatcher;
    const outcome = async (who: string, tool: string) => ((await call(dispatcher, tool, {}, as(who))).result.status === 429 ? 'refused' : 'ok');
    const sequence: [string, string][] = [['alice', 'ping_tool'], ['bob', 'ping_tool'], ['alice', 'ping_tool'], ['alice', 'other_tool'], ['bob', 'ping_tool'], ['bob', 'other_tool'], ['alice', 'other_tool']];
    const seen = [];
    for (const [who, tool] of sequence) seen.push(`${who} ${tool} ${await outcome(who, tool)}`);
    expect(seen).toEqual(['alice ping_tool ok', 'bob ping_tool ok', 'alice ping_tool refused', 'alice other_tool ok', 'bob ping_tool refused', 'bob other_tool ok', 'alice other_tool refused']);
    expect(store.size).toBe(6); // alice and bob: two per-tool counters and one per-principal counter each
    const anonymous = service({ rateLimit: { limits: [{ window: '1m', max: 1, per: 'principal' }], store: new MemoryRateLimitStore({ now: time.now }) } }).dispatcher;
    const from = async (address: string) => ((await call(anonymous, 'ping_tool', {}, { peer: () => ({ transport: 'tcp' as const, protocol: 'http', address }) })).result.status === 429 ? 'refused' : 'ok');
    const addresses = [];
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.1', '10.0.0.2', '10.0.0.3']) addresses.push(await from(address));
    expect(addresses).toEqual(['ok', 'ok', 'refused', 'refused', 'ok']);
  });

  it('rejects bad options at construction, naming the field', () => {
    const bad = (rateLimit: unknown) => () => service({ rateLimit } as never);
    expect(bad({ limits: [] })).toThrow(/option rateLimit: expected limits: a non-empty array/);
    expect(bad({ limits: [{ window: '1 sec', max: 5, per: 'principal' }] })).toThrow(/limits\[0\]\.window: a duration such as "1s"/);
    expect(bad({ limits: [{ window: '1s', max: 0, per: 'principal' }] })).toThrow(/limits\[0\]\.max: a positive integer, got 0/);
    expect(bad({ limits: [{ window: '1s', max: 1, per: 'user' }] })).toThrow(/limits\[0\]\.per: "principal", "principal\+tool" or "global", got "user"/);
    expect(bad({ limits: [{ window: '1s', max: 1, per: 'global' }], onStoreError: 'maybe' })).toThrow(/onStoreError: "open" or "closed"/);
    expect(bad({ limits: [{ window: '1s', max: 1, per: 'global' }], windowMs: 5 })).toThrow(/no field "windowMs"/);
  });
});

describe('MemoryRateLimitStore', () => {
  it('counts a request against every limit only when all admit it', () => {
    const store = new MemoryRateLimitStore({ now: () => 0 });
    const a = { key: 'a', windowMs: 1000, max: 1 };
    const b = { key: 'b', windowMs: 1000, max: 2 };
    expect(store.hit([a])).toMatchObject({ allowed: true });
    expect(store.hit([b, a])).toEqual({ allowed: false, retryAfterMs: 1000, refusedBy: 1 });
    expect(store.hit([b])).toMatchObject({ allowed: true });
    expect(store.hit([b])).toMatchObject({ allowed: true }); // b was not counted when a refused
  });

  it('holds at most maxKeys keys, and forgets idle ones', () => {
    let now = 0;
    const store = new MemoryRateLimitStore({ maxKeys: 100, now: () => now });
    for (let i = 0; i < 5000; i++) store.hit([{ key: `k${i}`, windowMs: 60_000, max: 10 }]);
    expect(store.size).toBeLessThanOrEqual(100);
    now += 60_000;
    for (let i = 0; i < 2000; i++) store.hit([{ key: `idle-after${i}`, windowMs: 1, max: 1 }]);
    expect(store.size).toBeLessThanOrEqual(100);
  });
});
