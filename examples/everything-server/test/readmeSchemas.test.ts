/**
 * The root README's "Schemas you already use" example, as written (its type check, and the
 * mistakes its types must catch — a misspelt property `nme`, a result the output schema refuses —
 * are test/docs/readmeBlocks.test.ts's), runs on a free port: tools/list publishes each
 * library's JSON Schema, `book_table` applies zod's default and answers zod's message in an
 * `isError` result (-32602 on 2025-03-26), `to_celsius` converts, and `cancel_booking` asks with
 * a zod schema on 2026-07-28 (input_required, then the answer) — so the README stays true.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { META } from '@toolwire/core';
import { readmeBlock, runExample } from '../../../test-support/readmeExample';

jest.setTimeout(60_000);

const root = join(__dirname, '..', '..', '..');
const HEADING = '## Schemas you already use (zod, valibot, arktype)';
const LISTEN = "app.listen(3000, '127.0.0.1');";
const example = (): string => readmeBlock(HEADING);

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(root, 'examples', 'everything-server', '.readme-schemas-')); // inside the repo, so its packages resolve
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the README example of Standard Schema tools', () => {
  it('runs: the schemas listed, arguments validated by each library, the default applied, an elicitation with a zod schema', async () => {
    const { port, child, exited } = await runExample(example(), LISTEN, join(dir, 'example.js'));
    try {
      let id = 0;
      const legacy = async (method: string, params: Record<string, unknown>, version = '2025-11-25') => {
        const res = await fetch(`http://127.0.0.1:${port}/mcp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': version },
          body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
        });
        return (await res.json()) as { result?: Record<string, unknown>; error?: unknown };
      };
      const modern = async (name: string, params: Record<string, unknown>) => {
        const res = await fetch(`http://127.0.0.1:${port}/mcp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': name },
          body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { name, ...params, _meta: { [META.protocolVersion]: '2026-07-28', [META.clientCapabilities]: { elicitation: {} } } } }),
        });
        return (await res.json()) as { result?: Record<string, unknown>; error?: unknown };
      };

      const { tools } = (await legacy('tools/list', {})).result as { tools: { name: string; inputSchema: unknown; outputSchema?: unknown }[] };
      expect(tools.map((t) => t.name)).toEqual(['book_table', 'to_celsius', 'cancel_booking']);
      expect(tools[0].inputSchema).toMatchObject({ type: 'object', properties: { name: { type: 'string', minLength: 1 }, guests: { type: 'integer', default: 2 } }, required: ['name'] });
      expect(tools[0].outputSchema).toMatchObject({ type: 'object', properties: { reference: { type: 'string' }, guests: { type: 'number' } } });
      expect(tools[1].inputSchema).toEqual({ type: 'object', properties: { fahrenheit: { type: 'number' } }, required: ['fahrenheit'] });
      expect(tools[2].inputSchema).toEqual({ type: 'object', properties: { reference: { type: 'string' } }, required: ['reference'] });

      const booked = (await legacy('tools/call', { name: 'book_table', arguments: { name: 'ada' } })).result;
      expect(booked).toEqual({ content: [{ type: 'text', text: '{"reference":"ADA-2","guests":2}' }], structuredContent: { reference: 'ADA-2', guests: 2 }, isError: false });
      const refused = 'argument "name": Too small: expected string to have >=1 characters';
      expect((await legacy('tools/call', { name: 'book_table', arguments: { name: '' } })).result).toEqual({ content: [{ type: 'text', text: refused }], isError: true });
      expect((await legacy('tools/call', { name: 'book_table', arguments: { name: '' } }, '2025-03-26')).error).toEqual({ code: -32602, message: refused });
      expect((await legacy('tools/call', { name: 'to_celsius', arguments: { fahrenheit: 212 } })).result).toEqual({ content: [{ type: 'text', text: '100' }], isError: false });

      const asked = (await modern('cancel_booking', { arguments: { reference: 'ADA-2' } })).result;
      expect(asked).toMatchObject({
        resultType: 'input_required',
        inputRequests: { 'elicitation-1': { method: 'elicitation/create', params: { message: 'Cancel ADA-2?', requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] } } } },
      });
      const done = (await modern('cancel_booking', { arguments: { reference: 'ADA-2' }, requestState: asked?.requestState, inputResponses: { 'elicitation-1': { action: 'accept', content: { confirm: true } } } })).result;
      expect(done).toMatchObject({ content: [{ type: 'text', text: 'cancelled ADA-2' }], isError: false });
    } finally {
      child.kill('SIGTERM');
    }
    await exited;
  });
});
