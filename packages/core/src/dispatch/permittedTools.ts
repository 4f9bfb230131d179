/**
 * permittedTools: tools/list and prompts/list on a protected endpoint with
 * `auth.listOnlyPermittedTools` — the page without the tools (prompts) whose scopes the
 * request's token lacks. Pages and cursors stay those of the whole list (a page may hold fewer
 * entries, never different cursors); when the token may use every entry of the page, the cached
 * payload is used as it is. A filtered 2026-07-28 page says `cacheScope: "private"` whatever the
 * declaration's default.
 */
import type { Access } from '../auth/Access';

/** A list page whose entries are named: `tools` or `prompts`. */
type NamedPage = { readonly cacheScope?: string } & { readonly [key: string]: unknown };

/**
 * The JSON of the page's result without the entries of `key` that `access` may not use (their
 * scopes by `scopesOf`), or `undefined` when nothing is left out.
 */
export function permittedPageJson(page: NamedPage, key: 'tools' | 'prompts', scopesOf: (name: string) => readonly string[] | undefined, access: Access): string | undefined {
  const entries = page[key] as readonly { readonly name: string }[];
  const kept = entries.filter((entry) => access.missing(scopesOf(entry.name) ?? []).length === 0);
  if (kept.length === entries.length) return undefined;
  // a list filtered by authorization must not be shared across callers (2026-07-28 cache hints)
  return JSON.stringify(page.cacheScope === undefined ? { ...page, [key]: kept } : { ...page, [key]: kept, cacheScope: 'private' });
}
