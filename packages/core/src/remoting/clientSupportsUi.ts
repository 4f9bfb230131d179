/**
 * clientSupportsUi: whether the client of a call or read declared MCP Apps support — its
 * capabilities' `extensions["io.modelcontextprotocol/ui"].mimeTypes` lists
 * `text/html;profile=mcp-app` — so a procedure can shape its answer for hosts that render views.
 */
import { UI_EXTENSION_ID, UI_MIME_TYPE } from '../protocol/apps';

/**
 * Whether the client declared that it renders MCP Apps views. It reads the context's
 * `clientCapabilities`: on 2026-07-28 the request's `_meta` capabilities, on a legacy stdio
 * connection those of its `initialize`. Over stateless legacy HTTP no request carries them, so
 * the answer there is `false` (not known to render views) — the tool's `_meta.ui` is still
 * published and an Apps host still renders the view; the `content` must stand on its own anyway.
 * @param context - a tool's `CallContext` or a read's `ReadContext`.
 * @example
 * defs.registerTool(showNotes, (context: CallContext) => clientSupportsUi(context) ? brief() : full());
 */
export function clientSupportsUi(context: { readonly clientCapabilities: Readonly<Record<string, unknown>> }): boolean {
  const extensions = context?.clientCapabilities?.extensions;
  if (typeof extensions !== 'object' || extensions === null) return false;
  const ui = (extensions as Record<string, unknown>)[UI_EXTENSION_ID];
  if (typeof ui !== 'object' || ui === null) return false;
  const mimeTypes = (ui as Record<string, unknown>).mimeTypes;
  return Array.isArray(mimeTypes) && mimeTypes.includes(UI_MIME_TYPE);
}
