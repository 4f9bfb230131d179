/**
 * ToolCallContext: the CallContext a procedure receives. Everything it offers is looked up only
 * when read or called — the signal, the client's capabilities, the progress token, the logging
 * level — so a call that uses none of it costs one small object and nothing else. Its
 * notifications go to the transport's sink (`DispatchContext.notify`) while the call is open:
 * not after it was answered, timed out or cancelled.
 */
import type { CallContext } from '../remoting/ServiceDefinition';
import type { Era } from '../protocol/profile';
import { isLoggingLevel, LOGGING_LEVELS, passes } from '../protocol/logLevels';
import type { LoggingLevel } from '../protocol/logLevels';
import type { RequestId } from './jsonRpc';
import type { InboundRequest } from './Inbound';
import type { InFlightCall } from './Session';
import { clientCapabilitiesOf, loggingLevelOf } from './callScope';
import { messageNotification, progressNotification, progressTokenOf } from './notifications';
import type { ProgressToken } from './notifications';
import type { AuthInfo } from '../auth/AuthInfo';
import type { Principal } from '../auth/Principal';
import { principalOf } from './principal';
import { CallAsks } from './asks/CallAsks';
import type { AskSettings, Interruption } from './asks/CallAsks';
import type { AskKind } from './asks/AskKind';
import { InputUnavailableError } from '../remoting/InputUnavailableError';
import { warnOnce } from '../faults/warnOnce';
import type { TaskHooks } from './tasks/TaskHooks';
import type { AskOptions, ElicitRequest, ElicitResult, ListRootsResult, SampleRequest, SampleResult, SchemaElicitRequest, SchemaElicitResult } from '../remoting/asks';
import type { InferOutput, StandardSchemaV1 } from '../schema/StandardSchema';
import { elicitWithSchema } from './asks/elicitWithSchema';
import { callState } from '../governance/CallState';
import type { CallState } from '../governance/CallState';
import { resolveState } from '../governance/StateOptions';
import type { ResolvedState } from '../governance/StateOptions';

/** The `state` option's defaults, for a context made without a dispatcher's (made once, on first use). */
let defaultState: ResolvedState | undefined;
const DEFAULT_STATE = (): ResolvedState => (defaultState ??= resolveState(undefined));

const NEVER_ABORTED = new AbortController().signal;

/** Not looked up yet (a token is a string or a number; `undefined` means "none"). */
const UNREAD = null;

/** The context of one tools/call. */
export class ToolCallContext implements CallContext {
  readonly requestId: RequestId;
  readonly protocolVersion: string;
  readonly era: Era;
  /** Set by the ToolCaller once the call is answered (or timed out): later notifications are dropped. */
  finished = false;
  private lastProgress = -Infinity;
  private token: ProgressToken | undefined | typeof UNREAD = UNREAD;

  /**
   * @param defaultLevel - the declaration's logging level, `undefined` when logging is off.
   */
  constructor(
    readonly inbound: InboundRequest,
    readonly toolName: string,
    private readonly call: InFlightCall | undefined,
    private readonly defaultLevel: LoggingLevel | undefined,
    /** What its asks need: the `requestState` sealer and the limits answers pass. */
    readonly askSettings: AskSettings,
    /** The `state` option (absent: its defaults). */
    private readonly stateOptions: ResolvedState | undefined = undefined,
  ) {
    this.requestId = inbound.id;
    this.protocolVersion = inbound.profile.version;
    this.era = inbound.profile.era;
  }

  get signal(): AbortSignal {
    return this.call ? this.call.signal : (this.inbound.context.signal ?? NEVER_ABORTED);
  }

  get request(): unknown {
    return this.inbound.context.request;
  }

  get auth(): AuthInfo | undefined {
    return this.inbound.context.access?.auth;
  }

  get principal(): Principal {
    return principalOf(this.inbound.context);
  }

  private states: CallState | undefined;

  get state(): CallState {
    return (this.states ??= callState(this.principal, this.stateOptions ?? DEFAULT_STATE()));
  }

  get clientCapabilities(): Readonly<Record<string, unknown>> {
    return clientCapabilitiesOf(this.inbound);
  }

  progress(progress: number, total?: number, message?: string): void {
    if (typeof progress !== 'number' || !Number.isFinite(progress)) throw new TypeError(`progress: expected a finite number, got ${String(progress)}`);
    if (total !== undefined && (typeof total !== 'number' || !Number.isFinite(total))) throw new TypeError(`progress: expected total to be a finite number, got ${String(total)}`);
    if (message !== undefined && typeof message !== 'string') throw new TypeError(`progress: expected message to be a string, got ${typeof message}`);
    if (this.taskHooks) {
      if (!this.finished) this.taskHooks.status(message ?? (total === undefined ? `${progress}` : `${progress}/${total}`));
      return;
    }
    if (!this.open) return;
    if (this.token === UNREAD) this.token = progressTokenOf(this.inbound.params);
    if (this.token === undefined || !(progress > this.lastProgress)) return;
    this.lastProgress = progress;
    this.inbound.context.notify?.(progressNotification(this.token, progress, total, message), this.era);
  }

  log(level: LoggingLevel, data: unknown, logger?: string): void {
    if (!isLoggingLevel(level)) throw new TypeError(`log: expected a level (${LOGGING_LEVELS.join(', ')}), got ${JSON.stringify(level) ?? String(level)}`);
    if (logger !== undefined && typeof logger !== 'string') throw new TypeError(`log: expected logger to be a string, got ${typeof logger}`);
    if (this.defaultLevel === undefined) {
      warnOnce('ctx.log without logging', `ctx.log (tool "${this.toolName}") sends nothing: the declaration does not enable logging — create it with new ToolDeclaration(name, version, { logging: true })`);
      return;
    }
    if (!this.open) return;
    const floor = loggingLevelOf(this.inbound, this.defaultLevel);
    if (floor === undefined || !passes(level, floor)) return;
    let json: string | undefined;
    try {
      json = JSON.stringify(data);
    } catch (error) {
      throw new TypeError(`log: expected JSON-serializable data (${error instanceof Error ? error.message : String(error)})`, { cause: error });
    }
    this.inbound.context.notify?.(messageNotification(level, json ?? 'null', logger), this.era);
  }

  /** @internal Set by the ToolCaller inside a task: asks go to the task, progress sets its status message. */
  taskHooks: TaskHooks | undefined;

  /** @internal Set by the ToolCaller when `beginTask()` turns this call into a task. */
  onBeginTask = false;

  beginTask(): Promise<void> {
    if (!this.onBeginTask || this.finished) return Promise.resolve();
    const answers = this.asks?.answers ?? {};
    queueMicrotask(() => this.onInterrupt({ kind: 'task', answers })); // after the procedure has returned its Promise
    return new Promise(() => undefined); // this run is dropped: the task runs the procedure again
  }

  /** @internal Set by the ToolCaller: ends the call early when an ask needs a round trip (2026-07-28). */
  onInterrupt: (interruption: Interruption) => void = () => undefined;

  private asks: CallAsks | undefined;

  /** @internal Set by the ToolCaller: told when a task starts (`true`) and stops (`false`) waiting for the client's input. */
  onWaiting: (waiting: boolean) => void = () => undefined;

  /** Asks of a task still unanswered. */
  private waits = 0;

  /** @internal Whether a task's procedure waits for the client's input now. */
  get waiting(): boolean {
    return this.waits > 0;
  }

  /** `asked`, while which the task waits for the client (and holds no call slot). */
  private waitingFor<T>(asked: Promise<T>): Promise<T> {
    if (this.waits++ === 0) this.onWaiting(true);
    const done = (): void => {
      if (--this.waits === 0) this.onWaiting(false);
    };
    return asked.then(
      (value) => {
        done();
        return value;
      },
      (error: unknown) => {
        done();
        throw error;
      },
    );
  }

  elicit(request: ElicitRequest, options?: AskOptions): Promise<ElicitResult>;
  elicit<S extends StandardSchemaV1>(request: SchemaElicitRequest<S>, options?: AskOptions): Promise<SchemaElicitResult<InferOutput<S>>>;
  elicit(request: ElicitRequest | SchemaElicitRequest, options?: AskOptions): Promise<unknown> {
    if (typeof request === 'object' && request !== null && request.schema !== undefined) return elicitWithSchema(request as SchemaElicitRequest, (params) => this.ask('elicitation', params, options));
    return this.ask('elicitation', request, options);
  }

  sample(request: SampleRequest, options?: AskOptions): Promise<SampleResult> {
    return this.ask('sampling', request, options) as Promise<SampleResult>;
  }

  listRoots(options?: AskOptions): Promise<ListRootsResult> {
    return this.ask('roots', {}, options) as Promise<ListRootsResult>;
  }

  private ask(kind: AskKind, params: unknown, options: AskOptions | undefined): Promise<unknown> {
    if (typeof params !== 'object' || params === null) return Promise.reject(new TypeError(`expected the ${kind} request as an object, got ${params === null ? 'null' : typeof params}`));
    if (this.finished) return Promise.reject(new InputUnavailableError(`Tool "${this.toolName}" asked after its call was answered`));
    if (this.taskHooks) return this.waitingFor(this.taskHooks.ask(kind, params, options?.key));
    this.asks ??= new CallAsks({ inbound: this.inbound, toolName: this.toolName, settings: this.askSettings, signal: this.signal, interrupt: (i) => this.onInterrupt(i) });
    return this.asks.ask(kind, params, options?.key);
  }

  /** Notifications may still be sent: there is a sink, and the call is neither answered nor cancelled. */
  private get open(): boolean {
    return !this.finished && this.inbound.context.notify !== undefined && !this.call?.cancelled;
  }
}
