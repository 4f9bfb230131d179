/**
 * Access: what one authenticated request may do — the verified {@link AuthInfo} and the
 * endpoint's policy (the scopes of each tool, whether tools/list hides the ones the token
 * cannot call, the challenge of a 403). The HTTP rules make one per request and hand it to the
 * dispatcher in the dispatch context; without one (stdio, HTTP without `auth`) nothing is checked.
 */
import type { AuthInfo } from './AuthInfo';
import { bearerChallenge } from './challenge';
import { missingScopes } from './scopes';

/** The endpoint-wide part of {@link Access}, compiled once. */
export interface AccessPolicy {
  readonly resourceMetadataUrl: string;
  /** Scopes every request needs (already checked before dispatch; named again in a 403's challenge). */
  readonly requiredScopes: readonly string[];
  readonly listOnlyPermittedTools: boolean;
}

/** The authorization of one request. */
export class Access {
  private granted: ReadonlySet<string> | undefined;

  /**
   * @param auth - the verified token, as `verify` reported it (copied and frozen by the rules).
   * @param policy - the endpoint's policy.
   */
  constructor(
    readonly auth: AuthInfo,
    private readonly policy: AccessPolicy,
  ) {}

  /** True when `tools/list` should leave out the tools this token cannot call. */
  get listOnlyPermittedTools(): boolean {
    return this.policy.listOnlyPermittedTools;
  }

  /** The scopes of `needed` this token lacks (empty when it has them all). */
  missing(needed: readonly string[]): string[] {
    if (needed.length === 0) return [];
    this.granted ??= new Set(this.auth.scopes);
    return missingScopes(this.granted, needed);
  }

  /**
   * The headers of a 403 for a call that needs `needed`: `WWW-Authenticate: Bearer
   * error="insufficient_scope", scope="…", resource_metadata="…"`, the scope being everything
   * the request needs (the endpoint's required scopes and `needed`), so a client that asks for
   * exactly that loses nothing.
   */
  insufficientScopeHeaders(needed: readonly string[]): Readonly<Record<string, string>> {
    const scopes = [...new Set([...this.policy.requiredScopes, ...needed])];
    return {
      'WWW-Authenticate': bearerChallenge({ error: 'insufficient_scope', scopes, resourceMetadata: this.policy.resourceMetadataUrl }),
    };
  }
}
