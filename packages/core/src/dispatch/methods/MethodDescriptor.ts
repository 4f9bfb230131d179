/**
 * MethodDescriptor: everything toolwire knows about one MCP method, in one value — its
 * {@link MethodTraits} (name, eras, target kind, `Mcp-Name` member, extension, stamp), whether a
 * declaration offers it, how its target is resolved from the params, and its handler. The era
 * method sets, the unknown-method answers, the `Mcp-Name` rule and telemetry's method names are
 * all derived from the descriptors (`methods.ts`).
 */
import type { ToolDeclaration } from '../../declaration/ToolDeclaration';
import type { Target } from '../Target';
import type { NotificationHandler, RequestHandler, Services } from './Handler';
import type { MethodTraits } from './MethodTraits';

/** One request method. */
export interface MethodDescriptor extends MethodTraits {
  /** Whether `decl` serves it (capability gating); absent: always. Not offered is unknown. */
  readonly offered?: (decl: ToolDeclaration) => boolean;
  /** Resolves the request's target from its params, once; `undefined` when none is named or none matches (the handler answers that). */
  readonly target?: (params: unknown, services: Services) => Target | undefined;
  /** Answers the request. */
  readonly handle: RequestHandler;
}

/** One notification method the server acts on (any other notification is ignored). */
export interface NotificationDescriptor {
  readonly method: string;
  readonly handle: NotificationHandler;
}
