/**
 * DispatchResult: the dispatcher's answer to one message, with the HTTP status core chose for
 * it from one table. Transports write the body and, where they have one, the status; they never
 * derive a status from a JSON-RPC code themselves.
 */

/** The HTTP statuses core gives answers: 200 (a response), 202 (nothing to send), 400 (the message was refused), 404 (unknown method on the modern path). */
export type DispatchStatus = 200 | 202 | 400 | 404;

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
  /** The HTTP status of this answer (see {@link DispatchStatus}); stdio ignores it. */
  readonly status: DispatchStatus;
  /** True when the message as a whole was refused (`status` 400 or 404). Kept for existing code; prefer `status`. */
  readonly rejected: boolean;
}

/** What a method handler answers: a response (text, optionally in byte parts) or nothing. */
export interface Answer {
  readonly body: string;
  readonly parts?: readonly (string | Uint8Array)[];
}

/** A handler's reply: an answer, `undefined` for "send nothing", or a Promise of either. */
export type Reply = Answer | undefined | Promise<Answer | undefined>;

/** Why a message got the answer it got; the one table below maps each to its HTTP status. */
export type Disposition = 'response' | 'silence' | 'refused' | 'unknownMethod';

const STATUS: Readonly<Record<Disposition, DispatchStatus>> = Object.freeze({
  response: 200,
  silence: 202,
  refused: 400,
  unknownMethod: 404,
});

const SILENCE: DispatchResult = Object.freeze({ body: '', status: 202, rejected: false });

/** Builds the result for an answer and its disposition. */
export function result(answer: Answer | undefined, disposition: Disposition = 'response'): DispatchResult {
  if (answer === undefined) return SILENCE;
  const status = STATUS[disposition];
  const rejected = status >= 400;
  return answer.parts ? { body: answer.body, parts: answer.parts, status, rejected } : { body: answer.body, status, rejected };
}

/** A whole message refused (invalid JSON, not JSON-RPC, a forbidden batch, an unsupported version): HTTP 400. */
export function refused(body: string): DispatchResult {
  return result({ body }, 'refused');
}
