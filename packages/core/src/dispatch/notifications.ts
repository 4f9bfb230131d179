/**
 * notifications: the JSON text of the notifications a tool call may send before its response —
 * `notifications/progress` (for the request's progress token) and `notifications/message` (a log
 * message). Built as text, like the responses, so a transport only frames and writes them.
 */
import { idJson, RequestId } from './jsonRpc';
import type { LoggingLevel } from '../protocol/logLevels';
import { METHOD } from '../protocol/methodNames';

/** A progress token: what the request sent as `params._meta.progressToken` (a string or an integer). */
export type ProgressToken = RequestId;

const PROGRESS_OPENING = `{"jsonrpc":"2.0","method":"${METHOD.progress}","params":`;
const MESSAGE_OPENING = `{"jsonrpc":"2.0","method":"${METHOD.message}","params":`;

/**
 * `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":T,"progress":P,"total"?:N,"message"?:M}}`.
 */
export function progressNotification(token: ProgressToken, progress: number, total: number | undefined, message: string | undefined): string {
  let params = `{"progressToken":${idJson(token)},"progress":${progress}`;
  if (total !== undefined) params += `,"total":${total}`;
  if (message !== undefined) params += `,"message":${JSON.stringify(message)}`;
  return `${PROGRESS_OPENING}${params}}}`;
}

/** `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":L,"logger"?:X,"data":D}}`; `dataJson` is already JSON. */
export function messageNotification(level: LoggingLevel, dataJson: string, logger: string | undefined): string {
  const named = logger === undefined ? '' : `,"logger":${JSON.stringify(logger)}`;
  return `${MESSAGE_OPENING}{"level":"${level}"${named},"data":${dataJson}}}`;
}

/** The progress token of a request's params (`_meta.progressToken`), when it is a string or an integer. */
export function progressTokenOf(params: unknown): ProgressToken | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const meta = (params as { _meta?: unknown })._meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  const token = (meta as { progressToken?: unknown }).progressToken;
  return typeof token === 'string' || Number.isSafeInteger(token) ? (token as ProgressToken) : undefined;
}
