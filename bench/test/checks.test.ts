/** The response checkers accept right answers from any server style and reject wrong ones. */
import { checkCallText, checkInitialize, checkModernResult, checkStructured, checkToolsList, checkToolsPage } from '../src/fixture/checks';
import { ECHO_MESSAGE, workload } from '../src/fixture/workloads';
import { checkStdioReplies } from '../src/driver/stdioSuite';
import { createHandRpc } from '../src/servers/handRpc';
import { parseOptions } from '../src/driver/options';

const result = (id: unknown, value: unknown): string => JSON.stringify({ jsonrpc: '2.0', id, result: value });
const text = (t: string, extra: object = { isError: false }): object => ({ content: [{ type: 'text', text: t }], ...extra });

describe('checkCallText', () => {
  it('accepts one text block with the expected text, with isError false or absent, keys in any order', () => {
    expect(checkCallText(result(1, text('5')), 1, '5')).toBeUndefined();
    expect(checkCallText(result(1, text('5', {})), 1, '5')).toBeUndefined();
    expect(checkCallText(JSON.stringify({ result: text('5', {}), jsonrpc: '2.0', id: 1 }), 1, '5')).toBeUndefined();
  });

  it('rejects a wrong sum, a wrong id, isError true, a JSON-RPC error, extra blocks and non-JSON', () => {
    expect(checkCallText(result(1, text('6')), 1, '5')).toMatch(/expected text "5"/);
    expect(checkCallText(result(2, text('5')), 1, '5')).toMatch(/expected id 1/);
    expect(checkCallText(result(1, text('5', { isError: true })), 1, '5')).toMatch(/isError/);
    expect(checkCallText(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'x' } }), 1, '5')).toMatch(/JSON-RPC error/);
    expect(checkCallText(result(1, { content: [{ type: 'text', text: '5' }, { type: 'text', text: '5' }] }), 1, '5')).toMatch(/one block/);
    expect(checkCallText('<html>500</html>', 1, '5')).toMatch(/not JSON/);
    expect(checkCallText(result(1, text(ECHO_MESSAGE.slice(1))), 1, ECHO_MESSAGE)).toMatch(/expected text/);
  });
});

describe('checkToolsList and checkInitialize', () => {
  const tools = (n: number): object[] =>
    Array.from({ length: n }, (_, i) => ({ name: ['add', 'echo'][i] ?? `t${i}`, inputSchema: { type: 'object', properties: { a: {}, b: {} } } }));

  it('accepts a list of the right length with add and echo, and rejects a short one or duplicates', () => {
    expect(checkToolsList(result(1, { tools: tools(10) }), 1, 10)).toBeUndefined();
    expect(checkToolsList(result(1, { tools: tools(9) }), 1, 10)).toMatch(/expected 10 tools/);
    expect(checkToolsList(result(1, { tools: [...tools(9), tools(1)[0]] }), 1, 10)).toMatch(/duplicate/);
  });

  it('accepts an initialize result and rejects one without the tools capability', () => {
    const init = { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } };
    expect(checkInitialize(result(1, init), 1)).toBeUndefined();
    expect(checkInitialize(result(1, { ...init, capabilities: {} }), 1)).toMatch(/tools capability/);
  });
});

describe('checkModernResult', () => {
  const meta = { _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } } };
  it('wants resultType "complete" and the serverInfo _meta, and ttlMs/cacheScope on a cacheable result', () => {
    expect(checkModernResult(result(1, { ...text('5'), resultType: 'complete', ...meta }), false)).toBeUndefined();
    expect(checkModernResult(result(1, { tools: [], resultType: 'complete', ttlMs: 0, cacheScope: 'private', ...meta }), true)).toBeUndefined();
    expect(checkModernResult(result(1, { ...text('5'), ...meta }), false)).toMatch(/resultType/);
    expect(checkModernResult(result(1, { ...text('5'), resultType: 'complete' }), false)).toMatch(/serverInfo/);
    expect(checkModernResult(result(1, { tools: [], resultType: 'complete', ttlMs: -1, cacheScope: 'private', ...meta }), true)).toMatch(/ttlMs/);
    expect(checkModernResult(result(1, { tools: [], resultType: 'complete', ttlMs: 0, cacheScope: 'shared', ...meta }), true)).toMatch(/cacheScope/);
  });

  it('is part of the 2026-07-28 workloads: a legacy answer fails them', () => {
    expect(workload('modern-call-add').check(result(1, text('5')))).toMatch(/resultType/);
    expect(workload('modern-call-add').era).toBe('modern');
    expect(workload('call-add').era).toBe('legacy');
  });
});

describe('the hand-written ceiling answers every workload right', () => {
  it.each(['call-add', 'call-echo', 'list-10', 'initialize'] as const)('%s', (id) => {
    const answer = createHandRpc(10);
    expect(workload(id).check(answer(JSON.parse(workload(id).body)) ?? '')).toBeUndefined();
  });

  it('and the 1,000-tool variant lists 1,000 tools', () => {
    expect(workload('list-1000').check(createHandRpc(1000)(JSON.parse(workload('list-1000').body)) ?? '')).toBeUndefined();
  });
});

describe('checkStructured and checkToolsPage', () => {
  const structured = (value: unknown, shown = JSON.stringify(value)): string => result(1, { content: [{ type: 'text', text: shown }], structuredContent: value });

  it('accept structured output with its JSON as the text block, and a full page with a cursor', () => {
    expect(checkStructured(structured({ sum: 5 }), 1, { sum: 5 })).toBeUndefined();
    const tools = Array.from({ length: 3 }, (_, k) => ({ name: `t${k}`, inputSchema: { type: 'object' } }));
    expect(checkToolsPage(result(1, { tools, nextCursor: 'c' }), 1, 3, true)).toBeUndefined();
    expect(checkToolsPage(result(1, { tools }), 1, 3, false)).toBeUndefined();
  });

  it('reject a wrong sum, a text block that is not the output, a missing cursor and a short page', () => {
    expect(checkStructured(structured({ sum: 6 }), 1, { sum: 5 })).toMatch(/structuredContent/);
    expect(checkStructured(structured({ sum: 5 }, '5'), 1, { sum: 5 })).toMatch(/not the structured output/);
    expect(checkStructured(result(1, text('{"sum":5}')), 1, { sum: 5 })).toMatch(/structuredContent/);
    const tools = Array.from({ length: 3 }, (_, k) => ({ name: `t${k}`, inputSchema: { type: 'object' } }));
    expect(checkToolsPage(result(1, { tools }), 1, 3, true)).toMatch(/no nextCursor/);
    expect(checkToolsPage(result(1, { tools: tools.slice(1), nextCursor: 'c' }), 1, 3, true)).toMatch(/expected 3 tools/);
  });

  it('the hand-written ceiling answers the structured workload right with STRUCTURED=1', () => {
    process.env.STRUCTURED = '1';
    try {
      const w = workload('call-structured');
      expect(w.check(createHandRpc(10)(JSON.parse(w.body)) ?? '')).toBeUndefined();
    } finally {
      delete process.env.STRUCTURED;
    }
  });
});

describe('checkStdioReplies', () => {
  const reply = (k: number, sum = k + 1): string => result(k + 2, text(String(sum)));

  it('accepts every reply once, in any order', () => {
    expect(checkStdioReplies([reply(2), reply(0), reply(1)], 3)).toBeUndefined();
  });

  it('rejects a missing reply, a duplicate and a wrong sum', () => {
    expect(checkStdioReplies([reply(0), reply(1)], 3)).toMatch(/expected 3 replies/);
    expect(checkStdioReplies([reply(0), reply(0), reply(1)], 3)).toMatch(/two replies/);
    expect(checkStdioReplies([reply(0), reply(1, 7), reply(2)], 3)).toMatch(/id 3: expected text "2"/);
  });
});

describe('parseOptions', () => {
  it('makes --quick one short round and refuses unknown servers', () => {
    expect(parseOptions(['--quick'])).toMatchObject({ quick: true, rounds: 1 });
    expect(parseOptions([])).toMatchObject({ quick: false, rounds: 3 });
    expect(() => parseOptions(['--servers=nope'])).toThrow(/unknown "nope"/);
  });
});
