/**
 * The deprecated `@toolwire/express/testing` entry: the test client moved to `@toolwire/testing`,
 * and the old import keeps working — it hands out the very same client, so existing tests and
 * `instanceof` checks hold.
 */
import * as deprecated from '@toolwire/express/testing';
import * as testing from '@toolwire/testing';
import { Dispatcher, ServiceDefinition, ToolDeclaration, stringType } from '@toolwire/core';

describe('@toolwire/express/testing (deprecated)', () => {
  it('re-exports the client, its class and its error from @toolwire/testing, unchanged', () => {
    expect(deprecated.mcpTestClient).toBe(testing.mcpTestClient);
    expect(deprecated.McpTestClient).toBe(testing.McpTestClient);
    expect(deprecated.McpTestClientError).toBe(testing.McpTestClientError);
  });

  it('still calls a tool', async () => {
    const decl = new ToolDeclaration('old-import', '1.0.0');
    const echo = decl.addTool('echo').addParam('message', stringType());
    const client = deprecated.mcpTestClient(new Dispatcher(new ServiceDefinition().registerTool(echo, (message) => message), decl));
    expect(client).toBeInstanceOf(testing.McpTestClient);
    expect((await client.callTool('echo', { message: 'still here' })).text).toBe('still here');
  });
});
