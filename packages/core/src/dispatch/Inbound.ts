/**
 * Inbound: one request or notification as the dispatcher sees it, built once per message —
 * its id, method and params, the protocol profile in force, the transport's context, whether it
 * must finish synchronously, and whether it came in a batch. Method handlers read it.
 */
import type { ProtocolProfile } from '../protocol/profile';
import type { RequestMeta } from '../protocol/meta';
import type { RequestId } from './jsonRpc';
import type { DispatchContext } from './DispatchContext';
import type { MethodTraits } from './methods/MethodTraits';
import type { Target } from './Target';

/** How a message may run: `sync` (Service, `dispatchSync`: a Promise is an error) or `async`. */
export type Mode = 'sync' | 'async';

/** One JSON-RPC request (with an id) or notification (without). */
export class Inbound {
  constructor(
    /** The request id; `undefined` for a notification. */
    readonly id: RequestId | undefined,
    readonly method: string,
    readonly params: unknown,
    readonly profile: ProtocolProfile,
    readonly context: DispatchContext,
    readonly mode: Mode,
    readonly inBatch: boolean,
    /** The modern era's per-request `_meta` (client capabilities, log level, progress token); `undefined` for legacy messages. */
    readonly meta?: RequestMeta,
  ) {}

  /** The request's method as its era serves it; `undefined` for a notification or a method its era lacks (or its declaration does not offer). */
  descriptor: MethodTraits | undefined = undefined;

  /** What the request acts on, resolved once by its descriptor (see {@link Target}); `undefined` when it names none or none matches. */
  target: Target | undefined = undefined;
}

/** A request: an Inbound that has an id. */
export interface InboundRequest extends Inbound {
  readonly id: RequestId;
}
