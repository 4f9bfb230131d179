/**
 * @toolwire/example-apps-server as a library: the notes board service and the view helpers other
 * examples build their MCP App views with (`appViewHtml` inlines ext-apps's App build).
 * `dist/main.js` (HTTP) and `dist/stdio.js` are the programs.
 */
export { createAppsService, BOARD_URI, FIRST_NOTES } from './service';
export { NotesBoard, MAX_NOTES, MAX_NOTE_LENGTH } from './NotesBoard';
export type { Note } from './NotesBoard';
export { appViewHtml, notesBoardHtml, inlineAppLibrary } from './view';
export type { AppViewParts } from './view';
export { createApp } from './app';
