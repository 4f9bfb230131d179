/**
 * CallAsks: what a tool call asks of its client — user input (elicitation), a completion from
 * its model (sampling), its roots — one API for every transport:
 * - 2026-07-28 (HTTP and stdio): multi round-trip requests. An ask that the request's answers do
 *   not cover interrupts the call with `resultType: "input_required"` (every ask made in the same
 *   turn goes into one interim result) and a sealed `requestState`; the client calls again with
 *   `inputResponses`, the procedure runs again from the start, and its asks are answered in order
 *   from the responses gathered so far. A capability the request's `_meta` does not declare is
 *   -32021; a bad state, missing answers or an invalid answer -32602.
 * - legacy stdio: a JSON-RPC request to the client on the open pipe; its response settles the ask.
 * - legacy stateless HTTP: no way back to the client — the ask rejects at once.
 * Every answer passes {@link answerProblem} before the procedure sees it. Failures a tool can
 * handle reject with {@link InputUnavailableError} ({@link InvalidAnswerError} for a bad answer).
 */
import { InputUnavailableError } from '../../remoting/InputUnavailableError';
import { InvalidAnswerError } from '../../remoting/InvalidAnswerError';
import { isObject } from '../../guards';
import type { InboundRequest } from '../Inbound';
import type { EngineLimits } from '../limits';
import { clientCapabilitiesOf } from '../callScope';
import { bindingOf } from './requestState';
import type { RoundState, StateSealer } from './requestState';
import { answerProblem } from './answerProblem';
import { ASK_METHODS } from './AskKind';
import type { AskKind } from './AskKind';

const WHAT: Readonly<Record<AskKind, string>> = Object.freeze({ elicitation: 'user input (elicitation)', sampling: 'a completion from its model (sampling)', roots: 'its roots' });

/** One request of an interim result. */
export interface InputRequest {
  readonly method: string;
  readonly params: unknown;
}

/**
 * How a 2026-07-28 call ends early because of what it asked. `input`: the asks of this turn, and
 * the answers the procedure took in this run (every one checked) — what the next state carries.
 */
export type Interruption =
  | { readonly kind: 'input'; readonly requests: Readonly<Record<string, InputRequest>>; readonly answers: Readonly<Record<string, unknown>> }
  | { readonly kind: 'capability'; readonly capability: AskKind }
  | { readonly kind: 'invalid'; readonly message: string }
  /** `context.beginTask()`: the call becomes a task, which runs the procedure again with the answers taken so far. */
  | { readonly kind: 'task'; readonly answers: Readonly<Record<string, unknown>> };

/** What the dispatcher gives every call for its asks, made once. */
export interface AskSettings {
  /** Seals and opens the `requestState` of 2026-07-28 calls. */
  readonly sealer: StateSealer;
  /** The argument limits answers pass, and `maxRequestStateBytes`. */
  readonly limits: EngineLimits;
}

/** What the asks of one call need from it. */
export interface AskHost {
  readonly inbound: InboundRequest;
  readonly toolName: string;
  readonly signal: AbortSignal;
  readonly settings: AskSettings;
  /** Ends the call with an interruption (2026-07-28). */
  interrupt(interruption: Interruption): void;
}

let nextRequestId = 0;

/** The asks of one tools/call. */
export class CallAsks {
  private readonly counts: Record<AskKind, number> = { elicitation: 0, sampling: 0, roots: 0 };
  private round: Promise<RoundState | string> | undefined;
  private pending: Record<string, InputRequest> | undefined;
  /** The answers this run took, checked: what the next `requestState` carries. */
  private readonly taken: Record<string, unknown> = Object.create(null) as Record<string, unknown>;

  constructor(private readonly host: AskHost) {}

  /** The answers this run has taken so far (checked). */
  get answers(): Readonly<Record<string, unknown>> {
    return this.taken;
  }

  /** Asks the client; resolves with its answer (an `ElicitResult`, `CreateMessageResult` or `ListRootsResult`). */
  ask(kind: AskKind, params: unknown, key?: string): Promise<unknown> {
    const name = key ?? `${kind}-${++this.counts[kind]}`;
    const { inbound } = this.host;
    if (inbound.profile.era === 'modern') return this.roundTrip(kind, params, name);
    if (inbound.context.session && inbound.context.notify) return this.request(kind, params);
    return Promise.reject(
      new InputUnavailableError(
        `Tool "${this.host.toolName}" asked the client for ${WHAT[kind]}, but a stateless HTTP request under protocol ${inbound.profile.version} has no way back to the client (serve the tool over stdio, or use MCP 2026-07-28)`,
      ),
    );
  }

  /** 2026-07-28: answered from this request's responses, or the call is interrupted to ask. */
  private async roundTrip(kind: AskKind, params: unknown, key: string): Promise<unknown> {
    const capabilities = clientCapabilitiesOf(this.host.inbound);
    if (!isObject(capabilities[kind])) return this.interrupted({ kind: 'capability', capability: kind });
    this.round ??= this.readRound();
    const round = await this.round;
    if (typeof round === 'string') return this.interrupted({ kind: 'invalid', message: round });
    if (Object.prototype.hasOwnProperty.call(round.answers, key)) {
      const answer = round.answers[key];
      const problem = answerProblem(kind, params, answer, this.host.settings.limits);
      if (problem) return this.interrupted({ kind: 'invalid', message: `inputResponses[${JSON.stringify(key)}] does not answer the ${ASK_METHODS[kind]} request: ${problem}` });
      this.taken[key] = answer;
      return answer;
    }
    if (!this.pending) {
      const pending: Record<string, InputRequest> = (this.pending = {});
      setImmediate(() => this.host.interrupt({ kind: 'input', requests: pending, answers: this.taken })); // the asks of this turn, together
    }
    this.pending[key] = { method: ASK_METHODS[kind], params };
    return new Promise(() => undefined); // the call ends with the interim result; this procedure run is dropped
  }

  private interrupted(interruption: Interruption): Promise<never> {
    queueMicrotask(() => this.host.interrupt(interruption)); // after the procedure has returned its Promise
    return new Promise(() => undefined);
  }

  /**
   * The answers of this request. Without a `requestState`: its `inputResponses` as they are (the
   * client's own answers; an ask they do not cover is simply asked). With one: the sealed
   * state's answers plus `inputResponses`, which must answer every request the state waits for.
   */
  private async readRound(): Promise<RoundState | string> {
    const { inbound, toolName, settings } = this.host;
    const params = inbound.params as Record<string, unknown>;
    if (params.requestState === undefined) return { answers: isObject(params.inputResponses) ? params.inputResponses : {}, pending: [], expires: 0 };
    const round = await settings.sealer.open(params.requestState, bindingOf(inbound, toolName), settings.limits.maxRequestStateBytes);
    if (typeof round === 'string') return round;
    const responses = params.inputResponses;
    if (!isObject(responses)) return 'inputResponses must be an object answering the requests of the previous result';
    const missing = round.pending.filter((key) => !Object.prototype.hasOwnProperty.call(responses, key));
    if (missing.length) return `inputResponses must answer ${missing.map((key) => JSON.stringify(key)).join(', ')}`;
    const answers = Object.assign(Object.create(null) as Record<string, unknown>, round.answers);
    for (const key of round.pending) answers[key] = responses[key];
    return { answers, pending: [], expires: round.expires };
  }

  /** Legacy stdio: a request to the client on the connection; its response, once checked, settles the ask. */
  private request(kind: AskKind, params: unknown): Promise<unknown> {
    const { inbound, toolName, signal } = this.host;
    const session = inbound.context.session!;
    if (!isObject(session.clientCapabilities?.[kind])) {
      return Promise.reject(new InputUnavailableError(`Tool "${toolName}" asked the client for ${WHAT[kind]}, but the client did not declare the "${kind}" capability`));
    }
    if (signal.aborted) return Promise.reject(new InputUnavailableError(`Tool "${toolName}" was cancelled`));
    const id = `toolwire-ask-${++nextRequestId}`;
    const method = ASK_METHODS[kind];
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        session.forgetResponse(id);
        reject(new InputUnavailableError(`Tool "${toolName}" stopped waiting for ${method}: the call was cancelled or its connection closed`));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      session.expectResponse(id, (message) => {
        signal.removeEventListener('abort', onAbort);
        const error = isObject(message) && isObject(message.error) ? message.error : undefined;
        if (error) reject(new InputUnavailableError(`The client answered ${method} with an error: ${String(error.message ?? error.code)}`));
        else if (!isObject(message) || !isObject(message.result)) reject(new InputUnavailableError(`The client answered ${method} without a result`));
        else {
          const problem = answerProblem(kind, params, message.result, this.host.settings.limits);
          if (problem) reject(new InvalidAnswerError(`The client's answer to ${method} is not valid: ${problem}`));
          else resolve(message.result);
        }
      });
      inbound.context.notify!(JSON.stringify({ jsonrpc: '2.0', id, method, params }), inbound.profile.era);
    });
  }
}
