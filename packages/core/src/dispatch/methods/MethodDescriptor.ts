/**
 * MethodDescriptor: everything toolwire knows about one MCP method, in one value — its name, the
 * eras that have it, whether a declaration offers it, how its target is resolved from the
 * params, what its 2026-07-28 `Mcp-Name` header states, whether the modern era stamps its
 * results, and its handler. The era method sets, the unknown-method answers, the `Mcp-Name`
 * rule and telemetry's method names are all derived from the descriptors (`methods.ts`); no
 * other file names a method.
 */
import type { Era } from '../../protocol/profile';
import type { ToolDeclaration } from '../../declaration/ToolDeclaration';
import type { Target } from '../Target';
import type { NotificationHandler, RequestHandler } from './Handler';

/** What the 2026-07-28 `Mcp-Name` header of a method must state. */
export interface NameHeader {
  /** The member of `params` it states (`name`, `uri`, `taskId`). */
  readonly param: string;
  /** How that member is called in a mismatch message (`tool`, `URI`, `task id`). */
  readonly noun: string;
}

/** One request method. */
export interface MethodDescriptor {
  /** The JSON-RPC method name. */
  readonly method: string;
  /** The eras that have it; in any other it is unknown (-32601; on 2026-07-28 with HTTP 404). */
  readonly eras: readonly Era[];
  /** Whether `decl` serves it (capability gating); absent: always. Not offered is unknown. */
  readonly offered?: (decl: ToolDeclaration) => boolean;
  /** The kind of target it resolves (telemetry names its spans and attributes after it). */
  readonly targetKind?: Target['kind'];
  /** Resolves the request's target from its params, once; `undefined` when none is named or none matches (the handler answers that). */
  readonly target?: (params: unknown, decl: ToolDeclaration) => Target | undefined;
  /** On 2026-07-28 over HTTP: the member of `params` that `Mcp-Name` must state. */
  readonly nameHeader?: NameHeader;
  /** The extension the method belongs to: a 2026-07-28 request must declare it in its `_meta` client capabilities (-32021 otherwise). */
  readonly extension?: string;
  /** Whether the 2026-07-28 era appends `resultType` and the serverInfo `_meta` to its results (the others' payloads carry them). */
  readonly stamped?: boolean;
  /** Answers the request. */
  readonly handle: RequestHandler;
}

/** One notification method the server acts on (any other notification is ignored). */
export interface NotificationDescriptor {
  readonly method: string;
  readonly handle: NotificationHandler;
}
