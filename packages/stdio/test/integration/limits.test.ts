/**
 * The dispatcher's limits reach every stdio entry point (Service, StdioService, serveStdio), each
 * refusal names its limit, and the stream goes on: the next message is answered. A call that
 * never settles is answered "timed out" after callTimeoutMs, so the end of input is not held up.
 */
import { PassThrough } from 'node:stream';
import { MemorySource, Service, StdioService, serveStdio } from '../../src';
import { Collector, call, createTestService, request } from '../helpers';
import { ServiceDefinition, ToolDeclaration } from '@toolwire/core';

const deep = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const tooDeep = `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":${deep(10)}}}`;
const batch = (n: number): string => JSON.stringify(Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' })));
const options = { maxDepth: 8, maxBatch: 3, maxArgumentElements: 4, maxStringLength: 8, onError: () => undefined };

describe('limits over stdio', () => {
  it('Service: each refusal names its limit and the next message is answered', () => {
    const { defs, decl } = createTestService();
    const service = new Service(defs, decl, options);
    expect(JSON.parse(service.dispatch(tooDeep))).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Invalid params: the message nests deeper than maxDepth (8)' } });
    expect(JSON.parse(service.dispatch(batch(4))).error.message).toBe('Invalid Request: a batch of 4 entries exceeds maxBatch (3)');
    expect(JSON.parse(service.dispatch(call(2, 'add', { a: 1, b: 2, c: [1, 2, 3] }))).error.message).toBe('arguments hold more than maxArgumentElements (4) values');
    expect(JSON.parse(service.dispatch(call(3, 'shout', { message: 'too long!' }))).error.message).toBe('argument "message": a string of 9 characters exceeds maxStringLength (8)');
    expect(JSON.parse(service.dispatch(call(3, 'shout', { 'a long name': 1 }))).error.message).toBe('arguments: a key of 11 characters exceeds maxStringLength (8)');
    expect(JSON.parse(service.dispatch(call(4, 'add', { a: 1, b: 2 }))).result.content[0].text).toBe('3');
  });

  it('Service reading from a source: refusals and answers interleave on one stream', () => {
    const { defs, decl } = createTestService();
    const service = new Service(defs, decl, options);
    const source = new MemorySource(`${tooDeep}\n${batch(4)}\n${call(5, 'add', { a: 2, b: 2 })}\n`);
    const replies: string[] = [];
    for (let json = service.readMessage(source); json !== ''; json = service.readMessage(source)) replies.push(service.dispatch(json));
    expect(replies.map((r) => JSON.parse(r).error?.message ?? JSON.parse(r).result.content[0].text)).toEqual([
      'Invalid params: the message nests deeper than maxDepth (8)',
      'Invalid Request: a batch of 4 entries exceeds maxBatch (3)',
      '4',
    ]);
  });

  it('StdioService applies them too', async () => {
    const { defs, decl } = createTestService();
    const service = new StdioService(defs, decl, options);
    expect(JSON.parse(await service.dispatch(tooDeep)).error.message).toMatch(/maxDepth \(8\)/);
    expect(JSON.parse(await service.dispatch(call(2, 'echo', { message: 'hi' }))).result.content[0].text).toBe('hi');
  });

  it('serveStdio applies them, answers everything after a refusal, and a hung call times out instead of holding the end of input', async () => {
    const defs = new ServiceDefinition().registerProcedure('hang', () => new Promise(() => undefined)).registerProcedure('ok', () => 'fine');
    const decl = new ToolDeclaration('s', '1');
    decl.addTool('hang', 'never settles');
    decl.addTool('ok', 'answers');
    const input = new PassThrough();
    const output = new Collector();
    const done = serveStdio(defs, decl, { input, output: output.stream, ...options, callTimeoutMs: 50 });
    input.end([call(1, 'hang'), tooDeep, batch(9), call(2, 'ok')].map((l) => `${l}\n`).join(''));
    await done;
    const replies = output.replies();
    expect(replies.map((r) => [r.id, r.error?.message ?? r.result?.content?.[0].text])).toEqual([
      [1, 'Invalid params: the message nests deeper than maxDepth (8)'],
      [null, 'Invalid Request: a batch of 9 entries exceeds maxBatch (3)'],
      [2, 'fine'],
      [1, 'Tool "hang" timed out after 50 ms'],
    ]);
  });

  it('refuses a bad limit option at construction, naming it', () => {
    const { defs, decl } = createTestService();
    expect(() => new Service(defs, decl, { maxBatch: 0 })).toThrow(/new Service: option maxBatch: expected a positive integer or Infinity, got 0/);
    expect(() => serveStdio(defs, decl, { callTimeoutMs: -5 })).rejects.toThrow(/serveStdio: option callTimeoutMs/);
    expect(request(1, 'ping')).toContain('ping');
  });
});
