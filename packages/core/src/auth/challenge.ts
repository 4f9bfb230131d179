/**
 * challenge: the `WWW-Authenticate: Bearer …` header of a refusal (RFC 6750 §3, with RFC 9728's
 * `resource_metadata` parameter, as the MCP authorization specification asks): the metadata URL
 * always, the OAuth error code when there is one (none for a request that carried no token),
 * and the scopes the request needs when they are known.
 */

/** The OAuth error codes of a bearer challenge. */
export type BearerError = 'invalid_token' | 'insufficient_scope';

/** What a challenge says. */
export interface ChallengeParts {
  readonly error?: BearerError;
  readonly description?: string;
  readonly scopes?: readonly string[];
  readonly resourceMetadata: string;
}

/** The header value, e.g. `Bearer error="invalid_token", resource_metadata="https://…", error_description="…"`. */
export function bearerChallenge({ error, description, scopes, resourceMetadata }: ChallengeParts): string {
  const params: string[] = [];
  if (error) params.push(`error="${error}"`);
  if (scopes && scopes.length) params.push(`scope=${quote(scopes.join(' '))}`);
  params.push(`resource_metadata=${quote(resourceMetadata)}`);
  if (description) params.push(`error_description=${quote(description)}`);
  return `Bearer ${params.join(', ')}`;
}

function quote(value: string): string {
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}
