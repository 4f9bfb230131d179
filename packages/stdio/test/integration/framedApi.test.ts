/**
 * The framed API of both stdio services: `readFramed` hands on the message with its framing
 * (`undefined` at the end), `answer` returns the reply or `undefined` when nothing is to be sent,
 * a message over the size limit is answered -32600 without a placeholder text, and
 * `writeMessage` writes nothing for `undefined`.
 */
import { PassThrough } from 'node:stream';
import { MemorySource, Service, StdioService } from '@toolwire/stdio';
import { call, contentLength, createTestService, request, Reply } from '../helpers';

const parse = (json: string | undefined): Reply => JSON.parse(json ?? 'null') as Reply;
const NOTIFICATION = '{"jsonrpc":"2.0","method":"notifications/initialized"}';

describe('Service.readFramed and answer', () => {
  it('reads each message with its framing, answers it, and reads undefined at the end of input', () => {
    const { defs, decl } = createTestService();
    const s = new Service(defs, decl);
    const source = new MemorySource(`${call(1, 'add', { a: 2, b: 3 })}\n${contentLength(request(2, 'ping'))}${NOTIFICATION}\n`);
    const first = s.readFramed(source);
    expect(first).toEqual({ text: call(1, 'add', { a: 2, b: 3 }), framing: 'newline' });
    expect(parse(s.answer(first!)).result?.content?.[0].text).toBe('5');
    const second = s.readFramed(source);
    expect(second?.framing).toBe('content-length');
    expect(s.framing).toBe('content-length');
    expect(parse(s.answer(second!))).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    const third = s.readFramed(source);
    expect(s.answer(third!)).toBeUndefined(); // a notification: nothing to send
    expect(s.readFramed(source)).toBeUndefined();
  });

  it('answers a message over the size limit with -32600 and reads on; no placeholder text is made', () => {
    const { defs, decl } = createTestService();
    const s = new Service(defs, decl, { maxMessageBytes: 64 });
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(100) } });
    const source = new MemorySource(`${big}\n${request(2, 'ping')}\n`);
    const over = s.readFramed(source)!;
    expect(over.text).toBe('');
    expect(over.tooLarge).toBeGreaterThan(64);
    expect(parse(s.answer(over))).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/exceeds the limit of 64 bytes/) } });
    expect(parse(s.answer(s.readFramed(source)!))).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
  });

  it('writes nothing for undefined, and a reply in the framing it is given', () => {
    const { defs, decl } = createTestService();
    const s = new Service(defs, decl);
    const written: string[] = [];
    const sink = { write: (chunk: string) => written.push(chunk) };
    s.writeMessage(sink, undefined);
    s.writeMessage(sink, s.answer({ text: NOTIFICATION, framing: 'newline' }), 'newline');
    expect(written).toEqual([]);
    s.writeMessage(sink, s.answer({ text: request(1, 'ping'), framing: 'newline' }), 'newline');
    expect(written).toEqual([`${'{"jsonrpc":"2.0","id":1,"result":{}}'}\n`]);
  });
});

describe('StdioService.readFramed and answer', () => {
  it('reads messages as they arrive with their framing, answers async calls, and resolves undefined at the end', async () => {
    const { defs, decl } = createTestService();
    const s = new StdioService(defs, decl);
    const input = new PassThrough();
    const first = s.readFramed(input);
    input.write(`${call(1, 'echo', { message: 'hi' })}\n`);
    const message = await first;
    expect(message).toEqual({ text: call(1, 'echo', { message: 'hi' }), framing: 'newline' });
    expect(parse(await s.answer(message!)).result?.content?.[0].text).toBe('hi');
    const second = s.readFramed(input);
    input.end(contentLength(NOTIFICATION));
    const notification = await second;
    expect(notification?.framing).toBe('content-length');
    expect(await s.answer(notification!)).toBeUndefined();
    expect(await s.readFramed(input)).toBeUndefined();
  });

  it('answers a message over the size limit with -32600, and dispatch of its text is not a refusal', async () => {
    const { defs, decl } = createTestService();
    const s = new StdioService(defs, decl, { maxMessageBytes: 32 });
    const input = new PassThrough();
    input.end(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(100) } })}\n`);
    const over = (await s.readFramed(input))!;
    expect(over.tooLarge).toBeGreaterThan(32);
    expect(parse(await s.answer(over)).error).toEqual({ code: -32600, message: expect.stringMatching(/exceeds the limit of 32 bytes/) });
    // its text is '' (not a placeholder): the string API sees an empty, unparsable message
    expect(parse(await s.dispatch(over.text)).error?.code).toBe(-32700);
  });

  it('writes nothing for undefined', async () => {
    const { defs, decl } = createTestService();
    const s = new StdioService(defs, decl);
    const output = new PassThrough();
    await s.writeMessage(output, undefined);
    await s.writeMessage(output, await s.answer({ text: NOTIFICATION, framing: 'newline' }));
    expect(output.read()).toBeNull();
  });
});
