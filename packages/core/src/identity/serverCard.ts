/**
 * serverCard: the server card of a declaration (SEP-2127, draft; experimental) — the JSON
 * document a client may fetch at `<endpoint>/server-card` before it connects. Its version,
 * title, website and icons are the declaration's {@link ServerIdentity}, the very one
 * `initialize`'s serverInfo and `server/discover` read, and its `_meta` carries that serverInfo
 * as the modern results do, so the three never disagree; the registry name, description,
 * repository and remotes are the `serverCard` option's ({@link RegistryFields}).
 */
import type { ToolDeclaration } from '../declaration/ToolDeclaration';
import type { Icon } from '../declaration/metadata';
import { checkRegistryFields, registryName, remoteEntries } from './registryFields';
import type { CheckedRegistryFields, RegistryFields, RemoteEntry, Repository } from './registryFields';

/** The `$schema` of a server card. */
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

/** The media type of a server card. */
export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';

/** The `serverCard` option of the HTTP transports: what the card says beyond the declaration's identity. */
export type ServerCardOptions = RegistryFields;

/** A server card. */
export interface ServerCard {
  $schema: string;
  name: string;
  version: string;
  description: string;
  title?: string;
  websiteUrl?: string;
  repository?: Repository;
  icons?: Icon[];
  remotes?: RemoteEntry[];
  /** The serverInfo the modern results carry (`io.modelcontextprotocol/serverInfo`). */
  _meta?: Record<string, unknown>;
}

/**
 * Checks a `serverCard` option once.
 * @throws TypeError naming the field.
 */
export function resolveServerCardOptions(what: string, value: unknown): CheckedRegistryFields {
  return checkRegistryFields(what, value);
}

/**
 * The server card of `decl`.
 * @throws TypeError for a missing or malformed field (see {@link ServerCardOptions}), or a remote
 *   version the declaration does not serve.
 * @example
 * serverCard(decl, { name: 'io.example/notes', description: 'Notes, searchable', remotes: [{ url: 'https://mcp.example.com/mcp' }] });
 */
export function serverCard(decl: ToolDeclaration, options: ServerCardOptions, what = 'serverCard'): ServerCard {
  const fields = checkRegistryFields(what, options);
  const identity = decl.identity;
  const card: ServerCard = { $schema: SERVER_CARD_SCHEMA, name: registryName(what, decl, fields), version: identity.version, description: fields.description };
  if (identity.title) card.title = identity.title;
  if (identity.websiteUrl) card.websiteUrl = identity.websiteUrl;
  if (fields.repository) card.repository = { ...fields.repository };
  if (identity.icons) card.icons = identity.icons.map((icon) => ({ ...icon }));
  const remotes = remoteEntries(what, decl, fields.remotes);
  if (remotes) card.remotes = remotes;
  card._meta = decl.payloads.serverMetaOf(decl.modernVersions[0]);
  return card;
}
