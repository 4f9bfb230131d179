/**
 * PayloadCache: the payloads a declaration serves, each built once and kept as a frozen object,
 * its JSON text and — when large — its UTF-8 bytes, keyed by (kind, profile, page). The whole
 * cache is valid for one schema revision (`schema/revision.ts`, the one invalidation mechanism):
 * after any change to a published node the next lookup starts from an empty cache.
 */
import type { ProtocolProfile } from '../protocol/profile';
import { schemaRevision } from '../schema/revision';

/** What a payload is the answer to (a list's pages share one kind). */
export type PayloadKind = 'initializeResult' | 'discover' | 'tail' | 'serverMetaMembers' | 'tools' | 'resources' | 'resourceTemplates' | 'prompts';

/** A payload as a frozen object, its JSON text and, when large, that text's UTF-8 bytes. */
export interface CachedPayload<T> {
  readonly object: T;
  readonly json: string;
  readonly bytes?: Uint8Array;
}

/** From this many characters on, a payload is also kept encoded (writing it is then a copy, not an encode). */
const LARGE_PAYLOAD = 16 * 1024;

/** The payload cache of one declaration. */
export class PayloadCache {
  private revision = -1;
  private entries = new Map<PayloadKind, Map<ProtocolProfile, Map<number, CachedPayload<unknown>>>>();
  private readonly memo = new Map<string, unknown>();

  /** The payload of `kind` for `profile` and `page` (0 when the kind has no pages), built by `build` when missing. */
  get<T>(kind: PayloadKind, profile: ProtocolProfile, page: number, build: () => T): CachedPayload<T> {
    this.fresh();
    let byProfile = this.entries.get(kind);
    if (!byProfile) this.entries.set(kind, (byProfile = new Map()));
    let byPage = byProfile.get(profile);
    if (!byPage) byProfile.set(profile, (byPage = new Map()));
    let payload = byPage.get(page) as CachedPayload<T> | undefined;
    if (!payload) {
      const object = deepFreeze(build());
      const json = typeof object === 'string' ? object : JSON.stringify(object);
      payload = json.length < LARGE_PAYLOAD ? { object, json } : { object, json, bytes: new TextEncoder().encode(json) };
      byPage.set(page, payload);
    }
    return payload;
  }

  /** A value derived from the declaration that is not a payload (a list's fingerprint), valid for this revision too. */
  derived<T>(key: string, build: () => T): T {
    this.fresh();
    if (!this.memo.has(key)) this.memo.set(key, build());
    return this.memo.get(key) as T;
  }

  private fresh(): void {
    const revision = schemaRevision();
    if (this.revision === revision) return;
    this.revision = revision;
    this.entries = new Map();
    this.memo.clear();
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
