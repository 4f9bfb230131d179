/**
 * The everything server's prompts and completion through the official clients: client 2.4.0
 * (legacy default mode and pinned 2026-07-28) and the SDK 1.32 client (2025-11-25) over
 * Streamable HTTP and stdio, and the SDK release of each older protocol version (1.17:
 * 2025-06-18, 1.10: 2025-03-26 over HTTP; 1.0: 2024-11-05 over stdio): listPrompts, getPrompt
 * (arguments, an embedded resource, an image), complete, a missing argument refused — and over a
 * legacy stdio connection the prompt that asks the user, answered by the client's elicitation handler.
 */
import { StdioClientTransport as SdkStdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Client as SdkClient } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { RED_PIXEL_PNG } from '../src/media';
import { MAIN, everythingOverHttp, officialClients } from './helpers/officialClients';

jest.setTimeout(30_000);

const url = everythingOverHttp();

type Message = { role: string; content: { type: string; text?: string; data?: string; mimeType?: string; resource?: { uri: string; text?: string } } };

interface PromptClient {
  listPrompts(): Promise<{ prompts: { name: string; arguments?: { name: string; required?: boolean }[] }[] }>;
  getPrompt(params: { name: string; arguments?: Record<string, string> }): Promise<{ messages: Message[] }>;
  complete(params: { ref: { type: 'ref/prompt'; name: string }; argument: { name: string; value: string } }): Promise<{ completion: { values: string[] } }>;
  close(): Promise<void>;
}

const clients = officialClients<PromptClient>('prompts-interop', url);

describe.each(clients)('%s', (_name, make) => {
  let client: PromptClient;
  beforeAll(async () => {
    client = await make();
  });
  afterAll(async () => {
    await client.close();
  });

  it('lists the conformance prompts with their arguments', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(expect.arrayContaining(['test_simple_prompt', 'test_prompt_with_arguments', 'test_prompt_with_embedded_resource', 'test_prompt_with_image']));
    expect(prompts.find((p) => p.name === 'test_prompt_with_arguments')?.arguments?.map((a) => [a.name, a.required])).toEqual([
      ['arg1', true],
      ['arg2', true],
    ]);
  });

  it('gets prompts with arguments, an embedded resource and an image', async () => {
    expect((await client.getPrompt({ name: 'test_simple_prompt' })).messages).toEqual([{ role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } }]);
    const withArgs = await client.getPrompt({ name: 'test_prompt_with_arguments', arguments: { arg1: 'hello', arg2: 'world' } });
    expect(withArgs.messages[0].content.text).toBe("Prompt with arguments: arg1='hello', arg2='world'");
    const embedded = await client.getPrompt({ name: 'test_prompt_with_embedded_resource', arguments: { resourceUri: 'test://example-resource' } });
    expect(embedded.messages[0].content).toMatchObject({ type: 'resource', resource: { uri: 'test://example-resource', text: 'Embedded resource content for testing.' } });
    const image = await client.getPrompt({ name: 'test_prompt_with_image' });
    expect(Buffer.from(image.messages[0].content.data ?? '', 'base64')).toEqual(Buffer.from(RED_PIXEL_PNG));
  });

  it('completes arg1 and refuses a missing required argument', async () => {
    expect((await client.complete({ ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' }, argument: { name: 'arg1', value: 'te' } })).completion.values).toEqual(['test', 'testValue1']);
    await expect(client.getPrompt({ name: 'test_prompt_with_arguments', arguments: { arg1: 'only' } })).rejects.toThrow(/Missing required argument "arg2"/);
  });
});

describe('a prompt that asks, on a legacy stdio connection (SDK 1.32)', () => {
  it('sends elicitation/create on the pipe and builds the prompt from the answer', async () => {
    const client = new SdkClient({ name: 'prompts-asks', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    const asked: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(String(request.params.message));
      return { action: 'accept', content: { context: 'the stdio pipe' } };
    });
    await client.connect(new SdkStdio({ command: process.execPath, args: [MAIN, '--stdio'], stderr: 'pipe' }));
    try {
      const result = await client.getPrompt({ name: 'test_input_required_result_prompt' });
      expect(asked).toEqual(['What context should the prompt use?']);
      expect(result.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Use this context: the stdio pipe' } }]);
    } finally {
      await client.close();
    }
  });
});
