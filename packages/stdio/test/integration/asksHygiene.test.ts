/**
 * Answers to a tool's asks over stdio pass the same hygiene as arguments: on a legacy connection
 * the client's response to `elicitation/create` / `sampling/createMessage` / `roots/list` is
 * checked against the `requestedSchema` sent, the argument limits and the `__proto__` rule, and a
 * bad one rejects the ask with InvalidAnswerError (never reaching the tool as data); a 2026-07-28
 * retry over stdio with a bad answer is -32602.
 */
import { PassThrough } from 'node:stream';
import { InputUnavailableError, InvalidAnswerError, ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import type { DispatcherOptions } from '@toolwire/core';
import { serveStdio } from '@toolwire/stdio';

const SCHEMA = { type: 'object' as const, properties: { ok: { type: 'boolean' }, size: { type: 'string', enum: ['S', 'M'] } }, required: ['ok'] };

function start(options: DispatcherOptions = {}) {
  const decl = new ToolDeclaration('asker', '1.0.0');
  const defs = new ServiceDefinition();
  const seen: unknown[] = [];
  const confirm = decl.addTool('confirm', 'Asks for a confirmation');
  defs.registerTool(confirm, async (ctx) => {
    const answer = await ctx.elicit({ message: 'Sure?', requestedSchema: SCHEMA }, { key: 'confirm' });
    seen.push(answer);
    return `${answer.action} ${JSON.stringify(answer.content)}`;
  });
  const careful = decl.addTool('careful', 'Asks, and tells a bad answer from no answer');
  defs.registerTool(careful, async (ctx) => {
    try {
      seen.push(await ctx.elicit({ message: 'Sure?', requestedSchema: SCHEMA }));
      return 'answered';
    } catch (error) {
      return `${error instanceof InvalidAnswerError ? 'invalid' : 'other'} ${String(error instanceof InputUnavailableError)}: ${(error as Error).message}`;
    }
  });
  const roots = decl.addTool('roots', 'Lists the roots');
  defs.registerTool(roots, async (ctx) => {
    const answer = await ctx.listRoots();
    seen.push(answer);
    return answer.roots.map((r) => r.uri).join(',');
  });
  const input = new PassThrough();
  const output = new PassThrough();
  const lines: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  let buffer = '';
  output.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      waiters.splice(0).forEach((w) => w());
    }
  });
  const done = serveStdio(defs, decl, { input, output, ...options });
  const sendText = (text: string): void => void input.write(text + '\n');
  const send = (message: unknown): void => sendText(JSON.stringify(message));
  const next = async (match: (m: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> => {
    for (;;) {
      const found = lines.find(match);
      if (found) {
        lines.splice(lines.indexOf(found), 1);
        return found;
      }
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  output.on('data', () =>
    setImmediate(() => {
      const ping = lines.find((m) => m.method === 'ping');
      if (ping) send({ jsonrpc: '2.0', id: ping.id, result: {} });
    }),
  );
  const initialize = async (): Promise<void> => {
    send({ jsonrpc: '2.0', id: 'init', method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: { elicitation: {}, roots: {} }, clientInfo: { name: 't', version: '1' } } });
    await next((m) => m.id === 'init');
  };
  /** Calls `tool`, waits for its ask and answers it with `answer` (JSON text); resolves with the call's response. */
  const askAndAnswer = async (id: number, tool: string, method: string, answer: string): Promise<Record<string, unknown>> => {
    send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: tool, arguments: {} } });
    const ask = await next((m) => m.method === method);
    sendText(`{"jsonrpc":"2.0","id":${JSON.stringify(ask.id)},"result":${answer}}`);
    return next((m) => m.id === id);
  };
  const stop = async (): Promise<void> => {
    input.end();
    await done;
  };
  return { send, next, initialize, askAndAnswer, stop, seen };
}

const text = (response: Record<string, unknown>) => (response.result as { content: { text: string }[]; isError: boolean }).content[0].text;
const isError = (response: Record<string, unknown>) => (response.result as { isError: boolean }).isError;

describe('answers over legacy stdio', () => {
  it('pass to the tool when they match the requestedSchema', async () => {
    const s = start();
    await s.initialize();
    const response = await s.askAndAnswer(1, 'confirm', 'elicitation/create', '{"action":"accept","content":{"ok":true,"size":"M"}}');
    expect([isError(response), text(response)]).toEqual([false, 'accept {"ok":true,"size":"M"}']);
    await s.stop();
  });

  it.each([
    ['a wrong type', '{"action":"accept","content":{"ok":"yes"}}', 'content.ok: expected a boolean, got the string "yes"'],
    ['a missing required member', '{"action":"accept","content":{"size":"S"}}', 'content.ok: required by requestedSchema, missing'],
    ['a value outside the enum', '{"action":"accept","content":{"ok":true,"size":"XL"}}', 'content.size: the string "XL" is not one of ["S","M"]'],
    ['an unknown action', '{"action":"maybe"}', 'an elicitation result needs "action": "accept", "decline" or "cancel"'],
    ['a __proto__ key', '{"action":"accept","content":{"ok":true,"__proto__":{"admin":true}}}', 'content.__proto__: the key "__proto__" is not allowed'],
  ])('reject the ask with %s: uncaught, a tool error naming it; the tool never sees the answer', async (_, answer, problem) => {
    const s = start();
    await s.initialize();
    const response = await s.askAndAnswer(2, 'confirm', 'elicitation/create', answer);
    expect([isError(response), text(response)]).toEqual([true, `The client's answer to elicitation/create is not valid: ${problem}`]);
    expect(s.seen).toEqual([]);
    await s.stop();
  });

  it('reject with InvalidAnswerError, an InputUnavailableError a tool can catch', async () => {
    const s = start();
    await s.initialize();
    const response = await s.askAndAnswer(3, 'careful', 'elicitation/create', '{"action":"accept","content":{"ok":1}}');
    expect(text(response)).toBe("invalid true: The client's answer to elicitation/create is not valid: content.ok: expected a boolean, got 1");
    expect(s.seen).toEqual([]);
    await s.stop();
  });

  it('apply maxStringLength and maxArgumentElements, and check the shape of roots', async () => {
    const s = start({ maxStringLength: 64, maxArgumentElements: 20 });
    await s.initialize();
    const long = await s.askAndAnswer(4, 'roots', 'roots/list', JSON.stringify({ roots: [{ uri: `file:///${'x'.repeat(100)}` }] }));
    expect(text(long)).toBe("The client's answer to roots/list is not valid: roots[0].uri: a string of 108 characters exceeds maxStringLength (64)");
    const many = await s.askAndAnswer(5, 'roots', 'roots/list', JSON.stringify({ roots: Array.from({ length: 15 }, (_, i) => ({ uri: `file:///${i}` })) }));
    expect(text(many)).toBe("The client's answer to roots/list is not valid: the answer holds more than maxArgumentElements (20) values");
    const shapeless = await s.askAndAnswer(6, 'roots', 'roots/list', '{"roots":[{"name":"no uri"}]}');
    expect(text(shapeless)).toBe('The client\'s answer to roots/list is not valid: roots[0]: a root needs "uri" as a string');
    expect(s.seen).toEqual([]);
    await s.stop();
  });
});

describe('answers of a 2026-07-28 retry over stdio', () => {
  it('are refused with -32602 when they do not match the requestedSchema', async () => {
    const s = start();
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': { elicitation: {} } };
    s.send({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'confirm', arguments: {}, _meta: meta } });
    const first = (await s.next((m) => m.id === 7)).result as { resultType: string; requestState: string };
    expect(first.resultType).toBe('input_required');
    s.send({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'confirm', arguments: {}, _meta: meta, requestState: first.requestState, inputResponses: { confirm: { action: 'accept', content: { ok: 'yes' } } } } });
    expect(await s.next((m) => m.id === 8)).toEqual({
      jsonrpc: '2.0',
      id: 8,
      error: { code: -32602, message: 'Invalid params: inputResponses["confirm"] does not answer the elicitation/create request: content.ok: expected a boolean, got the string "yes"' },
    });
    expect(s.seen).toEqual([]);
    await s.stop();
  });
});
