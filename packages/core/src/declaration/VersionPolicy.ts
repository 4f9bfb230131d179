/**
 * VersionPolicy: the protocol versions a declaration accepts — the default supported set plus
 * the legacy versions its `protocolVersions` option adds, and the modern (2026-07-28 era) ones —
 * with each version's {@link ProtocolProfile} looked up once per request, and the negotiation
 * rule of `initialize` (the requested version when accepted, else the newest).
 */
import { MODERN_PROTOCOL_VERSIONS, SUPPORTED_PROTOCOL_VERSIONS, isModernVersion, isVersionString, profileFor } from '../protocol/profile';
import type { ProtocolProfile } from '../protocol/profile';

/** The versions one declaration accepts. */
export class VersionPolicy {
  /** The accepted legacy versions, newest first. */
  readonly versions: readonly string[];
  private readonly profiles: ReadonlyMap<string, ProtocolProfile>;
  private readonly modernProfiles: ReadonlyMap<string, ProtocolProfile> = new Map(MODERN_PROTOCOL_VERSIONS.map((v) => [v, profileFor(v)]));

  /**
   * @param extra - further legacy versions to accept (`YYYY-MM-DD`).
   * @throws TypeError for a malformed version, RangeError for a modern one or one older than every known revision.
   */
  constructor(extra: readonly string[] = []) {
    for (const v of extra) {
      if (!isVersionString(v)) throw new TypeError(`ToolDeclaration: expected protocol versions as YYYY-MM-DD, got ${JSON.stringify(v)}`);
      if (isModernVersion(v)) throw new RangeError(`ToolDeclaration: protocolVersions adds legacy versions; ${v} is a modern (2026-07-28 era) version`);
      profileFor(v); // throws for a version older than every known revision
    }
    this.versions = Object.freeze([...new Set([...SUPPORTED_PROTOCOL_VERSIONS, ...extra])].sort().reverse());
    this.profiles = new Map(this.versions.map((v) => [v, profileFor(v)]));
  }

  /** The requested version when accepted, otherwise the newest. */
  preferred(requested?: string | null): string {
    return requested && this.profiles.has(requested) ? requested : this.versions[0];
  }

  /** Whether `version` is an accepted legacy version. */
  accepts(version: unknown): boolean {
    return typeof version === 'string' && this.profiles.has(version);
  }

  /** The profile of accepted legacy `version`, else `undefined`. */
  profileOf(version: string): ProtocolProfile | undefined {
    return this.profiles.get(version);
  }

  /** The profile of served modern `version`, else `undefined`. */
  modernProfileOf(version: string): ProtocolProfile | undefined {
    return this.modernProfiles.get(version);
  }

  /** Whether `version` is a served modern version. */
  isModern(version: string): boolean {
    return this.modernProfiles.has(version);
  }

  /** The profile of any version a payload may be asked for (accepted legacy, modern, or a known one). */
  anyProfile(version: string): ProtocolProfile {
    return this.profiles.get(version) ?? this.modernProfiles.get(version) ?? profileFor(version);
  }
}
