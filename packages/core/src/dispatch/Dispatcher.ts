/**
 * Dispatcher: the one place a JSON-RPC message becomes an MCP response. Every transport hands it
 * raw messages plus the request's context and writes back what it returns. Synchronous work
 * stays synchronous (no Promise is created unless a procedure returns one), which is also what
 * lets the synchronous stdio Service share this path.
 */
import type { ToolDeclaration } from '../declaration/ToolDeclaration';
import type { ServiceDefinition } from '../remoting/ServiceDefinition';
import { ErrorCodes } from '../remoting/ErrorCodes';
import { allowsBatches, DEFAULT_NEGOTIATED_VERSION } from '../declaration/protocolVersions';
import { errorResponse, parseErrorResponse, resultOpening, resultResponse, RequestId } from './jsonRpc';
import type { Session } from './Session';
import { ToolCaller, ErrorHook } from './ToolCaller';
import { isObject } from './guards';

/** Options every transport accepts and passes to its dispatcher. */
export interface DispatcherOptions {
  /** Send the message of unexpected errors thrown by procedures (default false: "Internal error"). */
  exposeInternalErrors?: boolean;
  /** Called with every unexpected error (not with faults a procedure reports on purpose). */
  onError?: ErrorHook;
}

/** What the transport knows about the message it dispatches. */
export interface DispatchContext {
  /**
   * The protocol version the message claims (HTTP: the `MCP-Protocol-Version` header). When
   * absent, the session's negotiated version, else `2025-03-26`. An unsupported value rejects
   * every message but `initialize`.
   */
  protocolVersion?: string;
  /** Aborts the procedures this message starts (HTTP: the client went away). */
  signal?: AbortSignal;
  /** The transport's request object, passed to procedures as `context.request`. */
  request?: unknown;
  /** The connection's state (stdio); stateless transports leave it out. */
  session?: Session;
}

/** The dispatcher's answer to one message. */
export interface DispatchResult {
  /** The JSON-RPC response text; `''` when nothing is to be sent (notifications, responses). */
  readonly body: string;
  /**
   * The same response as `body` in pieces, present when part of it is a large cached payload
   * (tools/list of a big declaration) kept as UTF-8 bytes: a transport that writes bytes can
   * write these pieces in order instead of encoding `body` again for every response.
   */
  readonly parts?: readonly (string | Uint8Array)[];
  /**
   * True when the message as a whole was refused: invalid JSON, not a JSON-RPC message, a batch
   * the protocol version forbids, an unsupported protocol version. HTTP answers these with 400.
   */
  readonly rejected: boolean;
}

type Reply = string | Promise<string>;

interface Envelope {
  readonly id: RequestId | undefined;
  readonly method: string;
  readonly params: unknown;
}

const NOTHING: DispatchResult = { body: '', rejected: false };

/**
 * Maps JSON-RPC messages to MCP responses for one declaration and one procedure table.
 * @example
 * const dispatcher = new Dispatcher(defs, decl);
 * const { body } = await dispatcher.dispatch('{"jsonrpc":"2.0","id":1,"method":"ping"}');
 */
export class Dispatcher {
  private readonly tools: ToolCaller;

  /**
   * @param defs - the procedures (not copied: later registrations are seen).
   * @param decl - the tools (not copied: later changes are seen, and rebuild the cached payloads).
   * @param options - `exposeInternalErrors` and `onError`.
   */
  constructor(
    defs: ServiceDefinition,
    private readonly decl: ToolDeclaration,
    options: DispatcherOptions = {},
  ) {
    this.tools = new ToolCaller(defs, decl, options);
  }

  /** Dispatches a raw message (JSON text) or an already parsed one; always resolves, never rejects. */
  dispatch(message: unknown, context: DispatchContext = {}): Promise<DispatchResult> {
    return Promise.resolve(this.handle(message, context));
  }

  /**
   * Dispatches without waiting: procedures run on the calling thread, and one that returns a
   * Promise is answered with a -32603 error ("asynchronous procedure").
   */
  dispatchSync(message: unknown, context: DispatchContext = {}): DispatchResult {
    return this.guarded(message, context, true) as DispatchResult;
  }

  /** Like {@link dispatch}, but returns the result directly when no procedure went asynchronous. */
  handle(message: unknown, context: DispatchContext = {}): DispatchResult | Promise<DispatchResult> {
    return this.guarded(message, context, false);
  }

  /** Never throws: anything unexpected (say, a parsed message object with a throwing getter) is -32603. */
  private guarded(message: unknown, ctx: DispatchContext, sync: boolean): DispatchResult | Promise<DispatchResult> {
    try {
      return this.run(message, ctx, sync);
    } catch (error) {
      return { body: this.tools.internalError(null, error, {}), rejected: false };
    }
  }

  private run(message: unknown, ctx: DispatchContext, sync: boolean): DispatchResult | Promise<DispatchResult> {
    let parsed = message;
    if (typeof message === 'string') {
      try {
        parsed = JSON.parse(message);
      } catch (e) {
        return rejected(parseErrorResponse((e as Error).message));
      }
    }
    const version = ctx.protocolVersion ?? ctx.session?.protocolVersion ?? DEFAULT_NEGOTIATED_VERSION;
    const supported = this.decl.isSupportedVersion(version);
    if (Array.isArray(parsed)) {
      if (!supported) return rejected(unsupported(null, version));
      return this.batch(parsed, version, ctx, sync);
    }
    const env = envelope(parsed);
    if (typeof env === 'string') return rejected(env);
    if (env === undefined) return NOTHING;
    if (!supported && env.method !== 'initialize') return rejected(unsupported(env.id ?? null, version));
    if (env.method === 'tools/list' && env.id !== undefined) {
      try {
        return this.toolsList(env.id, version);
      } catch (error) {
        return settle(this.internalError(env, error));
      }
    }
    return settle(this.message(env, version, ctx, sync, false));
  }

  private batch(entries: unknown[], version: string, ctx: DispatchContext, sync: boolean): DispatchResult | Promise<DispatchResult> {
    if (entries.length === 0) return rejected(errorResponse(null, ErrorCodes.InvalidRequest, 'Invalid Request: empty batch'));
    if (!allowsBatches(version)) {
      return rejected(errorResponse(null, ErrorCodes.InvalidRequest, `Invalid Request: batches are not supported in protocol version ${version}`));
    }
    const replies: Reply[] = [];
    let async = false;
    for (const entry of entries) {
      const env = envelope(entry);
      const reply = typeof env === 'string' ? env : env === undefined ? '' : this.message(env, version, ctx, sync, true);
      if (typeof reply !== 'string') async = true;
      replies.push(reply);
    }
    const join = (bodies: string[]): DispatchResult => {
      const present = bodies.filter((b) => b !== '');
      return present.length ? { body: `[${present.join(',')}]`, rejected: false } : NOTHING;
    };
    return async ? Promise.all(replies).then(join) : join(replies as string[]);
  }

  /** Answers one request or notification; an unexpected exception becomes a -32603 reply, never a crash. */
  private message(env: Envelope, version: string, ctx: DispatchContext, sync: boolean, inBatch: boolean): Reply {
    try {
      return this.route(env, version, ctx, sync, inBatch);
    } catch (error) {
      return this.internalError(env, error);
    }
  }

  /** An unexpected failure outside a procedure (a custom Type or ContentType that throws). */
  private internalError(env: Envelope, error: unknown): string {
    const body = this.tools.internalError(env.id ?? null, error, { requestId: env.id, method: env.method });
    return env.id === undefined ? '' : body;
  }

  private route(env: Envelope, version: string, ctx: DispatchContext, sync: boolean, inBatch: boolean): Reply {
    const { id, method, params } = env;
    if (id === undefined) {
      if (method === 'notifications/cancelled' && isObject(params) && ctx.session) {
        const target = params.requestId;
        if (typeof target === 'string' || typeof target === 'number') ctx.session.cancel(target, params.reason);
      }
      return ''; // notifications (and requests sent without an id) get no reply
    }
    switch (method) {
      case 'tools/call':
        return this.tools.call(id, params, version, ctx, sync);
      case 'tools/list':
        return this.toolsList(id, version).body;
      case 'ping':
        return resultResponse(id, '{}');
      case 'initialize':
        return this.initialize(id, params, ctx, inBatch);
      default:
        return errorResponse(id, ErrorCodes.MethodNotFound, 'Method not found');
    }
  }

  /** tools/list: the cached payload, with its pre-encoded bytes as `parts` when it is large. */
  private toolsList(id: RequestId, version: string): DispatchResult {
    const body = resultResponse(id, this.decl.toolsListJson(version));
    const bytes = this.decl.toolsListBytes(version);
    if (!bytes) return { body, rejected: false };
    return { body, rejected: false, parts: [resultOpening(id), bytes, '}'] };
  }

  private initialize(id: RequestId, params: unknown, ctx: DispatchContext, inBatch: boolean): string {
    if (inBatch) return errorResponse(id, ErrorCodes.InvalidRequest, 'Invalid Request: initialize must not be part of a batch');
    if (params !== undefined && !isObject(params)) {
      return errorResponse(id, ErrorCodes.InvalidParams, 'Invalid params: initialize expects an object');
    }
    const requested = params?.protocolVersion;
    const version = this.decl.preferredVersion(typeof requested === 'string' ? requested : undefined);
    ctx.session?.negotiated(version);
    return resultResponse(id, this.decl.initializeJson(version));
  }
}

function rejected(body: string): DispatchResult {
  return { body, rejected: true };
}

function unsupported(id: RequestId | null, version: string): string {
  return errorResponse(id, ErrorCodes.InvalidRequest, `Unsupported MCP-Protocol-Version: ${version}`);
}

function settle(reply: Reply): DispatchResult | Promise<DispatchResult> {
  if (typeof reply === 'string') return reply === '' ? NOTHING : { body: reply, rejected: false };
  return reply.then((body) => (body === '' ? NOTHING : { body, rejected: false }));
}

/**
 * Checks the JSON-RPC envelope. Returns the request or notification, an error response (text)
 * for a message that is not valid JSON-RPC, or `undefined` for a response, which a server that
 * sends no requests ignores.
 */
function envelope(message: unknown): Envelope | string | undefined {
  if (!isObject(message)) return errorResponse(null, ErrorCodes.InvalidRequest, 'Invalid Request: expected a JSON-RPC message object');
  const id = message.id;
  const hasId = id !== undefined;
  if (hasId && typeof id !== 'string' && !Number.isInteger(id)) {
    return errorResponse(null, ErrorCodes.InvalidRequest, 'Invalid Request: "id" must be a string or an integer');
  }
  const validId = hasId ? (id as RequestId) : null;
  if (message.jsonrpc !== '2.0') return errorResponse(validId, ErrorCodes.InvalidRequest, 'Invalid Request: "jsonrpc" must be "2.0"');
  const method = message.method;
  if (method === undefined && hasId && ('result' in message || 'error' in message)) return undefined;
  if (typeof method !== 'string') return errorResponse(validId, ErrorCodes.InvalidRequest, 'Invalid Request: "method" must be a string');
  return { id: hasId ? (id as RequestId) : undefined, method, params: message.params };
}
