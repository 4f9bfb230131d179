/**
 * registryFields: what the identity documents of a server — the server card (SEP-2127, draft)
 * and the MCP registry's `server.json` — need beyond the declaration's {@link ServerIdentity}:
 * the registry name (reverse-DNS, `io.example/tools`), a description of 1–100 characters, the
 * source repository and the remote endpoints. Checked once, where an option is resolved, with
 * TypeErrors that name the field; the rest (version, title, website, icons) is the identity's.
 */
import type { ToolDeclaration } from '../declaration/ToolDeclaration';
import { describeArgument as describeValue } from '../dispatch/setup';

/** A registry name: a reverse-DNS namespace, one slash, a server name. */
export const REGISTRY_NAME_PATTERN = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;

/** Where the server's source lives. */
export interface Repository {
  /** The repository's URL, e.g. `https://github.com/example/tools`. */
  url: string;
  /** The hosting service, e.g. `github`. */
  source: string;
  /** The server's folder inside a monorepo. */
  subfolder?: string;
  /** The hosting service's id of the repository. */
  id?: string;
}

/** A remote endpoint of the server (Streamable HTTP). */
export interface Remote {
  /** The endpoint's public URL (`https://mcp.example.com/mcp`). */
  url: string;
  /** The protocol versions served there; default: every version the declaration serves (modern first). Each must be one it serves. */
  supportedProtocolVersions?: readonly string[];
}

/** What the identity documents add to the declaration's identity. */
export interface RegistryFields {
  /**
   * The registry name, reverse-DNS (`io.example/tools`, `^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$`);
   * default: the declaration's name when it has that form.
   */
  name?: string;
  /** What the server does, 1–100 characters. */
  description: string;
  /** Where its source lives. */
  repository?: Repository;
  /** Its Streamable HTTP endpoints. */
  remotes?: readonly Remote[];
}

/** The fields, checked. */
export interface CheckedRegistryFields {
  readonly name?: string;
  readonly description: string;
  readonly repository?: Readonly<Repository>;
  readonly remotes?: readonly Readonly<Remote>[];
}

/** A remote as the documents write it. */
export interface RemoteEntry {
  type: 'streamable-http';
  url: string;
  supportedProtocolVersions: string[];
}

/**
 * Checks the fields (not yet against a declaration).
 * @param what - names the option in messages (`@toolwire/express: option serverCard`).
 * @throws TypeError naming the field, what was expected and what was given.
 */
export function checkRegistryFields(what: string, value: unknown, extra: readonly string[] = []): CheckedRegistryFields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError(`${what}: expected an object with a description, got ${describeValue(value)}`);
  const fields = value as Record<string, unknown>;
  const known = ['name', 'description', 'repository', 'remotes', ...extra];
  const unknown = Object.keys(fields).find((key) => !known.includes(key));
  if (unknown !== undefined) throw new TypeError(`${what}: unknown field "${unknown}" (known: ${known.join(', ')})`);
  const fail = (field: string, expected: string, got: unknown): never => {
    throw new TypeError(`${what}.${field}: expected ${expected}, got ${describeValue(got)}`);
  };
  if (fields.name !== undefined && (typeof fields.name !== 'string' || !REGISTRY_NAME_PATTERN.test(fields.name))) {
    fail('name', 'a reverse-DNS registry name such as "io.example/tools" (^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$)', fields.name);
  }
  const description = fields.description;
  if (typeof description !== 'string' || description.trim().length === 0 || [...description].length > 100) fail('description', 'a string of 1 to 100 characters', description);
  const checked: { name?: string; description: string; repository?: Repository; remotes?: Remote[] } = { description: description as string };
  if (fields.name !== undefined) checked.name = fields.name as string;
  if (fields.repository !== undefined) checked.repository = checkRepository(fields.repository, fail);
  if (fields.remotes !== undefined) checked.remotes = checkRemotes(fields.remotes, fail);
  return Object.freeze(checked);
}

function checkRepository(value: unknown, fail: (field: string, expected: string, got: unknown) => never): Repository {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail('repository', 'an object { url, source, subfolder?, id? }', value);
  const r = value as Record<string, unknown>;
  if (typeof r.url !== 'string' || !isHttpUrl(r.url)) fail('repository.url', 'an http(s) URL', r.url);
  if (typeof r.source !== 'string' || r.source === '') fail('repository.source', 'a non-empty string such as "github"', r.source);
  const repository: Repository = { url: r.url as string, source: r.source as string };
  for (const key of ['subfolder', 'id'] as const) {
    if (r[key] === undefined) continue;
    if (typeof r[key] !== 'string' || r[key] === '') fail(`repository.${key}`, 'a non-empty string', r[key]);
    repository[key] = r[key] as string;
  }
  return repository;
}

function checkRemotes(value: unknown, fail: (field: string, expected: string, got: unknown) => never): Remote[] {
  if (!Array.isArray(value)) return fail('remotes', 'an array of { url, supportedProtocolVersions? }', value);
  return value.map((entry: unknown, i) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return fail(`remotes[${i}]`, 'an object { url, supportedProtocolVersions? }', entry);
    const r = entry as Record<string, unknown>;
    if (typeof r.url !== 'string' || !isHttpUrl(r.url)) fail(`remotes[${i}].url`, 'an http(s) URL', r.url);
    const remote: Remote = { url: r.url as string };
    const versions = r.supportedProtocolVersions;
    if (versions !== undefined) {
      if (!Array.isArray(versions) || versions.length === 0 || versions.some((v) => typeof v !== 'string')) {
        fail(`remotes[${i}].supportedProtocolVersions`, 'a non-empty array of protocol versions', versions);
      }
      remote.supportedProtocolVersions = Object.freeze([...(versions as string[])]);
    }
    return Object.freeze(remote);
  });
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The registry name of `decl`: the option, else the declaration's own name when it is a registry name.
 * @throws TypeError when neither is.
 */
export function registryName(what: string, decl: ToolDeclaration, fields: CheckedRegistryFields): string {
  if (fields.name !== undefined) return fields.name;
  const own = decl.identity.name;
  if (REGISTRY_NAME_PATTERN.test(own)) return own;
  throw new TypeError(`${what}.name: required, because the declaration's name ${JSON.stringify(own)} is not a reverse-DNS registry name (give one such as "io.example/${own.replace(/[^a-zA-Z0-9._-]/g, '-') || 'tools'}")`);
}

/** Every version `decl` serves, modern first: what a remote supports unless told. */
export function servedVersions(decl: ToolDeclaration): string[] {
  return [...decl.modernVersions, ...decl.supportedVersions.filter((v) => !decl.modernVersions.includes(v))];
}

/**
 * The remotes as the documents write them, each version checked against `decl`.
 * @throws TypeError for a version the declaration does not serve (the document would contradict the server).
 */
export function remoteEntries(what: string, decl: ToolDeclaration, remotes: readonly Remote[] | undefined): RemoteEntry[] | undefined {
  if (remotes === undefined) return undefined;
  const served = servedVersions(decl);
  return remotes.map((remote, i) => {
    const versions = remote.supportedProtocolVersions ?? served;
    const foreign = versions.find((v) => !served.includes(v));
    if (foreign !== undefined) throw new TypeError(`${what}.remotes[${i}].supportedProtocolVersions: the declaration does not serve ${JSON.stringify(foreign)} (it serves ${served.join(', ')})`);
    return { type: 'streamable-http', url: remote.url, supportedProtocolVersions: [...versions] };
  });
}
