/**
 * The live-list triggers through the test client (`@toolwire/testing`), on both eras:
 * `test_trigger_tool_change` and `test_trigger_prompt_change` toggle one item at the END of their
 * list (the first tool and everything before the end stay put), each emitting one `listChanged`
 * through `decl.onChange`, and `test_trigger_resource_update {uri}` emits `resourceUpdated`.
 */
import express from 'express';
import { mcpRouter } from '@toolwire/express';
import { mcpTestClient } from '@toolwire/testing';
import { createEverythingService } from '../src/everything';
import type { ToolDeclaration } from '@toolwire/core';
import { DYNAMIC_PROMPT, DYNAMIC_TOOL } from '../src/triggers';

/** What `decl.onChange` reports (derived here: the main entry does not name the type yet). */
type CatalogChange = Parameters<Parameters<ToolDeclaration['onChange']>[0]>[0];

describe.each([
  ['legacy (2025-11-25)', {}],
  ['modern (2026-07-28)', { era: 'modern' }],
] as const)('the everything server triggers, %s', (_era, options) => {
  const { decl, defs } = createEverythingService();
  const app = express().use('/mcp', mcpRouter(decl, defs));
  const client = mcpTestClient(app, options);
  const changes: CatalogChange[] = [];
  decl.onChange((change) => changes.push(change));
  beforeEach(() => (changes.length = 0));

  const lists = {
    tools: { trigger: 'test_trigger_tool_change', item: DYNAMIC_TOOL, names: async () => (await client.listTools()).tools.map((t) => t.name), use: async () => (await client.callTool(DYNAMIC_TOOL)).text },
    prompts: { trigger: 'test_trigger_prompt_change', item: DYNAMIC_PROMPT, names: async () => (await client.listPrompts()).prompts.map((p) => p.name), use: async () => (await client.getPrompt(DYNAMIC_PROMPT)).text },
  } as const;

  it.each(['tools', 'prompts'] as const)('the %s trigger adds its item at the end (served), then removes it (unknown again); nothing before it moves; one listChanged each', async (list) => {
    const { trigger, item, names, use } = lists[list];
    const before = await names();
    expect(before).not.toContain(item);
    expect((await client.callTool(trigger)).text).toBe(`added ${item}`);
    expect(await names()).toEqual([...before, item]);
    expect(await use()).toBe(`This ${list === 'tools' ? 'tool' : 'prompt'} was added at runtime by ${trigger}.`);
    expect((await client.callTool(trigger)).text).toBe(`removed ${item}`);
    expect(await names()).toEqual(before);
    await expect(use()).rejects.toMatchObject({ code: -32602 });
    expect(changes).toEqual(Array(2).fill({ type: 'listChanged', list }));
  });

  it('the prompt added a second time is served by the procedure registered the first time', async () => {
    for (let i = 0; i < 3; i++) await client.callTool('test_trigger_prompt_change');
    expect((await client.getPrompt(DYNAMIC_PROMPT)).text).toBe('This prompt was added at runtime by test_trigger_prompt_change.');
    await client.callTool('test_trigger_prompt_change');
  });

  it('test_trigger_resource_update {uri} emits resourceUpdated for that URI; an empty uri is an isError result', async () => {
    expect((await client.callTool('test_trigger_resource_update', { uri: 'test://static/readme' })).text).toBe('updated test://static/readme');
    expect(changes).toEqual([{ type: 'resourceUpdated', uri: 'test://static/readme' }]);
    const empty = await client.callTool('test_trigger_resource_update', { uri: '' });
    expect(empty).toMatchObject({ isError: true, text: 'uri must not be empty' });
    expect(changes).toHaveLength(1);
  });
});
