/**
 * Tools that ask, on a legacy stdio connection: the ask goes to the client as a JSON-RPC request
 * with its own id on the pipe, the client's response settles it; a client without the
 * capability, an error response and the end of input each end the wait with a clear tool error.
 */
import { PassThrough } from 'node:stream';
import { ServiceDefinition, ToolDeclaration, stringType } from '@toolwire/core';
import { serveStdio } from '@toolwire/stdio';

function start() {
  const decl = new ToolDeclaration('asker', '1.0.0');
  const defs = new ServiceDefinition();
  const remove = decl.addTool('delete_file', 'Deletes after asking').addParam('path', stringType());
  defs.registerTool(remove, async (path, ctx) => {
    const answer = await ctx.elicit({ message: `Delete ${path}?`, requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } });
    return answer.action === 'accept' && answer.content?.ok === true ? `deleted ${path}` : `kept ${path}`;
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
  const done = serveStdio(defs, decl, { input, output });
  const send = (message: unknown): void => void input.write(JSON.stringify(message) + '\n');
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
  /** Answers the server's pings (its barrier after notifications and requests). */
  const answerPings = (): void => {
    const ping = lines.find((m) => m.method === 'ping');
    if (ping) send({ jsonrpc: '2.0', id: ping.id, result: {} });
  };
  output.on('data', () => setImmediate(answerPings));
  const initialize = async (capabilities: object): Promise<void> => {
    send({ jsonrpc: '2.0', id: 'init', method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 't', version: '1' } } });
    await next((m) => m.id === 'init');
  };
  return { send, next, done, input, initialize };
}

const call = (id: number, path: string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'delete_file', arguments: { path } } });

describe('asks over legacy stdio', () => {
  it('sends elicitation/create to the client and completes with its answer', async () => {
    const { send, next, done, input, initialize } = start();
    await initialize({ elicitation: {} });
    send(call(1, '/a'));
    const ask = await next((m) => m.method === 'elicitation/create');
    expect(ask).toEqual({ jsonrpc: '2.0', id: expect.stringMatching(/^toolwire-ask-\d+$/), method: 'elicitation/create', params: { message: 'Delete /a?', requestedSchema: expect.any(Object) } });
    send({ jsonrpc: '2.0', id: ask.id, result: { action: 'accept', content: { ok: true } } });
    expect(await next((m) => m.id === 1)).toMatchObject({ result: { content: [{ type: 'text', text: 'deleted /a' }], isError: false } });
    input.end();
    await done;
  });

  it('answers a clear tool error when the client lacks the capability or answers with an error', async () => {
    const lacking = start();
    await lacking.initialize({});
    lacking.send(call(2, '/b'));
    expect(await lacking.next((m) => m.id === 2)).toMatchObject({ result: { isError: true, content: [{ text: 'Tool "delete_file" asked the client for user input (elicitation), but the client did not declare the "elicitation" capability' }] } });
    lacking.input.end();
    await lacking.done;

    const refusing = start();
    await refusing.initialize({ elicitation: {} });
    refusing.send(call(3, '/c'));
    const ask = await refusing.next((m) => m.method === 'elicitation/create');
    refusing.send({ jsonrpc: '2.0', id: ask.id, error: { code: -1, message: 'user closed the dialog' } });
    expect(await refusing.next((m) => m.id === 3)).toMatchObject({ result: { isError: true, content: [{ text: 'The client answered elicitation/create with an error: user closed the dialog' }] } });
    refusing.input.end();
    await refusing.done;
  });

  it('ends the wait with a tool error when the response cannot be read (too deep, or not JSON), and goes on serving', async () => {
    for (const [path, broken, why] of [
      ['/f', (id: unknown) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":${'['.repeat(80)}${']'.repeat(80)}}}`, 'nests deeper than maxDepth (64)'],
      ['/g', (id: unknown) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"action":`, 'is not valid JSON'],
    ] as const) {
      const { next, done, input, initialize, send } = start();
      await initialize({ elicitation: {} });
      send(call(7, path));
      const ask = await next((m) => m.method === 'elicitation/create');
      input.write(broken(ask.id) + '\n');
      expect(await next((m) => m.id === 7)).toMatchObject({ result: { isError: true, content: [{ text: `The client answered elicitation/create with an error: the client's response ${why}` }] } });
      send({ jsonrpc: '2.0', id: 8, method: 'ping' });
      expect(await next((m) => m.id === 8)).toEqual({ jsonrpc: '2.0', id: 8, result: {} });
      input.end();
      await done;
    }
  });

  it('stops waiting when the client cancels the call, and sends nothing for it', async () => {
    const { send, next, done, input, initialize } = start();
    await initialize({ elicitation: {} });
    send(call(5, '/e'));
    await next((m) => m.method === 'elicitation/create');
    send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 5, reason: 'changed my mind' } });
    send({ jsonrpc: '2.0', id: 6, method: 'ping' });
    expect(await next((m) => m.id === 6)).toEqual({ jsonrpc: '2.0', id: 6, result: {} });
    input.end();
    await done;
    await expect(Promise.race([next((m) => m.id === 5), new Promise((resolve) => setTimeout(() => resolve('nothing for 5'), 100))])).resolves.toBe('nothing for 5');
  });

  it('ends the wait at the end of input with a tool error, and the loop finishes', async () => {
    const { send, next, done, input, initialize } = start();
    await initialize({ elicitation: {} });
    send(call(4, '/d'));
    await next((m) => m.method === 'elicitation/create');
    input.end();
    expect(await next((m) => m.id === 4)).toMatchObject({ result: { isError: true, content: [{ text: 'The client answered elicitation/create with an error: the client closed its end of the connection' }] } });
    await done;
  });
});
