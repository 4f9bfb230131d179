/**
 * @toolwire/express/testing — deprecated: the test client moved to its own package,
 * `@toolwire/testing`, which needs neither Express nor this package (it tests Fastify, fetch,
 * Hono, `node:http` and stdio servers too). This entry re-exports it unchanged so that existing
 * imports keep working; import from `@toolwire/testing` instead.
 */
// The one `export *` of the repository: this entry is exactly that package under its old name,
// and a hand-kept copy of its list of names would drift from it.
export * from '@toolwire/testing';
