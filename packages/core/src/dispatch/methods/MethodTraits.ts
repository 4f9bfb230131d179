/**
 * MethodTraits: what the pipeline reads of a request's method once it is resolved — its name,
 * eras, target kind, the 2026-07-28 `Mcp-Name` member, the extension it belongs to, whether the
 * modern era stamps it. The part of a {@link MethodDescriptor} a request carries (its handler and
 * resolvers stay with the dispatcher).
 */
import type { Era } from '../../protocol/profile';
import type { Target } from '../Target';

/** What the 2026-07-28 `Mcp-Name` header of a method must state. */
export interface NameHeader {
  /** The member of `params` it states (`name`, `uri`, `taskId`). */
  readonly param: string;
  /** How that member is called in a mismatch message (`tool`, `URI`, `task id`). */
  readonly noun: string;
}

/** The facts of one request method. */
export interface MethodTraits {
  /** The JSON-RPC method name. */
  readonly method: string;
  /** The eras that have it; in any other it is unknown (-32601; on 2026-07-28 with HTTP 404). */
  readonly eras: readonly Era[];
  /** The kind of target it resolves (telemetry names its spans and attributes after it). */
  readonly targetKind?: Target['kind'];
  /** On 2026-07-28 over HTTP: the member of `params` that `Mcp-Name` must state. */
  readonly nameHeader?: NameHeader;
  /** The extension the method belongs to: a 2026-07-28 request must declare it in its `_meta` client capabilities (-32021 otherwise). */
  readonly extension?: string;
  /** Whether the 2026-07-28 era's writer writes its results' fields (`resultType`, the serverInfo `_meta`: `eras.ts`); the others' payloads carry them, or they have none. */
  readonly stamped?: boolean;
}
