/**
 * A process-wide revision counter for everything declarations are compiled from (types, tools,
 * declarations). Any change bumps it; cached payloads and validators compare against it, so a
 * request never does the compile work again unless something really changed.
 */
let revision = 0;

/** Records that some schema, tool or declaration changed. */
export function touchSchema(): void {
  revision++;
}

/** The current revision; a cache built at revision R is valid while this still returns R. */
export function schemaRevision(): number {
  return revision;
}
