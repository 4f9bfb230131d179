/**
 * CatalogChange: what a declaration says happened to what it serves — one of its lists changed
 * (an item added, removed, enabled or disabled) or one resource's content was updated. The
 * declaration emits these (`ToolDeclaration.onChange`); the server publishes them on its
 * {@link NotificationBus}, and every instance's listeners turn them into notifications.
 */

/** The lists a client can be told changed. */
export type ListKind = 'tools' | 'prompts' | 'resources';

/**
 * A change to what a declaration serves. A `listChanged` of items that need OAuth scopes says
 * who can see them: on an endpoint that lists only the tools and prompts a token may use
 * (`auth.listOnlyPermittedTools`), a listener is told of it only when its token holds every
 * scope of `scopes`, or every scope of at least one set of `scopeSets` (an item whose scopes
 * changed: the scopes it had and the scopes it has) — otherwise its list did not change. Neither
 * member: every listener is told. The scopes are the item's when the change is emitted.
 */
export type CatalogChange =
  | { readonly type: 'listChanged'; readonly list: ListKind; readonly scopes?: readonly string[]; readonly scopeSets?: readonly (readonly string[])[] }
  | { readonly type: 'resourceUpdated'; readonly uri: string };

/** Receives the changes of a declaration (see `ToolDeclaration.onChange`). */
export type CatalogChangeListener = (change: CatalogChange) => void;
