/**
 * featureService: a small declaration with one tool per feature the test client reads — a tool
 * that logs, one that reports progress, one that asks the user (elicitation), one that asks the
 * model and the roots, one with an argument mirrored in an `Mcp-Param-*` header — and resources
 * (a fixed text, a fixed binary, a template).
 */
import { ServiceDefinition, ToolDeclaration, stringType } from '@toolwire/core';

/** A fresh declaration and procedures; `deleted` lists what `delete_note` deleted. */
export function featureService(): { decl: ToolDeclaration; defs: ServiceDefinition; deleted: string[] } {
  const decl = new ToolDeclaration('toolwire-features', '2.1.0', { title: 'Feature probe', logging: true, instructions: 'Probe tools.' });
  const defs = new ServiceDefinition();
  const deleted: string[] = [];

  const logs = decl.addTool('import_file', 'Logs while it imports').addParam('file', stringType(), 'The file');
  defs.registerTool(logs, (file, ctx) => {
    ctx.log('debug', { step: 'open', file }, 'importer');
    ctx.log('info', `imported ${file}`, 'importer');
    return `imported ${file}`;
  });

  const progress = decl.addTool('count_up', 'Reports progress 1..3 of 3');
  defs.registerTool(progress, (ctx) => {
    for (let i = 1; i <= 3; i++) ctx.progress(i, 3, `step ${i}`);
    return 'counted';
  });

  const elicits = decl.addTool('delete_note', 'Asks the user before it deletes').addParam('id', stringType(), 'The note');
  defs.registerTool(elicits, async (id, ctx) => {
    const answer = await ctx.elicit(
      { message: `Delete ${id}?`, requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] } },
      { key: 'confirm' },
    );
    if (answer.action !== 'accept' || answer.content?.confirm !== true) return `kept ${id}`;
    deleted.push(id);
    return `deleted ${id}`;
  });

  const twoRounds = decl.addTool('greet_with_roots', 'Asks the model, then the roots, in two rounds');
  defs.registerTool(twoRounds, async (ctx) => {
    const reply = await ctx.sample({ messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }], maxTokens: 10 }, { key: 'hi' });
    const { roots } = await ctx.listRoots({ key: 'roots' });
    return `${String(reply.content.text)} from ${roots.map((root) => root.uri).join(', ')}`;
  });

  const region = decl.addTool('echo_region', 'Echo a region, mirrored in Mcp-Param-Region').addParam('region', stringType(), 'The region', { header: 'Region' });
  defs.registerTool(region, (value) => `region: ${value}`);

  decl.addResource('test://readme', 'readme').setMimeType('text/plain').setContents('Read me first.');
  decl.addResource('test://logo', 'logo').setMimeType('image/png').setContents(Buffer.from('PNG'));
  decl.addResourceTemplate('test://notes/{id}', 'note').setMimeType('text/plain');
  defs.registerResource('test://notes/{id}', (id: string) => `note ${id}`);
  return { decl, defs, deleted };
}
