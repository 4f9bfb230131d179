/**
 * askHandlers: how the test client answers what an endpoint asks of it — `onElicit`, `onSample`
 * and `onListRoots` — and the client capabilities those handlers declare. On 2026-07-28 an ask
 * comes as an `input_required` result; each of its `inputRequests` goes to the handler of its
 * method and the answers travel back in `inputResponses` on the retry.
 */
import type { ElicitRequest, ElicitResult, ListRootsResult, SampleRequest, SampleResult } from '@toolwire/core';
import type { AnsweredAsk } from './results';

/** Answers an `elicitation/create` (the user's reply). */
export type ElicitHandler = (request: ElicitRequest) => ElicitResult | Promise<ElicitResult>;
/** Answers a `sampling/createMessage` (the model's reply). */
export type SampleHandler = (request: SampleRequest) => SampleResult | Promise<SampleResult>;
/** Answers a `roots/list`. */
export type ListRootsHandler = (request: Record<string, unknown>) => ListRootsResult | Promise<ListRootsResult>;

/** The handlers of a client; each one declares its capability. */
export interface AskHandlers {
  /** Declares `elicitation` and answers `elicitation/create`. */
  onElicit?: ElicitHandler;
  /** Declares `sampling` and answers `sampling/createMessage`. */
  onSample?: SampleHandler;
  /** Declares `roots` and answers `roots/list`. */
  onListRoots?: ListRootsHandler;
}

/** The capabilities the handlers declare (`{ elicitation: {}, … }`). */
export function capabilitiesOf(handlers: AskHandlers): Record<string, unknown> {
  const capabilities: Record<string, unknown> = {};
  if (handlers.onElicit) capabilities.elicitation = {};
  if (handlers.onSample) capabilities.sampling = {};
  if (handlers.onListRoots) capabilities.roots = {};
  return capabilities;
}

/**
 * Answers each request of an `input_required` result with its handler, in key order.
 * @throws Error naming the ask when its method has no handler or is not an ask at all.
 */
export async function answerAll(handlers: AskHandlers, inputRequests: unknown, what: string): Promise<AnsweredAsk[]> {
  if (typeof inputRequests !== 'object' || inputRequests === null) return [];
  const answered: AnsweredAsk[] = [];
  for (const [key, request] of Object.entries(inputRequests as Record<string, unknown>)) {
    const { method, params } = (typeof request === 'object' && request !== null ? request : {}) as { method?: unknown; params?: unknown };
    const body = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
    answered.push({ key, method: String(method), params: body, answer: await answerOne(handlers, String(method), body, `${what}: inputRequests[${JSON.stringify(key)}]`) });
  }
  return answered;
}

/**
 * Answers one ask with its handler (`ping` with `{}`).
 * @throws Error naming the ask when its method has no handler or is not an ask at all.
 */
export function answerOne(handlers: AskHandlers, method: string, params: Record<string, unknown>, what: string): unknown {
  const missing = (option: string): never => {
    throw new Error(`${what} asks ${method}, but the client has no ${option} handler (pass ${option} to mcpTestClient)`);
  };
  switch (method) {
    case 'ping':
      return {};
    case 'elicitation/create':
      return handlers.onElicit ? handlers.onElicit(params as ElicitRequest) : missing('onElicit');
    case 'sampling/createMessage':
      return handlers.onSample ? handlers.onSample(params as SampleRequest) : missing('onSample');
    case 'roots/list':
      return handlers.onListRoots ? handlers.onListRoots(params) : missing('onListRoots');
    default:
      throw new Error(`${what} asks ${JSON.stringify(method)}, which is not an ask a client answers`);
  }
}
