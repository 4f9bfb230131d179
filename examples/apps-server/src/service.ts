/**
 * service: the notes board as an MCP server — the view `ui://notes/board` (declared with
 * `decl.addAppResource`), `show_board` (the tool hosts render the view for, model and app may
 * call it) and `add_note` (for the view only: `visibility: ['app']`). Both tools answer with the
 * board as JSON text (every host reads it, with or without MCP Apps), as `structuredContent` for
 * the view, and with the board's capacity in the result's `_meta` (`withResultMeta`).
 */
import { ArrayType, ObjectType, ServiceDefinition, ToolDeclaration, integerType, stringType, toolError, withResultMeta } from '@toolwire/core';
import { MAX_NOTES, NotesBoard } from './NotesBoard';
import { notesBoardHtml } from './view';

/** The URI of the view. */
export const BOARD_URI = 'ui://notes/board';

/** The notes a new board starts with. */
export const FIRST_NOTES: readonly string[] = ['Try the board in an MCP Apps host', 'Pin a note below'];

/** The declaration and procedures of the notes board (one board per call: each server has its own). */
export function createAppsService(board = new NotesBoard(FIRST_NOTES)): { decl: ToolDeclaration; defs: ServiceDefinition; board: NotesBoard } {
  const decl = new ToolDeclaration('toolwire-notes-board', '1.0.0', {
    title: 'Notes board',
    instructions: 'show_board shows the notes (as a board in hosts with MCP Apps, else as text).',
  });
  decl.addAppResource(BOARD_URI, 'notes-board', { html: notesBoardHtml(), prefersBorder: true, csp: { connectDomains: [], resourceDomains: [] } }).setTitle('Notes board');

  const note = new ObjectType().addProperty('id', integerType()).addProperty('text', stringType());
  const boardOutput = new ObjectType().addProperty('notes', new ArrayType(note));
  const showBoard = decl
    .addTool('show_board', 'Show the notes board (an interactive board in hosts with MCP Apps, a list of notes elsewhere)')
    .setTitle('Show the notes board')
    .setAnnotations({ readOnlyHint: true })
    .setOutput(boardOutput)
    .setUi({ resourceUri: BOARD_URI });
  const addNote = decl
    .addTool('add_note', 'Pin a note on the board (called by the board view)')
    .addParam('text', stringType(), 'The note (at most 200 characters)')
    .setOutput(boardOutput)
    .setUi({ resourceUri: BOARD_URI, visibility: ['app'] });

  // The notes as structuredContent, the board's capacity as the result's _meta: both reach the view.
  const answer = () => withResultMeta({ notes: board.notes.map(({ id, text }) => ({ id, text })) }, { notesBoard: { capacity: MAX_NOTES } });
  const defs = new ServiceDefinition();
  defs.registerTool(showBoard, answer);
  defs.registerTool(addNote, (text: string) => {
    try {
      board.add(text);
    } catch (error) {
      return toolError((error as Error).message);
    }
    return answer();
  });
  return { decl, defs, board };
}
