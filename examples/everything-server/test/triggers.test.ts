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

  it('test_trigger_tool_change adds the dynamic tool at the end, then removes it; nothing before it moves', async () => {
    const before = (await client.listTools()).tools.map((t) => t.name);
    expect(before).not.toContain(DYNAMIC_TOOL);
    expect((await client.callTool('test_trigger_tool_change')).text).toBe(`added ${DYNAMIC_TOOL}`);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual([...before, DYNAMIC_TOOL]);
    expect((await client.callTool(DYNAMIC_TOOL)).text).toBe('This tool was added at runtime by test_trigger_tool_change.');
    expect((await client.callTool('test_trigger_tool_change')).text).toBe(`removed ${DYNAMIC_TOOL}`);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(before);
    await expect(client.callTool(DYNAMIC_TOOL)).rejects.toMatchObject({ code: -32602 });
    expect(changes).toEqual([
      { type: 'listChanged', list: 'tools' },
      { type: 'listChanged', list: 'tools' },
    ]);
  });

  it('test_trigger_prompt_change adds the dynamic prompt at the end (served by prompts/get), then removes it', async () => {
    const before = (await client.listPrompts()).prompts.map((p) => p.name);
    expect((await client.callTool('test_trigger_prompt_change')).text).toBe(`added ${DYNAMIC_PROMPT}`);
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual([...before, DYNAMIC_PROMPT]);
    expect((await client.getPrompt(DYNAMIC_PROMPT)).text).toBe('This prompt was added at runtime by test_trigger_prompt_change.');
    expect((await client.callTool('test_trigger_prompt_change')).text).toBe(`removed ${DYNAMIC_PROMPT}`);
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(before);
    await expect(client.getPrompt(DYNAMIC_PROMPT)).rejects.toMatchObject({ code: -32602 });
    // added a second time, the prompt is served by the procedure registered the first time
    await client.callTool('test_trigger_prompt_change');
    expect((await client.getPrompt(DYNAMIC_PROMPT)).text).toBe('This prompt was added at runtime by test_trigger_prompt_change.');
    await client.callTool('test_trigger_prompt_change');
    expect(changes).toEqual(Array(4).fill({ type: 'listChanged', list: 'prompts' }));
  });

  it('test_trigger_resource_update {uri} emits resourceUpdated for that URI; an empty uri is an isError result', async () => {
    expect((await client.callTool('test_trigger_resource_update', { uri: 'test://static/readme' })).text).toBe('updated test://static/readme');
    expect(changes).toEqual([{ type: 'resourceUpdated', uri: 'test://static/readme' }]);
    const empty = await client.callTool('test_trigger_resource_update', { uri: '' });
    expect(empty).toMatchObject({ isError: true, text: 'uri must not be empty' });
    expect(changes).toHaveLength(1);
  });
});
