/**
 * registryEntry: the `server.json` of a declaration for the MCP registry — generated from the
 * same {@link ServerIdentity} as serverInfo and the server card (version, title, website, icons)
 * plus the same {@link RegistryFields} (registry name, description, repository, remotes), and the
 * npm packages that run it over stdio. The npm package's `package.json` must carry `"mcpName"`
 * equal to `name` for the registry to accept it.
 */
import type { ToolDeclaration } from '../declaration/ToolDeclaration';
import type { Icon } from '../declaration/metadata';
import { checkRegistryFields, registryName, remoteEntries } from './registryFields';
import type { RegistryFields, RemoteEntry, Repository } from './registryFields';

/** The `$schema` of a registry entry. */
export const REGISTRY_ENTRY_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

/** An npm package that serves the declaration over stdio. */
export interface NpmPackage {
  /** The package name (`@example/notes-mcp`). */
  identifier: string;
  /** Its version; default: the declaration's version. */
  version?: string;
}

/** Options of {@link registryEntry}. */
export interface RegistryEntryOptions extends RegistryFields {
  /** The npm packages that run the server over stdio. */
  packages?: readonly NpmPackage[];
}

/** A `server.json` entry. */
export interface RegistryEntry {
  $schema: string;
  name: string;
  description: string;
  version: string;
  title?: string;
  websiteUrl?: string;
  repository?: Repository;
  icons?: Icon[];
  packages?: { registryType: 'npm'; identifier: string; version: string; transport: { type: 'stdio' } }[];
  remotes?: RemoteEntry[];
}

/** A version range, which the registry refuses (`^1.2.3`, `~1.2`, `>=1`, `1.x`, `1.*`, `1 - 2`, `a || b`). */
const RANGE = /[\^~<>=*|]|(^|\.)[xX](\.|$)|\s-\s/;
const NPM_NAME = /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;

/**
 * The registry entry of `decl`.
 * @throws TypeError for a missing or malformed field: the name pattern, a description of 1–100
 *   characters, a version that is a range, a package that is not an npm name.
 * @example
 * const entry = registryEntry(decl, { name: 'io.example/notes', description: 'Notes, searchable', packages: [{ identifier: '@example/notes-mcp' }] });
 * writeFileSync('server.json', JSON.stringify(entry, null, 2));
 */
export function registryEntry(decl: ToolDeclaration, options: RegistryEntryOptions, what = 'registryEntry'): RegistryEntry {
  const fields = checkRegistryFields(what, options, ['packages']);
  const identity = decl.identity;
  if (RANGE.test(identity.version)) throw new TypeError(`${what}: the declaration's version ${JSON.stringify(identity.version)} is a range; the registry needs one version`);
  const entry: RegistryEntry = { $schema: REGISTRY_ENTRY_SCHEMA, name: registryName(what, decl, fields), description: fields.description, version: identity.version };
  if (identity.title) entry.title = identity.title;
  if (identity.websiteUrl) entry.websiteUrl = identity.websiteUrl;
  if (fields.repository) entry.repository = { ...fields.repository };
  if (identity.icons) entry.icons = identity.icons.map((icon) => ({ ...icon }));
  const packages = options.packages;
  if (packages !== undefined) {
    if (!Array.isArray(packages)) throw new TypeError(`${what}.packages: expected an array of { identifier, version? }`);
    entry.packages = packages.map((p: unknown, i) => {
      const pkg = (typeof p === 'object' && p !== null ? p : {}) as Record<string, unknown>;
      if (typeof pkg.identifier !== 'string' || !NPM_NAME.test(pkg.identifier)) throw new TypeError(`${what}.packages[${i}].identifier: expected an npm package name, got ${JSON.stringify(pkg.identifier)}`);
      const version = pkg.version ?? identity.version;
      if (typeof version !== 'string' || version === '' || RANGE.test(version)) throw new TypeError(`${what}.packages[${i}].version: expected one version (not a range), got ${JSON.stringify(version)}`);
      return { registryType: 'npm' as const, identifier: pkg.identifier, version, transport: { type: 'stdio' as const } };
    });
  }
  const remotes = remoteEntries(what, decl, fields.remotes);
  if (remotes) entry.remotes = remotes;
  return entry;
}
