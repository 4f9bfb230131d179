/**
 * scopes: OAuth scope tokens (RFC 6749 §3.3: printable ASCII without space, `"` or `\`) — the
 * check every list of scopes goes through, and the question "which of these does the token lack?".
 */

const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/** True for a string that is a valid OAuth scope token. */
export function isScopeToken(value: unknown): value is string {
  return typeof value === 'string' && SCOPE_TOKEN.test(value);
}

/**
 * The scopes as a frozen list without duplicates, or the index of the first entry that is not
 * a scope token (a number) when one is not.
 */
export function scopeList(value: readonly unknown[]): readonly string[] | number {
  const bad = value.findIndex((v) => !isScopeToken(v));
  return bad >= 0 ? bad : Object.freeze([...new Set(value as string[])]);
}

/** The scopes of `needed` that `granted` lacks, in `needed`'s order. */
export function missingScopes(granted: ReadonlySet<string>, needed: readonly string[]): string[] {
  return needed.filter((scope) => !granted.has(scope));
}
