/**
 * The `audit` option: one event per tools/call, resources/read and prompts/get with exactly the
 * issue's fields — ok, tool_error, error and refused (by which rule) — no values unless the
 * `values` hook keeps them (redacted); a sink that cannot keep up loses events, never calls, and
 * the drops are counted and reported; jsonLinesAudit writes one JSON line per event.
 */
import { PassThrough } from 'node:stream';
import { jsonLinesAudit, MemoryRateLimitStore } from '@toolwire/core';
import type { AuditEvent } from '@toolwire/core';
import { as, call, ISSUER, service } from '../../../../../test-support/governanceService';

/** Resolves once the audit queue has handed everything queued so far to the sink. */
const drained = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('audit', () => {
  it('records one event per call with the listed fields: ok, tool_error, error, refused (rateLimit)', async () => {
    const events: AuditEvent[] = [];
    const { dispatcher } = service({ audit: { sink: (event) => void events.push(event) }, rateLimit: { limits: [{ window: '1h', max: 1, per: 'principal', tools: ['ping_tool'] }], store: new MemoryRateLimitStore() } });
    const ok = await call(dispatcher, 'ping_tool', {}, as('alice'));
    const limited = await call(dispatcher, 'ping_tool', {}, as('alice'));
    const toolError = await call(dispatcher, 'remember', { key: 'k', value: 'secret' }); // anonymous: isError
    const error = await call(dispatcher, 'no_such_tool', {}, as('alice'));
    await drained();
    expect(events).toHaveLength(4);
    const [first, second, third, fourth] = events;
    expect(Object.keys(first).sort()).toEqual(['durationMs', 'method', 'outcome', 'principal', 'protocolVersion', 'requestId', 'time', 'tool', 'transport']);
    expect(first).toMatchObject({ principal: { issuer: ISSUER, subject: 'alice', clientId: null }, method: 'tools/call', tool: 'ping_tool', protocolVersion: '2025-06-18', transport: 'in-process', requestId: ok.id, outcome: 'ok' });
    expect(new Date(first.time).toISOString()).toBe(first.time);
    expect(first.durationMs).toEqual(expect.any(Number));
    expect(second).toMatchObject({ requestId: limited.id, outcome: 'refused', code: 429, rule: 'rateLimit' });
    expect(third).toMatchObject({ requestId: toolError.id, principal: null, tool: 'remember', outcome: 'tool_error' });
    expect(third).not.toHaveProperty('code');
    expect(fourth).toMatchObject({ requestId: error.id, tool: 'no_such_tool', outcome: 'error', code: -32602 });
    expect(JSON.stringify(events)).not.toContain('secret');
  });

  it('records resources/read, and keeps values only as the values hook returns them', async () => {
    const events: AuditEvent[] = [];
    const { dispatcher } = service({
      audit: { sink: (event) => void events.push(event), values: ({ arguments: args, result }) => ({ arguments: { ...(args as object), value: '[redacted]' }, result }) },
    });
    await call(dispatcher, 'remember', { key: 'k', value: 'hunter2' }, as('alice'));
    await dispatcher.dispatch('{"jsonrpc":"2.0","id":"r1","method":"resources/read","params":{"uri":"test://readme"}}', { protocolVersion: '2025-06-18' });
    await drained();
    expect(events[0]).toMatchObject({ arguments: { key: 'k', value: '[redacted]' }, result: { content: [{ type: 'text', text: 'ok' }], isError: false } });
    expect(JSON.stringify(events[0])).not.toContain('hunter2');
    expect(events[1]).toMatchObject({ method: 'resources/read', resource: 'test://readme', requestId: 'r1', outcome: 'ok', principal: null });
  });

  it('never holds a call up: a sink that does not keep up loses events past maxQueue, counted and reported once', async () => {
    const reports: unknown[] = [];
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const seen: AuditEvent[] = [];
    const { dispatcher } = service({
      onError: (error) => reports.push(error),
      audit: { maxQueue: 2, sink: (event) => (seen.push(event), blocked) },
    });
    for (let i = 0; i < 6; i++) expect((await call(dispatcher, 'ping_tool', {}, as('alice'))).reply.result).toBeDefined();
    release();
    await blocked;
    await drained();
    expect(seen).toHaveLength(3); // one taken by the sink, two queued; three dropped
    expect(reports.map(String)).toEqual(['Error: audit: 3 events dropped (3 in all because the queue was full (maxQueue 2), 0 because the sink failed)']);
  });

  it('records a tools/call the 2026-07-28 admission ladder refused as refused, rule admission, with the claimed version', async () => {
    const events: AuditEvent[] = [];
    const { dispatcher } = service({ audit: { sink: (event) => void events.push(event) } });
    const body = JSON.stringify({ jsonrpc: '2.0', id: 'm1', method: 'tools/call', params: { name: 'ping_tool', _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } } });
    const headers: Record<string, string> = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'other_tool' };
    const result = await dispatcher.dispatch(body, { protocolVersion: '2026-07-28', header: (name) => headers[name] });
    expect(result.status).toBe(400);
    await drained();
    expect(events).toEqual([expect.objectContaining({ method: 'tools/call', tool: 'ping_tool', requestId: 'm1', outcome: 'refused', code: -32020, rule: 'admission', protocolVersion: '2026-07-28' })]);
  });

  it('jsonLinesAudit writes one JSON line per event', async () => {
    const stream = new PassThrough();
    const chunks: string[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
    const { dispatcher } = service({ audit: { sink: jsonLinesAudit(stream) } });
    await call(dispatcher, 'ping_tool', {}, as('alice'));
    await call(dispatcher, 'other_tool', {}, as('bob'));
    await drained();
    const lines = chunks.join('').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((line) => (JSON.parse(line) as AuditEvent).tool)).toEqual(['ping_tool', 'other_tool']);
    expect(() => jsonLinesAudit({} as never)).toThrow(/jsonLinesAudit: expected a writable stream/);
  });
});
