/**
 * The target of a request is resolved once: a tools/call looks its tool up in the declaration
 * once, however many parts of the pipeline read it (scopes, required capabilities, task support,
 * Mcp-Param headers, telemetry, the task runner, the caller); a resources/read looks its
 * resource (or template) up once.
 */
import * as api from '@opentelemetry/api';
import { Access } from '../../src/transport';
import { Dispatcher, ServiceDefinition, ToolDeclaration, stringType } from '../../src';
import type { DispatchContext } from '../../src';

const MODERN = '2026-07-28';
const METADATA = 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp';

function server() {
  const decl = new ToolDeclaration('targets', '1.0.0');
  decl
    .addTool('regional', 'Everything a rule can read')
    .addParam('region', stringType(), 'The region', { header: 'Region' })
    .setScopes(['tools'])
    .setRequiredCapabilities({ sampling: {} })
    .setTaskSupport('optional');
  decl.addResource('test://secret', 'secret').setScopes(['tools']).setMimeType('text/plain');
  decl.addResourceTemplate('test://notes/{id}', 'note').setScopes(['tools']).setMimeType('text/plain');
  const defs = new ServiceDefinition()
    .registerProcedure('regional', (region: string) => region)
    .registerResource('test://secret', () => 'hidden')
    .registerResource('test://notes/{id}', (id: string) => `note ${id}`);
  const tracer = api.trace.getTracer('targets');
  const dispatcher = new Dispatcher(defs, decl, { telemetry: { tracer, api, meter: api.metrics.getMeter('targets') } });
  return { decl, dispatcher };
}

const access = () => new Access(Object.freeze({ subject: 'alice', scopes: ['tools'] }), { resourceMetadataUrl: METADATA, requiredScopes: [], listOnlyPermittedTools: false });

function modern(method: string, params: Record<string, unknown>, headers: Record<string, string>): [object, DispatchContext] {
  const meta = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': { sampling: {} } };
  const all: Record<string, string> = { 'mcp-method': method, ...headers };
  return [{ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: meta } }, { protocolVersion: MODERN, header: (h) => all[h], access: access() }];
}

describe('the target of a request is resolved once', () => {
  it('one declaration look-up per tools/call, through every rule, telemetry and the caller', async () => {
    const { decl, dispatcher } = server();
    const getTool = jest.spyOn(decl.catalog, 'getTool');
    const [message, context] = modern('tools/call', { name: 'regional', arguments: { region: 'eu' } }, { 'mcp-name': 'regional', 'mcp-param-region': 'eu' });
    const result = await dispatcher.dispatch(message, context);
    expect(JSON.parse(result.body).result).toMatchObject({ content: [{ type: 'text', text: 'eu' }], resultType: 'complete' });
    expect(getTool).toHaveBeenCalledTimes(1);
  });

  it('one look-up per legacy tools/call too', async () => {
    const { decl, dispatcher } = server();
    const getTool = jest.spyOn(decl.catalog, 'getTool');
    const result = await dispatcher.dispatch({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'regional', arguments: { region: 'us' } } }, { access: access() });
    expect(JSON.parse(result.body).result.content).toEqual([{ type: 'text', text: 'us' }]);
    expect(getTool).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a resource', 'test://secret', 'hidden'],
    ['a template', 'test://notes/7', 'note 7'],
  ])('one look-up per resources/read of %s, through the scopes rule, telemetry and the reader', async (_kind, uri, text) => {
    const { decl, dispatcher } = server();
    const getResource = jest.spyOn(decl, 'getResource');
    const findTemplate = jest.spyOn(decl.catalog, 'findTemplate');
    const [message, context] = modern('resources/read', { uri }, { 'mcp-name': uri });
    const result = await dispatcher.dispatch(message, context);
    expect(JSON.parse(result.body).result.contents[0]).toMatchObject({ uri, text });
    expect(getResource).toHaveBeenCalledTimes(1);
    expect(findTemplate).toHaveBeenCalledTimes(uri === 'test://secret' ? 0 : 1);
  });
});
