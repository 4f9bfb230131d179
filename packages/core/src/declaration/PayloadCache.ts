/**
 * PayloadCache: payloads a declaration serves, each built once and kept as a frozen object, its
 * JSON text and — when large — its UTF-8 bytes, keyed by (kind, profile, page). A cache is valid
 * for one value of the revision it is given (`schema/revision.ts`, the one invalidation
 * mechanism): a collection's list pages for that collection's revision, the `initialize` and
 * `server/discover` payloads for the catalog's; after a change the next lookup starts afresh.
 */
import type { ProtocolProfile } from '../protocol/profile';

/** What a payload is the answer to (`initializeResult`, `discover`, `tail`, or a list's member name: its pages share one kind). */
export type PayloadKind = string;

/** A payload as a frozen object, its JSON text and, when large, that text's UTF-8 bytes. */
export interface CachedPayload<T> {
  readonly object: T;
  readonly json: string;
  readonly bytes?: Uint8Array;
}

/** From this many characters on, a payload is also kept encoded (writing it is then a copy, not an encode). */
const LARGE_PAYLOAD = 16 * 1024;

/** A cache of payloads valid for one value of a revision. */
export class PayloadCache {
  private revision = -1;
  /** How many payloads this cache has built (what a test of the invalidation counts). */
  private built = 0;

  /** @param revisionOf - the revision the payloads are built from (read on every lookup). */
  constructor(private readonly revisionOf: () => number) {}

  /** @internal How many payloads this cache has built so far. */
  get builds(): number {
    return this.built;
  }

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
      this.built++;
      const object = deepFreeze(build());
      const json = typeof object === 'string' ? object : JSON.stringify(object);
      payload = json.length < LARGE_PAYLOAD ? { object, json } : { object, json, bytes: new TextEncoder().encode(json) };
      byPage.set(page, payload);
    }
    return payload;
  }

  /** A value derived from what the payloads are built from that is not a payload (a list's fingerprint), valid for this revision too. */
  derived<T>(key: string, build: () => T): T {
    this.fresh();
    if (!this.memo.has(key)) this.memo.set(key, build());
    return this.memo.get(key) as T;
  }

  private fresh(): void {
    const revision = this.revisionOf();
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
