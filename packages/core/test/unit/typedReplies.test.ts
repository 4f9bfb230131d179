/**
 * Typed replies: what a dispatcher answers carries its outcome as data (an error's code, message
 * and data; a result and whether it is a tool error), the era stamps results in one place, and an
 * McpError thrown by any procedure is that JSON-RPC error — also when a task runs the tool.
 */
import { Dispatcher, McpError, RemotingFault, ServiceDefinition, ToolDeclaration, withResultMeta } from '@toolwire/core';

const LEGACY = '2025-06-18';
const MODERN = '2026-07-28';
const meta = (version: string) => (version === MODERN ? { _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} } } : {});
const request = (version: string, id: number, method: string, params: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, ...meta(version) } });

function server() {
  const decl = new ToolDeclaration('typed', '1.0.0');
  decl.addTool('ok', 'Answers');
  decl.addTool('fails', 'A tool error');
  decl.addTool('refuses', 'Throws an McpError');
  decl.addTool('annotated', 'A result with its own _meta');
  decl.addResource('test://refused', 'refused');
  const prompt = decl.addPrompt('refused_prompt', 'Throws an McpError');
  const defs = new ServiceDefinition()
    .registerProcedure('ok', () => 'fine')
    .registerProcedure('fails', () => {
      throw new RemotingFault('not today');
    })
    .registerProcedure('refuses', () => {
      throw new McpError(-31000, 'over quota', { retryAfterSeconds: 5 });
    })
    .registerProcedure('annotated', () => withResultMeta('fine', { 'example.com/trace': 'abc' }))
    .registerResource('test://refused', () => {
      throw new McpError(-31002, 'not yet built');
    })
    .registerPrompt(prompt, () => {
      throw new McpError(-31003, 'no prompt for you', ['a', 1]);
    });
  return new Dispatcher(defs, decl, { onError: () => undefined });
}

describe('typed replies', () => {
  const dispatcher = server();

  it.each([LEGACY, MODERN])('an answer carries its outcome as data (%s): a result, a tool error, a JSON-RPC error', async (version) => {
    const ok = await dispatcher.dispatch(request(version, 1, 'tools/call', { name: 'ok', arguments: {} }));
    expect(ok.outcome).toMatchObject({ kind: 'result', isError: false });
    const failed = await dispatcher.dispatch(request(version, 2, 'tools/call', { name: 'fails', arguments: {} }));
    expect(failed.outcome).toMatchObject({ kind: 'result', isError: true });
    const unknown = await dispatcher.dispatch(request(version, 3, 'tools/call', { name: 'nope', arguments: {} }));
    expect(unknown.outcome).toEqual({ kind: 'error', code: -32602, message: 'Unknown tool: nope' });
    // the typed outcome and the text agree
    expect(JSON.parse(unknown.body).error).toEqual({ code: -32602, message: 'Unknown tool: nope' });
  });

  it('the modern era stamps a result once, before its closing brace; a result with its own _meta gets only resultType', async () => {
    const plain = JSON.parse((await dispatcher.dispatch(request(MODERN, 4, 'tools/call', { name: 'ok', arguments: {} }))).body).result;
    expect(plain.resultType).toBe('complete');
    expect(plain._meta['io.modelcontextprotocol/serverInfo']).toEqual({ name: 'typed', version: '1.0.0' });
    const own = JSON.parse((await dispatcher.dispatch(request(MODERN, 5, 'tools/call', { name: 'annotated', arguments: {} }))).body).result;
    expect(own).toMatchObject({ resultType: 'complete', isError: false });
    expect(own._meta).toEqual({ 'example.com/trace': 'abc', 'io.modelcontextprotocol/serverInfo': { name: 'typed', version: '1.0.0' } });
    const legacy = JSON.parse((await dispatcher.dispatch(request(LEGACY, 6, 'tools/call', { name: 'ok', arguments: {} }))).body).result;
    expect(legacy).not.toHaveProperty('resultType');
    expect(legacy).not.toHaveProperty('_meta');
  });

  it.each([LEGACY, MODERN])('McpError from a tool, a resource read and a prompt is its JSON-RPC error with data (%s)', async (version) => {
    const tool = await dispatcher.dispatch(request(version, 7, 'tools/call', { name: 'refuses', arguments: {} }));
    expect(JSON.parse(tool.body)).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -31000, message: 'over quota', data: { retryAfterSeconds: 5 } } });
    expect(tool.outcome).toEqual({ kind: 'error', code: -31000, message: 'over quota', data: { retryAfterSeconds: 5 } });
    const read = await dispatcher.dispatch(request(version, 8, 'resources/read', { uri: 'test://refused' }));
    expect(JSON.parse(read.body)).toEqual({ jsonrpc: '2.0', id: 8, error: { code: -31002, message: 'not yet built' } });
    const got = await dispatcher.dispatch(request(version, 9, 'prompts/get', { name: 'refused_prompt' }));
    expect(JSON.parse(got.body)).toEqual({ jsonrpc: '2.0', id: 9, error: { code: -31003, message: 'no prompt for you', data: ['a', 1] } });
  });

  it('McpError refuses a code the specification reserves, and a code that is not an integer', () => {
    expect(() => new McpError(-32042, 'x')).toThrow(/reserves/);
    expect(() => new McpError(-32020, 'x')).toThrow(RangeError);
    expect(() => new McpError(-32099, 'x')).toThrow(RangeError);
    expect(() => new McpError(1.5, 'x')).toThrow(TypeError);
    expect(new McpError(-32019, 'x').code).toBe(-32019);
    expect(new McpError(-32602, 'bad', { field: 'a' })).toMatchObject({ code: -32602, message: 'bad', data: { field: 'a' }, name: 'McpError' });
  });
});
