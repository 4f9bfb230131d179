/**
 * Handler: the shape of one method's implementation, and what every handler may use — the
 * declaration, the tools/call runner (which runs prompt procedures too), the readers and the error policy of its dispatcher.
 */
import type { ToolDeclaration } from '../../declaration/ToolDeclaration';
import type { InboundRequest, Inbound } from '../Inbound';
import type { HandlerReply } from '../DispatchResult';
import type { ToolCaller } from '../ToolCaller';
import type { ResourceReader } from '../ResourceReader';
import type { PromptGetter } from '../PromptGetter';
import type { ErrorPolicy } from '../errorPolicy';
import type { TaskRunner } from '../tasks/TaskRunner';
import type { NotificationHub } from '../subscriptions/NotificationHub';

/** What handlers share: one per dispatcher. */
export interface Services {
  readonly decl: ToolDeclaration;
  readonly tools: ToolCaller;
  readonly resources: ResourceReader;
  readonly prompts: PromptGetter;
  readonly policy: ErrorPolicy;
  /** Creates, runs and settles tasks, and holds their store. */
  readonly tasks: TaskRunner;
  /** The listeners of this dispatcher and its seat on the notification bus. */
  readonly notifications: NotificationHub;
}

/** Answers one request. */
export type RequestHandler = (request: InboundRequest, services: Services) => HandlerReply;

/** Acts on one notification (never answers). */
export type NotificationHandler = (notification: Inbound, services: Services) => void;
