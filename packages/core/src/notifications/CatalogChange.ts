/**
 * CatalogChange: what a declaration says happened to what it serves — one of its lists changed
 * (an item added, removed, enabled or disabled) or one resource's content was updated. The
 * declaration emits these (`ToolDeclaration.onChange`); the server publishes them on its
 * {@link NotificationBus}, and every instance's listeners turn them into notifications.
 */

/** The lists a client can be told changed. */
export type ListKind = 'tools' | 'prompts' | 'resources';

/**
 * A change to what a declaration serves. A `listChanged` of an item that needs OAuth scopes
 * carries them (`scopes`): on an endpoint that lists only the tools and prompts a token may use
 * (`auth.listOnlyPermittedTools`), a listener whose token lacks them is not told of it — its
 * list did not change.
 */
export type CatalogChange =
  | { readonly type: 'listChanged'; readonly list: ListKind; readonly scopes?: readonly string[] }
  | { readonly type: 'resourceUpdated'; readonly uri: string };

/** Receives the changes of a declaration (see `ToolDeclaration.onChange`). */
export type CatalogChangeListener = (change: CatalogChange) => void;
