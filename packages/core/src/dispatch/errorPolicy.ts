/**
 * errorPolicy: what happens to an unexpected error (a procedure that crashes, a content type
 * that throws): it is reported — to `onError`, or by default as one line on stderr — and the
 * client gets `-32603`, whose message is masked as `Internal error` unless the server exposes it.
 * The dispatcher and the tools/call path share one policy.
 */
import { ErrorCodes } from '../faults/ErrorCodes';
import type { RequestId } from './jsonRpc';
import { errorReply } from './replies';
import type { DispatchResult } from './DispatchResult';
import { McpError } from '../faults/McpError';
import { JsonRpcFault } from '../faults/JsonRpcFault';
import { RemotingFault } from '../faults/RemotingFault';

/** What {@link ErrorHook} is told about the request an error belongs to. */
export interface ErrorInfo {
  requestId?: string | number;
  method?: string;
  tool?: string;
  /** The prompt of a prompts/get. */
  prompt?: string;
}

/** Receives unexpected errors (procedure crashes, formatting failures). */
export type ErrorHook = (error: unknown, info: ErrorInfo) => void;

/**
 * The default {@link ErrorHook}: one line on stderr (`console.error`) with the method, the tool,
 * the request id and the error's stack. Never the arguments: they may hold user data.
 */
export const logToStderr: ErrorHook = (error, info) => {
  const where = [info.method, info.tool && `tool "${info.tool}"`, info.requestId !== undefined && `request ${JSON.stringify(info.requestId)}`]
    .filter(Boolean)
    .join(', ');
  console.error(`toolwire: unexpected error${where ? ` (${where})` : ''}: ${stackOf(error)}`);
};

/** Reports and masks unexpected errors, as configured once. */
export class ErrorPolicy {
  /**
   * @param expose - send the error's message instead of `Internal error`.
   * @param hook - receives every unexpected error; default {@link logToStderr}.
   */
  constructor(
    private readonly expose: boolean,
    private readonly hook: ErrorHook = logToStderr,
  ) {}

  /** Tells the hook; a hook that throws is ignored (it must not take the response down with it). */
  report(error: unknown, info: ErrorInfo): void {
    try {
      this.hook(error, info);
    } catch {
      // ignored on purpose
    }
  }

  /**
   * The response to a procedure's failure where the result has no `isError` (a read, a prompt):
   * a {@link JsonRpcFault} is its own code and message (reported), a {@link RemotingFault} -32603
   * with its message, anything else {@link internal}.
   */
  fault(id: RequestId, error: unknown, info: ErrorInfo): DispatchResult {
    if (error instanceof McpError) return errorReply(id, error.code, error.message, error.data);
    if (error instanceof JsonRpcFault) {
      this.report(error, info);
      return errorReply(id, error.code, error.message);
    }
    if (error instanceof RemotingFault) return errorReply(id, ErrorCodes.InternalError, error.message);
    return this.internal(id, error, info);
  }

  /** Reports `error` and returns the `-32603` answer for `id`. */
  internal(id: RequestId | null, error: unknown, info: ErrorInfo): DispatchResult {
    this.report(error, info);
    return errorReply(id, ErrorCodes.InternalError, this.expose ? messageOf(error) : 'Internal error');
  }
}

/** The message of a thrown value, whatever was thrown (even objects whose toString throws). */
function messageOf(error: unknown): string {
  try {
    const message: unknown = error instanceof Error ? error.message : String(error);
    return typeof message === 'string' ? message : 'Internal error';
  } catch {
    return 'Internal error';
  }
}

function stackOf(error: unknown): string {
  try {
    if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
    return `thrown value ${String(error)}`;
  } catch {
    return 'an unprintable thrown value';
  }
}
