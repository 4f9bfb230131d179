/**
 * view: the notes board's HTML — an MCP App view built on `@modelcontextprotocol/ext-apps`'s
 * `App`. A view runs in the host's sandboxed iframe with no network by default, so the library
 * (its self-contained `app-with-deps` build) is inlined into the page once, when the server
 * starts. On load the view calls `show_board` through its host and lists the notes it gets back
 * (`structuredContent`) with the board's capacity (the result's `_meta`);
 * its Pin button calls `add_note`. It also shows the result of a call the model made (`ontoolresult`).
 */
import { readFileSync } from 'node:fs';

let library: string | undefined;

/**
 * The self-contained App build with its ES `export { … }` turned into `globalThis.McpApps = { … }`
 * (an inline script cannot export), read once per process.
 */
export function inlineAppLibrary(): string {
  return (library ??= readAppLibrary());
}

function readAppLibrary(): string {
  const source = readFileSync(require.resolve('@modelcontextprotocol/ext-apps/app-with-deps'), 'utf8');
  const match = /export\s*\{([^}]*)\};?\s*$/.exec(source);
  if (!match) throw new Error('@modelcontextprotocol/ext-apps/app-with-deps: its closing export statement was not found; the view cannot inline it');
  // `<!--` would put the HTML parser into its escaped script state; no escape of it is valid in every JS context.
  if (source.includes('<!--')) throw new Error('@modelcontextprotocol/ext-apps/app-with-deps holds "<!--"; the view cannot inline it safely');
  const members = match[1].split(',').map((item) => {
    const [local, exported = local] = item.trim().split(/\s+as\s+/);
    return `${JSON.stringify(exported)}:${local}`;
  });
  // `</script` inside the library would end the inline script early.
  return `${source.slice(0, match.index)}globalThis.McpApps={${members.join(',')}};`.replace(/<\/script/gi, '<\\/script');
}

const VIEW_SCRIPT = `
const { App } = globalThis.McpApps;
const list = document.getElementById('notes');
const status = document.getElementById('status');
const input = document.getElementById('text');
const pin = document.getElementById('pin');

function render(result) {
  const notes = result && result.structuredContent && result.structuredContent.notes;
  if (!Array.isArray(notes)) {
    status.textContent = (result && result.content && result.content[0] && result.content[0].text) || 'no notes in the answer';
    return;
  }
  list.replaceChildren(...notes.map((note) => Object.assign(document.createElement('li'), { textContent: note.text, title: '#' + note.id })));
  const capacity = result._meta && result._meta.notesBoard && result._meta.notesBoard.capacity;
  status.textContent = notes.length + (capacity ? ' of ' + capacity : '') + (notes.length === 1 && !capacity ? ' note' : ' notes');
}

const app = new App({ name: 'notes-board', version: '1.0.0' });
app.ontoolresult = render;
await app.connect();
render(await app.callServerTool({ name: 'show_board', arguments: {} }));
// A button, not a form: a host's sandbox may leave out allow-forms, and then a form never submits.
async function add() {
  const text = input.value.trim();
  if (!text) return;
  input.value = '';
  render(await app.callServerTool({ name: 'add_note', arguments: { text } }));
}
pin.addEventListener('click', add);
input.addEventListener('keydown', (event) => { if (event.key === 'Enter') add(); });
`;

const STYLE = `
body { font: 15px system-ui, sans-serif; margin: 12px; color: #222; }
h1 { font-size: 18px; margin: 0 0 8px; }
ul { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 8px; }
li { background: #fff3a8; padding: 8px 10px; border-radius: 4px; box-shadow: 0 1px 2px #0003; max-width: 220px; }
#status { color: #666; font-size: 13px; }
#add { display: flex; gap: 6px; }
`;

/** The parts of an MCP App view page. */
export interface AppViewParts {
  /** The document title. */
  readonly title: string;
  /** CSS for the page. */
  readonly style?: string;
  /** The HTML of the body. */
  readonly body: string;
  /** A module script run after the App library: `globalThis.McpApps.App` is the view's class (top-level `await` allowed). */
  readonly script: string;
}

/** An MCP App view page: `parts` with ext-apps's App library inlined before the script (about 0.5 MB). */
export function appViewHtml(parts: AppViewParts): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${parts.title}</title><style>${parts.style ?? ''}</style></head>
<body>
${parts.body}
<script type="module">${inlineAppLibrary()}
${parts.script}</script>
</body></html>`;
}

/** The notes board's HTML document. */
export function notesBoardHtml(): string {
  return appViewHtml({
    title: 'Notes board',
    style: STYLE,
    body: `<h1>Notes board</h1>
<p id="status">connecting…</p>
<ul id="notes"></ul>
<div id="add"><input id="text" maxlength="200" placeholder="A new note" aria-label="New note"> <button id="pin" type="button">Pin</button></div>`,
    script: VIEW_SCRIPT,
  });
}
