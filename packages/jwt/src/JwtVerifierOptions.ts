/**
 * JwtVerifierOptions: what `jwtVerifier` accepts, and the one place it is checked and given its
 * defaults (unknown names and wrong types throw TypeError, as every toolwire option does).
 */

/** Options of {@link jwtVerifier}. */
export interface JwtVerifierOptions {
  /** The authorization server's issuer identifier, exactly as its tokens' `iss` claim (and its metadata's `issuer`) say. */
  issuer: string;
  /** The audience tokens must be issued for: the endpoint's `auth.resource` (RFC 8707), or a list of accepted values. */
  audience: string | readonly string[];
  /**
   * The JWKS URL. Default: discovered once from the issuer's metadata (RFC 8414
   * `/.well-known/oauth-authorization-server`, then OpenID Connect `/.well-known/openid-configuration`),
   * whose `issuer` must equal {@link issuer}.
   */
  jwksUri?: string;
  /**
   * The signature algorithms accepted (default: `RS256`, `RS384`, `RS512`, `PS256`, `PS384`,
   * `PS512`, `ES256`, `ES384`, `ES512`, `EdDSA`). Only asymmetric algorithms can be verified
   * with a JWKS; `none` and the `HS*` family are never accepted.
   */
  algorithms?: readonly string[];
  /** Seconds of clock difference tolerated for `exp` and `nbf` (default 5). */
  clockToleranceSeconds?: number;
  /** The `typ` header tokens must carry, e.g. `at+jwt` (RFC 9068); default: not checked. */
  typ?: string;
  /** Time limit of each metadata and JWKS request, in milliseconds (default 5000). */
  timeoutMs?: number;
  /**
   * The JWKS is fetched again when a token names a key it does not hold (the server rotated its
   * keys), but not sooner than this many milliseconds after the last fetch (default 30000), so
   * forged key ids cannot flood the server. It is also fetched again after 10 minutes.
   */
  jwksCooldownMs?: number;
  /**
   * After a failed load of the metadata or the JWKS, no new attempt is made for this many
   * milliseconds (default 1000), doubled after each further failure in a row up to
   * {@link backoffMaxMs}; meanwhile tokens that need the keys are answered 503 with `Retry-After`.
   */
  backoffInitialMs?: number;
  /** The longest wait between two failed loads, in milliseconds (default 60000). */
  backoffMaxMs?: number;
}

/** The checked options. */
export interface ResolvedJwtOptions {
  readonly issuer: string;
  readonly audience: string | string[];
  readonly jwksUri: string | undefined;
  readonly algorithms: string[];
  readonly clockToleranceSeconds: number;
  readonly typ: string | undefined;
  readonly timeoutMs: number;
  readonly jwksCooldownMs: number;
  readonly backoffInitialMs: number;
  readonly backoffMaxMs: number;
}

/** The asymmetric JWS algorithms (RFC 7518, RFC 8037) a JWKS can verify. */
export const ASYMMETRIC_ALGORITHMS: readonly string[] = Object.freeze(['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA']);

const NAMES = ['issuer', 'audience', 'jwksUri', 'algorithms', 'clockToleranceSeconds', 'typ', 'timeoutMs', 'jwksCooldownMs', 'backoffInitialMs', 'backoffMaxMs'];

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'function') return 'a function';
  return String(value);
}

/**
 * Checks the options once.
 * @throws TypeError naming the option, what was expected and what was given.
 */
export function resolveJwtOptions(options: unknown): ResolvedJwtOptions {
  const fail = (name: string, expected: string, got: unknown): TypeError => new TypeError(`jwtVerifier: option ${name}: expected ${expected}, got ${describe(got)}`);
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new TypeError(`jwtVerifier: expected an options object { issuer, audience }, got ${describe(options)}`);
  const o = options as Record<string, unknown>;
  for (const name of Object.keys(o)) if (!NAMES.includes(name)) throw new TypeError(`jwtVerifier: unknown option "${name}" (known: ${NAMES.join(', ')})`);
  const url = (name: string, value: unknown): string => {
    if (typeof value !== 'string' || !/^https?:\/\//i.test(value) || !URL.canParse(value)) throw fail(name, 'an absolute http(s) URL', value);
    return value;
  };
  const issuer = url('issuer', o.issuer);
  let audience: string | string[];
  if (typeof o.audience === 'string' && o.audience !== '') audience = o.audience;
  else if (Array.isArray(o.audience) && o.audience.length > 0 && o.audience.every((a) => typeof a === 'string' && a !== '')) audience = [...(o.audience as string[])];
  else throw fail('audience', 'the resource URL (or a non-empty array of accepted audiences)', o.audience);
  let algorithms = [...ASYMMETRIC_ALGORITHMS];
  if (o.algorithms !== undefined) {
    if (!Array.isArray(o.algorithms) || o.algorithms.length === 0) throw fail('algorithms', `a non-empty array of ${ASYMMETRIC_ALGORITHMS.join(', ')}`, o.algorithms);
    const bad = o.algorithms.findIndex((a) => !ASYMMETRIC_ALGORITHMS.includes(a as string));
    if (bad >= 0) throw fail(`algorithms[${bad}]`, `one of ${ASYMMETRIC_ALGORITHMS.join(', ')}`, o.algorithms[bad]);
    algorithms = [...(o.algorithms as string[])];
  }
  const seconds = o.clockToleranceSeconds ?? 5;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) throw fail('clockToleranceSeconds', 'a number of seconds ≥ 0', o.clockToleranceSeconds);
  const timeoutMs = o.timeoutMs ?? 5000;
  if (typeof timeoutMs !== 'number' || !Number.isSafeInteger(timeoutMs) || timeoutMs <= 0) throw fail('timeoutMs', 'a positive integer', o.timeoutMs);
  const jwksCooldownMs = o.jwksCooldownMs ?? 30_000;
  if (typeof jwksCooldownMs !== 'number' || !Number.isSafeInteger(jwksCooldownMs) || jwksCooldownMs < 0) throw fail('jwksCooldownMs', 'an integer ≥ 0', o.jwksCooldownMs);
  const backoffInitialMs = o.backoffInitialMs ?? 1000;
  if (typeof backoffInitialMs !== 'number' || !Number.isSafeInteger(backoffInitialMs) || backoffInitialMs <= 0) throw fail('backoffInitialMs', 'a positive integer', o.backoffInitialMs);
  const backoffMaxMs = o.backoffMaxMs ?? Math.max(60_000, backoffInitialMs);
  if (typeof backoffMaxMs !== 'number' || !Number.isSafeInteger(backoffMaxMs) || backoffMaxMs < backoffInitialMs) throw fail('backoffMaxMs', `an integer ≥ backoffInitialMs (${backoffInitialMs})`, o.backoffMaxMs);
  if (o.typ !== undefined && (typeof o.typ !== 'string' || o.typ === '')) throw fail('typ', 'a non-empty string', o.typ);
  return Object.freeze({
    issuer,
    audience,
    jwksUri: o.jwksUri === undefined ? undefined : url('jwksUri', o.jwksUri),
    algorithms,
    clockToleranceSeconds: seconds,
    typ: o.typ as string | undefined,
    timeoutMs,
    jwksCooldownMs,
    backoffInitialMs,
    backoffMaxMs,
  });
}
