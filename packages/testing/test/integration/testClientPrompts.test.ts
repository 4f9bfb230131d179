/**
 * The test client's prompt and completion methods, in both eras, against a real Express app:
 * `listPrompts` (pages), `getPrompt` (messages and their text; on 2026-07-28 the `Mcp-Name`
 * header the server's admission ladder checks, and a procedure's ask answered by the client's
 * handler), `complete` for a prompt argument and a template variable, and the errors as throws.
 */
import express from 'express';
import { ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import { mcpRouter } from '@toolwire/express';
import { mcpTestClient, McpTestClientError } from '../../src';
import type { McpTestClientOptions } from '../../src';

function app() {
  const decl = new ToolDeclaration('prompt-server', '1.0.0', { pageSize: 1 });
  const review = decl
    .addPrompt('review', 'Review code')
    .addArgument('code', 'The code')
    .addArgument('language', 'Its language', { required: false })
    .setCompletion('language', (value) => ['python', 'typescript'].filter((l) => l.startsWith(value)));
  const greet = decl.addPrompt('greet', 'Asks who to greet');
  decl.addResourceTemplate('test://notes/{id}', 'note').setCompletion('id', (value, { arguments: args }) => [`${value}1`, `${args.folder ?? ''}`]);
  const defs = new ServiceDefinition()
    .registerPrompt(review, ({ code, language }) => ({ description: 'A review', messages: [{ role: 'user', content: { type: 'text', text: `Review this ${language ?? 'code'}: ${code}` } }] }))
    .registerPrompt(greet, async (_args, ctx) => {
      const answer = await ctx.elicit({ message: 'Who?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } });
      return `Greet ${String(answer.content?.name)}`;
    })
    .registerResource('test://notes/{id}', (id: string) => id);
  return express().use('/mcp', mcpRouter(decl, defs));
}

const eras = [
  ['legacy', {}],
  ['modern', { era: 'modern' }],
] as const satisfies readonly (readonly [string, McpTestClientOptions])[];

describe.each(eras)('mcpTestClient prompts, %s era', (era, options) => {
  const server = app();

  it('lists prompts page by page', async () => {
    const client = mcpTestClient(server, options);
    const first = await client.listPrompts();
    expect(first.prompts.map((p) => p.name)).toEqual(['review']);
    expect(first.prompts[0].arguments).toEqual([
      { name: 'code', description: 'The code', required: true },
      { name: 'language', description: 'Its language', required: false },
    ]);
    const second = await client.listPrompts(first.nextCursor);
    expect(second.prompts.map((p) => p.name)).toEqual(['greet']);
    expect(second.nextCursor).toBeUndefined();
  });

  it('gets a prompt: its description, messages and their text', async () => {
    const result = await mcpTestClient(server, options).getPrompt('review', { code: 'x = 1', language: 'python' });
    expect(result).toMatchObject({ description: 'A review', text: 'Review this python: x = 1', status: 200 });
    expect(result.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Review this python: x = 1' } }]);
  });

  it('throws McpTestClientError -32602 for an unknown prompt and a missing argument', async () => {
    const client = mcpTestClient(server, options);
    await expect(client.getPrompt('nope')).rejects.toMatchObject({ code: -32602 });
    await expect(client.getPrompt('review')).rejects.toBeInstanceOf(McpTestClientError);
  });

  it('completes a prompt argument and a template variable with context', async () => {
    const client = mcpTestClient(server, options);
    expect(await client.complete({ prompt: 'review' }, 'language', 'py')).toEqual({ values: ['python'], status: 200 });
    expect((await client.complete({ resourceTemplate: 'test://notes/{id}' }, 'id', 'a', { folder: 'inbox' })).values).toEqual(['a1', 'inbox']);
    await expect(client.complete({ prompt: 'nope' }, 'x', '')).rejects.toMatchObject({ code: -32602 });
  });

  if (era === 'modern') {
    it('answers what a prompt asks with the onElicit handler (multi round-trip)', async () => {
      const client = mcpTestClient(server, { ...options, capabilities: { elicitation: {} }, onElicit: () => ({ action: 'accept', content: { name: 'Ada' } }) });
      const result = await client.getPrompt('greet');
      expect(result.text).toBe('Greet Ada');
      expect(result.asks).toHaveLength(1);
    });
  }
});
