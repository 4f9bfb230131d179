/**
 * resources: the everything-server's resources — the readme (text), the logo (binary), notes by
 * id through the template `test://notes/{id}`, the fixtures the conformance suite reads
 * (`test://static-text`, `test://static-binary`, `test://template/{id}/data`), and the tool
 * `show_notes`, which returns the notes as content (for hosts without Apps), as
 * `structuredContent`, and points at its view `ui://notes/board` (an MCP App that calls
 * `show_notes` through its host and lists the notes).
 */
import { ObjectType, ArrayType, ServiceDefinition, ToolDeclaration, stringType } from '@toolwire/core';
import { appViewHtml } from '@toolwire/example-apps-server';
import { RED_PIXEL_PNG } from './media';

/** The notes board's script: an MCP App (ext-apps's App) that calls `show_notes` through its host and lists the notes. */
const NOTES_BOARD_SCRIPT = `
const list = document.getElementById('notes');
function show(result) {
  const notes = (result && result.structuredContent && result.structuredContent.notes) || [];
  list.replaceChildren(...notes.map((n) => Object.assign(document.createElement('li'), { textContent: n.id + ': ' + n.text })));
}
const app = new globalThis.McpApps.App({ name: 'everything-notes-board', version: '1.0.0' });
app.ontoolresult = show;
await app.connect();
show(await app.callServerTool({ name: 'show_notes', arguments: {} }));
`;

/** The HTML of the notes board (ext-apps's App library inlined by the apps example's `appViewHtml`). */
export function notesBoardHtml(): string {
  return appViewHtml({ title: 'Notes board', body: '<h1>Notes</h1><ul id="notes"><li>loading…</li></ul>', script: NOTES_BOARD_SCRIPT });
}

/** Adds the resources and `show_notes` over `notes` (id → text). */
export function addResources(decl: ToolDeclaration, defs: ServiceDefinition, notes: ReadonlyMap<string, string>): void {
  decl.addResource('test://static/readme', 'readme').setTitle('Read me').setMimeType('text/plain').setContents('The everything-server of toolwire: tools, resources and an MCP App view.');
  decl.addResource('test://static/logo.png', 'logo').setMimeType('image/png').setContents(RED_PIXEL_PNG);
  decl.addResourceTemplate('test://notes/{id}', 'note').setDescription('A note by its id').setMimeType('text/plain');
  defs.registerResource('test://notes/{id}', (id: string) => notes.get(id));

  decl.addResource('test://static-text', 'static-text').setMimeType('text/plain').setContents('This is the content of the static text resource.');
  decl.addResource('test://static-binary', 'static-binary').setMimeType('image/png').setContents(RED_PIXEL_PNG);
  decl.addResourceTemplate('test://template/{id}/data', 'template-data').setMimeType('application/json');
  defs.registerResource('test://template/{id}/data', (id: string) => JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }));

  decl.addAppResource('ui://notes/board', 'notes-board', { html: notesBoardHtml(), prefersBorder: true, csp: { connectDomains: [], resourceDomains: [] } }).setTitle('Notes board');
  const note = new ObjectType().addProperty('id', stringType()).addProperty('text', stringType());
  const showNotes = decl
    .addTool('show_notes', 'Show the notes (on a board in hosts with MCP Apps)')
    .setOutput(new ObjectType().addProperty('notes', new ArrayType(note)))
    .setUi({ resourceUri: 'ui://notes/board' });
  defs.registerTool(showNotes, () => ({ notes: [...notes].map(([id, text]) => ({ id, text })) }));
}
