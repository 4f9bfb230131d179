/**
 * AuthOptions: the `auth` option of the HTTP transports — the endpoint as an OAuth 2.1 protected
 * resource (the MCP authorization specification) — and the one place it is checked and given
 * its defaults, when the transport is created. Unknown names and wrong types throw TypeError.
 */
import { describeArgument as describe } from '../dispatch/setup';
import type { TokenVerifier } from '../auth/AuthInfo';
import { canonicalResource, parseResource, resourceMetadataUrl } from '../auth/resourceUrl';
import { scopeList } from '../auth/scopes';

/**
 * The endpoint as an OAuth 2.1 protected resource.
 * @example
 * const auth: AuthOptions = {
 *   resource: 'https://mcp.example.com/mcp',
 *   authorizationServers: ['https://auth.example.com'],
 *   verify: jwtVerifier({ issuer: 'https://auth.example.com', audience: 'https://mcp.example.com/mcp' }),
 * };
 */
export interface AuthOptions {
  /**
   * This endpoint's public URL, exactly as clients reach it (behind a proxy: the external
   * `https://` URL, not the internal one). Tokens must name it as their audience; the metadata
   * URL in every challenge is derived from it (never from the request's Host header).
   */
  resource: string;
  /** The issuer URLs of the authorization servers whose tokens are accepted (at least one), published in the metadata. */
  authorizationServers: readonly string[];
  /** Verifies a token; called once per request (see {@link TokenVerifier}). `@toolwire/jwt`'s `jwtVerifier` is one. */
  verify: TokenVerifier;
  /** The scopes this resource knows, published as `scopes_supported`. */
  scopesSupported?: readonly string[];
  /** Scopes every request needs; a token without them gets 403 `insufficient_scope`, before the body is read. */
  requiredScopes?: readonly string[];
  /**
   * Refuse a token whose audience (`audience` or `resource` of its AuthInfo) is not `resource`
   * (default true, as RFC 8707 and the MCP specification require). **Dangerous** to turn off:
   * a token issued for any other service of the same authorization server then works here
   * (the "confused deputy" problem). Only for a `verify` that checks the audience itself.
   */
  checkAudience?: boolean;
  /**
   * Where the RFC 9728 metadata is served, for the challenge's `resource_metadata`. Default:
   * derived from `resource` (`https://host/.well-known/oauth-protected-resource/<path>`).
   */
  resourceMetadataUrl?: string;
  /**
   * `tools/list` leaves out the tools whose scopes (`Tool.setScopes`) the token lacks
   * (default false: every tool is listed, and calling one without its scopes is refused with 403).
   */
  listOnlyPermittedTools?: boolean;
}

/** The checked `auth` option, defaults applied. */
export interface ResolvedAuth {
  /** `resource` as configured (published as is). */
  readonly resource: string;
  /** `resource` in the form audiences are compared in. */
  readonly canonicalResource: string;
  readonly authorizationServers: readonly string[];
  readonly verify: TokenVerifier;
  readonly scopesSupported: readonly string[] | undefined;
  readonly requiredScopes: readonly string[];
  readonly checkAudience: boolean;
  readonly resourceMetadataUrl: string;
  readonly listOnlyPermittedTools: boolean;
}

const NAMES = ['resource', 'authorizationServers', 'verify', 'scopesSupported', 'requiredScopes', 'checkAudience', 'resourceMetadataUrl', 'listOnlyPermittedTools'];

/**
 * Checks the `auth` option once.
 * @param owner - the package or factory asking, for the messages (`@toolwire/express`).
 * @throws TypeError naming the option, what was expected and what was given.
 */
export function resolveAuthOptions(owner: string, auth: unknown): ResolvedAuth {
  const fail = (name: string, expected: string, got: unknown): TypeError =>
    new TypeError(`${owner}: option auth${name ? `.${name}` : ''}: expected ${expected}, got ${describe(got)}`);
  if (typeof auth !== 'object' || auth === null || Array.isArray(auth)) throw fail('', 'an object { resource, authorizationServers, verify }', auth);
  const o = auth as Record<string, unknown>;
  for (const name of Object.keys(o)) {
    if (!NAMES.includes(name)) throw new TypeError(`${owner}: unknown option auth.${name} (known: ${NAMES.join(', ')})`);
  }
  const url = (name: string, value: unknown): string => {
    if (typeof value !== 'string' || typeof parseResource(value) === 'string') throw fail(name, 'an absolute http(s) URL without a fragment', value);
    return value;
  };
  const scopes = (name: string, value: unknown): readonly string[] | undefined => {
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) throw fail(name, 'an array of scope strings', value);
    const list = scopeList(value);
    if (typeof list === 'number') throw fail(`${name}[${list}]`, 'a scope (printable ASCII without spaces or quotes)', value[list]);
    return list;
  };
  const flag = (name: string, value: unknown, fallback: boolean): boolean => {
    if (value === undefined) return fallback;
    if (typeof value !== 'boolean') throw fail(name, 'a boolean', value);
    return value;
  };
  const resource = url('resource', o.resource);
  if (!Array.isArray(o.authorizationServers) || o.authorizationServers.length === 0) {
    throw fail('authorizationServers', 'a non-empty array of issuer URLs', o.authorizationServers);
  }
  const authorizationServers = Object.freeze(o.authorizationServers.map((s, i) => url(`authorizationServers[${i}]`, s)));
  if (typeof o.verify !== 'function') throw fail('verify', 'a function (token, request) => AuthInfo | undefined', o.verify);
  return Object.freeze({
    resource,
    canonicalResource: canonicalResource(resource),
    authorizationServers,
    verify: o.verify as TokenVerifier,
    scopesSupported: scopes('scopesSupported', o.scopesSupported),
    requiredScopes: scopes('requiredScopes', o.requiredScopes) ?? [],
    checkAudience: flag('checkAudience', o.checkAudience, true),
    resourceMetadataUrl: o.resourceMetadataUrl === undefined ? resourceMetadataUrl(resource) : url('resourceMetadataUrl', o.resourceMetadataUrl),
    listOnlyPermittedTools: flag('listOnlyPermittedTools', o.listOnlyPermittedTools, false),
  });
}
