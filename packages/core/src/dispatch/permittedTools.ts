/**
 * permittedTools: tools/list on a protected endpoint with `auth.listOnlyPermittedTools` — the
 * page without the tools whose scopes the request's token lacks. Pages and cursors stay those
 * of the whole list (a page may hold fewer tools, never different cursors); when the token may
 * call every tool of the page, the cached payload is used as it is. A filtered 2026-07-28 page
 * says `cacheScope: "private"` whatever the declaration's default.
 */
import type { ToolDeclaration } from '../declaration/ToolDeclaration';
import type { Access } from '../auth/Access';

/** The JSON of the page's result without the tools `access` may not call, or `undefined` when nothing is left out. */
export function permittedPageJson(decl: ToolDeclaration, version: string, cursor: string | undefined, access: Access): string | undefined {
  const page = decl.toToolsList(version, cursor);
  const tools = page.tools.filter((entry) => access.missing(decl.getTool(entry.name)?.scopes ?? []).length === 0);
  if (tools.length === page.tools.length) return undefined;
  // a list filtered by authorization must not be shared across callers (2026-07-28 cache hints)
  return JSON.stringify(page.cacheScope === undefined ? { ...page, tools } : { ...page, tools, cacheScope: 'private' });
}
