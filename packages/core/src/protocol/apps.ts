/**
 * apps: the names MCP Apps (`io.modelcontextprotocol/ui`, stable 2026-01-26) puts on the wire —
 * the extension's key in `capabilities.extensions`, the MIME type of a view, the `_meta` keys a
 * tool points at its view with.
 */

/** The extension's key in client and server `capabilities.extensions`. */
export const UI_EXTENSION_ID = 'io.modelcontextprotocol/ui';

/** The MIME type of an MCP App view (an HTML document the host renders in a sandboxed iframe). */
export const UI_MIME_TYPE = 'text/html;profile=mcp-app';

/** The deprecated flat `_meta` key some hosts still read for a tool's view (`_meta.ui.resourceUri` is the current one). */
export const UI_RESOURCE_URI_KEY = 'ui/resourceUri';
