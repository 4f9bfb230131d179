/**
 * JwksCache: the authorization server's signing keys as jose's key lookup, loaded on first use —
 * the JWKS URL discovered from the issuer's metadata unless configured, then the JWKS itself —
 * and loaded again after `maxAgeMs` (10 minutes), or when a token names a key the set does not
 * hold (a key rotation) but not sooner than `cooldownMs` after the last load. One load is in
 * flight at a time, shared by every token waiting for it. A load that fails (network error,
 * timeout, a status other than 2xx, a document that is not JSON or not a key set) starts a
 * {@link DiscoveryBackoff}: until it ends, tokens that need a load are answered with an
 * `AuthServerUnavailableError` at once, with no request to the server.
 */
import { createLocalJWKSet, errors } from 'jose';
import type { JSONWebKeySet, JWTVerifyGetKey } from 'jose';
import { DiscoveryBackoff } from './DiscoveryBackoff';
import { discoverJwksUri } from './discoverJwksUri';
import { fetchJson } from './fetchJson';

/** How the cache loads. */
export interface JwksCacheOptions {
  readonly issuer: string;
  /** The JWKS URL; discovered from the issuer's metadata when undefined. */
  readonly jwksUri: string | undefined;
  readonly timeoutMs: number;
  readonly cooldownMs: number;
  readonly maxAgeMs: number;
  readonly backoffInitialMs: number;
  readonly backoffMaxMs: number;
}

type LocalKeys = ReturnType<typeof createLocalJWKSet>;

/** The keys of one verifier. */
export class JwksCache {
  private jwksUri: string | undefined;
  private keys: LocalKeys | undefined;
  private loadedAt = 0;
  private loading: Promise<LocalKeys> | undefined;
  private readonly backoff: DiscoveryBackoff;

  constructor(private readonly options: JwksCacheOptions) {
    this.jwksUri = options.jwksUri;
    this.backoff = new DiscoveryBackoff(options.backoffInitialMs, options.backoffMaxMs);
  }

  /** The key lookup for `jwtVerify`. Rejects with an `AuthServerUnavailableError` when the keys cannot be loaded. */
  readonly getKey: JWTVerifyGetKey = async (header, token) => {
    const keys = this.keys !== undefined && Date.now() - this.loadedAt < this.options.maxAgeMs ? this.keys : await this.load();
    try {
      return await keys(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey) || Date.now() - this.loadedAt < this.options.cooldownMs) throw error;
      return (await this.load())(header, token); // the server may have rotated its keys
    }
  };

  /** The one load in flight, or a new one; an `AuthServerUnavailableError` while the backoff holds. */
  private load(): Promise<LocalKeys> {
    if (this.loading) return this.loading;
    const blocked = this.backoff.blocked(Date.now());
    if (blocked) return Promise.reject(blocked);
    this.loading = this.fetchKeys().then(
      (keys) => {
        this.keys = keys;
        this.loadedAt = Date.now();
        this.backoff.succeeded();
        this.loading = undefined;
        return keys;
      },
      (error: unknown) => {
        this.loading = undefined;
        throw this.backoff.failed(error, Date.now());
      },
    );
    return this.loading;
  }

  private async fetchKeys(): Promise<LocalKeys> {
    this.jwksUri ??= await discoverJwksUri(this.options.issuer, this.options.timeoutMs);
    const answer = await fetchJson(this.jwksUri, this.options.timeoutMs, 'the JWKS');
    if (!answer.ok) throw new Error(`the JWKS at ${this.jwksUri} answered ${answer.status}`);
    // jose checks the shape: JWKSInvalid for a document that is not a key set
    return createLocalJWKSet(answer.document as JSONWebKeySet);
  }
}
