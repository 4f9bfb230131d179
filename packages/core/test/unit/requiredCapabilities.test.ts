/**
 * Tool.setRequiredCapabilities: a modern tools/call whose `_meta` does not declare the client
 * capabilities the tool needs is refused with -32021 (HTTP 400) at step 7 of the ladder, after
 * the version and standard-header steps and before the Mcp-Param-* step; legacy calls are not
 * checked.
 */
import { Dispatcher, ServiceDefinition, ToolDeclaration, stringType } from '@toolwire/core';

const MODERN = '2026-07-28';

function server(): Dispatcher {
  const decl = new ToolDeclaration('caps', '1.0.0');
  decl.addTool('summarize', 'Needs the client to sample').setRequiredCapabilities({ sampling: {} });
  decl.addTool('ask', 'Needs form elicitation').setRequiredCapabilities({ elicitation: { form: {} }, roots: { listChanged: true } });
  decl.addTool('regional', 'Needs sampling and mirrors a header').addParam('region', stringType(), 'The region', { header: 'Region' }).setRequiredCapabilities({ sampling: {} });
  decl.addTool('plain', 'Needs nothing');
  const defs = new ServiceDefinition()
    .registerProcedure('summarize', () => 'summary')
    .registerProcedure('ask', () => 'asked')
    .registerProcedure('regional', (region: string) => region)
    .registerProcedure('plain', () => 'plain');
  return new Dispatcher(defs, decl);
}

function call(name: string, clientCapabilities: Record<string, unknown>, args: Record<string, unknown> = {}) {
  return {
    jsonrpc: '2.0',
    id: 7,
    method: 'tools/call',
    params: { name, arguments: args, _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': clientCapabilities } },
  };
}

/** An HTTP-like context with the standard headers of a tools/call of `name`. */
function httpHeaders(name: string, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { 'mcp-method': 'tools/call', 'mcp-name': name, ...extra };
  return { protocolVersion: MODERN, header: (h: string) => headers[h] };
}

describe('Tool.setRequiredCapabilities', () => {
  it('refuses a modern call without the capability: -32021 with data.requiredCapabilities, HTTP 400', async () => {
    const result = await server().dispatch(call('summarize', {}));
    expect(result.status).toBe(400);
    expect(JSON.parse(result.body)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32021, message: 'Missing required client capability: sampling (tool "summarize")', data: { requiredCapabilities: { sampling: {} } } },
    });
  });

  it('serves the call when the capability is declared', async () => {
    const result = await server().dispatch(call('summarize', { sampling: {}, elicitation: {} }));
    expect(result.status).toBe(200);
    expect(JSON.parse(result.body).result).toMatchObject({ content: [{ type: 'text', text: 'summary' }], resultType: 'complete' });
  });

  it('checks sub-capabilities and names only what is missing', async () => {
    const dispatcher = server();
    const partial = JSON.parse((await dispatcher.dispatch(call('ask', { elicitation: {}, roots: { listChanged: true } }))).body);
    expect(partial.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { elicitation: { form: {} } } } });
    const wrongFlag = JSON.parse((await dispatcher.dispatch(call('ask', { elicitation: { form: {} }, roots: {} }))).body);
    expect(wrongFlag.error.data).toEqual({ requiredCapabilities: { roots: { listChanged: true } } });
    const ok = await dispatcher.dispatch(call('ask', { elicitation: { form: {}, url: {} }, roots: { listChanged: true } }));
    expect(JSON.parse(ok.body).result.content[0].text).toBe('asked');
  });

  it('leaves tools without requirements and other methods alone', async () => {
    const dispatcher = server();
    expect((await dispatcher.dispatch(call('plain', {}))).status).toBe(200);
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: call('plain', {}).params._meta } };
    expect(JSON.parse((await dispatcher.dispatch(list)).body).result.tools).toHaveLength(4);
  });

  it('does not check legacy calls (their capabilities were declared at initialize)', async () => {
    const legacy = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'summarize', arguments: {} } };
    const result = await server().dispatch(legacy, { protocolVersion: '2025-11-25' });
    expect(result.status).toBe(200);
    expect(JSON.parse(result.body).result.content[0].text).toBe('summary');
  });

  it('runs after the Mcp-Name check and before the Mcp-Param-* check', async () => {
    const dispatcher = server();
    const wrongName = JSON.parse((await dispatcher.dispatch(call('summarize', {}), httpHeaders('plain'))).body);
    expect(wrongName.error.code).toBe(-32020);
    const missingParamHeader = await dispatcher.dispatch(call('regional', {}, { region: 'Oslo' }), httpHeaders('regional'));
    expect([missingParamHeader.status, JSON.parse(missingParamHeader.body).error.code]).toEqual([400, -32021]);
    const declared = await dispatcher.dispatch(call('regional', { sampling: {} }, { region: 'Oslo' }), httpHeaders('regional'));
    expect(JSON.parse(declared.body).error.code).toBe(-32020);
    const served = await dispatcher.dispatch(call('regional', { sampling: {} }, { region: 'Oslo' }), httpHeaders('regional', { 'mcp-param-region': 'Oslo' }));
    expect(JSON.parse(served.body).result.content[0].text).toBe('Oslo');
  });

  it('refuses what is not a ClientCapabilities object at declaration time', () => {
    const tool = new ToolDeclaration('s', '1').addTool('t', 'T');
    expect(() => tool.setRequiredCapabilities(['sampling'] as never)).toThrow(/setRequiredCapabilities: expected an object, got/);
    expect(() => tool.setRequiredCapabilities({ sampling: true } as never)).toThrow(/expected "sampling" to be a capability object such as \{\}, got/);
    expect(tool.setRequiredCapabilities({ sampling: {} }).requiredCapabilities).toEqual({ sampling: {} });
    expect(tool.setRequiredCapabilities({}).requiredCapabilities).toBeUndefined();
  });
});
