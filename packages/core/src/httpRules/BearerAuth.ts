/**
 * BearerAuth: the resource-server rules of an HTTP endpoint (RFC 6750, RFC 8707, RFC 9728, as
 * the MCP authorization specification applies them), compiled once from the `auth` option. For
 * each request, before its body is read: take the token from `Authorization: Bearer …`, call
 * `verify` once, refuse what is not valid, expired, issued for another audience or lacking the
 * required scopes — each refusal a 401/403 with its `WWW-Authenticate` challenge, prepared once —
 * and otherwise hand back the request's {@link Access}. A `verify` that fails with an
 * {@link AuthServerUnavailableError} gets 503 with its `Retry-After` instead (the token was not
 * judged). The raw token goes nowhere else.
 */
import type { ErrorHook } from '../dispatch/errorPolicy';
import { isThenable } from '../guards';
import { authRefusal, authServerUnavailable, HttpRefusal, HttpRefusals } from './HttpRefusal';
import { Access, AccessPolicy } from '../auth/Access';
import type { AuthInfo, TokenVerifier } from '../auth/AuthInfo';
import type { ResolvedAuth } from './AuthOptions';
import { AuthServerUnavailableError } from '../auth/AuthServerUnavailableError';
import { bearerChallenge, BearerError } from '../auth/challenge';
import { canonicalResource } from '../auth/resourceUrl';

/** What authenticating a request gave: a refusal to send, or the request's access (none without `auth`). */
export type AuthOutcome = { readonly refusal: HttpRefusal; readonly access?: undefined } | { readonly refusal?: undefined; readonly access: Access | undefined };

/** RFC 6750 §2.1: `Bearer` (any case), one or more spaces, a token68. */
const BEARER = /^bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;
const BEARER_SCHEME = /^bearer(?: |$)/i;

/** The rules of one protected endpoint. */
export class BearerAuth {
  private readonly verify: TokenVerifier;
  private readonly checkAudience: boolean;
  private readonly resource: string;
  private readonly policy: AccessPolicy;
  private readonly refusals: Readonly<Record<'missing' | 'invalid' | 'expired' | 'audience' | 'scope', AuthOutcome>>;

  /**
   * @param auth - the checked `auth` option ({@link resolveAuthOptions}).
   * @param report - hears of a `verify` that returned something that is not an AuthInfo (a server bug → 500).
   */
  constructor(
    auth: ResolvedAuth,
    private readonly report: ErrorHook,
  ) {
    this.verify = auth.verify;
    this.checkAudience = auth.checkAudience;
    this.resource = auth.canonicalResource;
    this.policy = Object.freeze({
      resourceMetadataUrl: auth.resourceMetadataUrl,
      requiredScopes: auth.requiredScopes,
      listOnlyPermittedTools: auth.listOnlyPermittedTools,
    });
    const refusal = (status: 401 | 403, message: string, error?: BearerError, description?: string): AuthOutcome => ({
      refusal: authRefusal(status, message, bearerChallenge({ error, description, scopes: auth.requiredScopes, resourceMetadata: auth.resourceMetadataUrl })),
    });
    this.refusals = Object.freeze({
      // RFC 6750 §3.1: a request without credentials gets a challenge without an error code
      missing: refusal(401, 'Unauthorized: this endpoint requires an OAuth bearer token (Authorization: Bearer …)'),
      invalid: refusal(401, 'Unauthorized: invalid_token: the access token is not valid', 'invalid_token', 'The access token is not valid'),
      expired: refusal(401, 'Unauthorized: invalid_token: the access token expired', 'invalid_token', 'The access token expired'),
      audience: refusal(401, 'Unauthorized: invalid_token: the access token was not issued for this resource', 'invalid_token', 'The access token audience is not this resource'),
      scope: refusal(403, `Forbidden: insufficient_scope: this endpoint requires scope ${auth.requiredScopes.join(' ')}`, 'insufficient_scope', 'The access token lacks a required scope'),
    });
  }

  /**
   * Authenticates one request from its `Authorization` header; a Promise only when `verify`
   * returned one. Never throws or rejects: a `verify` that throws means an invalid token, unless
   * it throws an {@link AuthServerUnavailableError} (then 503 with its `Retry-After`).
   * @param request - the transport's request, passed on to `verify`.
   */
  authenticate(authorization: string | undefined, request: unknown): AuthOutcome | Promise<AuthOutcome> {
    if (authorization === undefined || !BEARER_SCHEME.test(authorization)) return this.refusals.missing;
    const token = BEARER.exec(authorization)?.[1];
    if (token === undefined) return this.refusals.invalid;
    let verified: ReturnType<TokenVerifier>;
    try {
      verified = this.verify(token, request);
    } catch (error) {
      return this.failed(error);
    }
    if (!isThenable(verified)) return this.admit(verified);
    return Promise.resolve(verified).then(
      (info) => this.admit(info),
      (error: unknown) => this.failed(error),
    );
  }

  /** What a `verify` that threw or rejected means: the token is not valid, or (503) it could not be judged now. */
  private failed(error: unknown): AuthOutcome {
    return error instanceof AuthServerUnavailableError ? { refusal: authServerUnavailable(error.retryAfterSeconds) } : this.refusals.invalid;
  }

  /** The checks on what `verify` said: a valid AuthInfo, not expired, for this resource, with the required scopes. */
  private admit(verified: unknown): AuthOutcome {
    if (verified === undefined || verified === null || verified === false) return this.refusals.invalid;
    const info = copyAuthInfo(verified);
    if (typeof info === 'string') {
      this.report(new TypeError(`auth.verify: expected an AuthInfo ({ scopes: string[], subject?, clientId?, expiresAt?, audience?, resource?, issuer?, claims? }), ${info}`), {});
      return { refusal: HttpRefusals.internal };
    }
    if (info.expiresAt !== undefined && info.expiresAt * 1000 <= Date.now()) return this.refusals.expired;
    if (this.checkAudience && !this.issuedForThis(info)) return this.refusals.audience;
    const access = new Access(info, this.policy);
    if (access.missing(this.policy.requiredScopes).length) return this.refusals.scope;
    return { access };
  }

  private issuedForThis(info: AuthInfo): boolean {
    const audiences = info.audience === undefined ? [] : typeof info.audience === 'string' ? [info.audience] : info.audience;
    if (audiences.some((a) => canonicalResource(a) === this.resource)) return true;
    return info.resource !== undefined && canonicalResource(info.resource) === this.resource;
  }
}

/** A frozen copy of the AuthInfo fields only, in their documented order (whatever else `verify` returned, a raw token included, stays behind), or what is wrong with it. */
function copyAuthInfo(value: unknown): AuthInfo | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `got ${typeof value}`;
  const v = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const name of FIELDS) {
    const field = v[name];
    if (field === undefined) continue;
    const problem = FIELD_CHECKS[name](field);
    if (problem) return `${name} ${problem}`;
    copy[name] = Array.isArray(field) ? Object.freeze([...field]) : name === 'claims' ? Object.freeze({ ...(field as object) }) : field;
  }
  copy.scopes ??= Object.freeze([]);
  return Object.freeze(copy) as unknown as AuthInfo;
}

const FIELDS = ['subject', 'clientId', 'scopes', 'expiresAt', 'audience', 'resource', 'issuer', 'claims'] as const;

const isString = (v: unknown): string | undefined => (typeof v === 'string' ? undefined : 'is not a string');
const isStrings = (v: unknown): boolean => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** Each field's check: `undefined` when fine, else what is wrong. */
const FIELD_CHECKS: Readonly<Record<(typeof FIELDS)[number], (v: unknown) => string | undefined>> = {
  subject: isString,
  clientId: isString,
  scopes: (v) => (isStrings(v) ? undefined : 'is not an array of strings'),
  expiresAt: (v) => (typeof v === 'number' && !Number.isNaN(v) ? undefined : 'is not a number of seconds'),
  audience: (v) => (typeof v === 'string' || isStrings(v) ? undefined : 'is not a string or an array of strings'),
  resource: isString,
  issuer: isString,
  claims: (v) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? undefined : 'is not an object'),
};
