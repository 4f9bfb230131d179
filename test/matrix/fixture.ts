/**
 * The matrix fixture: one declaration with a tool (or resource, or prompt) for every cross-cutting rule, the dispatcher
 * options that make each rule observable (small limits, a short call timeout, an onError and an audit sink that
 * records), and the tokens of the protected HTTP endpoints. Every transport serves this same
 * service, so a row of the matrix differs between transports only in what the transport is.
 */
import { ArrayType, McpError, MemoryRateLimitStore, ServiceDefinition, ToolDeclaration, booleanType, integerType, stringType } from '@toolwire/core';
import type { AuditEvent, AuthInfo, AuthOptions, CallContext, DispatcherOptions, ErrorInfo } from '@toolwire/core';
import { otelHarness } from '../telemetry/otelHarness';
import type { OtelHarness } from '../telemetry/otelHarness';

export const RESOURCE = 'https://mcp.example.com/mcp';
export const METADATA = 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp';
export const ISSUER = 'https://auth.example.com';

/** A static resource anyone may read, and one whose read needs the scope `admin`. */
export const README_URI = 'test://matrix/readme';
export const SECRET_URI = 'test://matrix/secret';
/** A template whose adjacent-ish variables a backtracking matcher took polynomial time on; its reads need `admin`. */
export const REPORT_TEMPLATE = 'test://matrix/reports/{region}-{year}';
/** A resource whose read procedure throws an {@link McpError}. */
export const REFUSED_URI = 'test://matrix/refused';

/** What the fixture's procedures throw to answer with a JSON-RPC error of their own. */
export const MCP_ERROR = Object.freeze({ code: -31001, message: 'the quota for today is used up', data: Object.freeze({ retryAfterSeconds: 30 }) });

/** The tokens the protected endpoints accept: a reader and an admin. */
export const TOKENS: Readonly<Record<string, AuthInfo>> = Object.freeze({
  reader: Object.freeze({ subject: 'alice', issuer: ISSUER, scopes: Object.freeze(['read']), audience: RESOURCE }),
  admin: Object.freeze({ subject: 'root', issuer: ISSUER, scopes: Object.freeze(['read', 'admin']), audience: RESOURCE }),
});

/** The limits the matrix runs under: small enough that a row can cross each one. */
export const LIMITS = Object.freeze({
  maxDepth: 12,
  maxBatch: 4,
  maxArgumentElements: 16,
  maxStringLength: 64,
  maxUriLength: 64,
  callTimeoutMs: 300,
  maxConcurrentCalls: 2,
  maxConcurrentCallsPerPrincipal: 1,
  maxResourceSubscriptions: 2,
  maxSubscriptions: 3,
  maxSubscriptionsPerPrincipal: 2,
});

/** The rate limit of the `limited` tool: this many calls per principal per window (of the fixture's own clock). */
export const RATE_LIMIT = Object.freeze({ window: '1m', windowMs: 60_000, max: 2 });

/** The task options every transport passes through to its dispatcher (a row reads them back in a CreateTaskResult). */
export const TASK_OPTIONS = Object.freeze({ taskTtlMs: 120_000, taskPollIntervalMs: 50 });

/** Holds calls of the `gate` tool until the test opens it. */
export class Gate {
  private waiting: Array<() => void> = [];
  private arrivals: Array<() => void> = [];

  /** How many calls are held. */
  get held(): number {
    return this.waiting.length;
  }

  /** Resolves once `n` calls are held. */
  async whenHeld(n: number): Promise<void> {
    while (this.waiting.length < n) await new Promise<void>((resolve) => this.arrivals.push(resolve));
  }

  /** Lets every held call finish. */
  open(): void {
    for (const release of this.waiting.splice(0)) release();
  }

  /** The procedure's side: waits until opened. */
  hold(): Promise<string> {
    return new Promise((resolve) => {
      this.waiting.push(() => resolve('passed'));
      for (const wake of this.arrivals.splice(0)) wake();
    });
  }
}

/**
 * Calls of the `hang` tool: each runs until its signal aborts — a row awaits their start, then
 * cancels one and awaits its abort, and reads why its signal aborted.
 */
export class Hang {
  /** The abort reason of every call that ended, in order. */
  readonly aborted: unknown[] = [];
  private running = 0;
  private wakers: Array<() => void> = [];

  /** Resolves once `n` calls run. */
  async whenRunning(n: number): Promise<void> {
    while (this.running < n) await new Promise<void>((resolve) => this.wakers.push(resolve));
  }

  /** Resolves once `n` calls were aborted in all. */
  async whenAborted(n: number): Promise<void> {
    while (this.aborted.length < n) await new Promise<void>((resolve) => this.wakers.push(resolve));
  }

  /** The procedure's side: runs until `signal` aborts, then rejects with its reason. */
  run(signal: AbortSignal): Promise<never> {
    this.running++;
    this.wake();
    return new Promise((_resolve, reject) => {
      const end = () => {
        this.running--;
        this.aborted.push(signal.reason);
        this.wake();
        reject(signal.reason);
      };
      if (signal.aborted) end();
      else signal.addEventListener('abort', end, { once: true });
    });
  }

  private wake(): void {
    for (const wake of this.wakers.splice(0)) wake();
  }
}

/** The audit events as the sink received them, and whoever waits for one of a request. */
class AuditTrail {
  readonly events: AuditEvent[] = [];
  private waiting: Array<() => void> = [];

  push(event: AuditEvent): void {
    this.events.push(event);
    for (const wake of this.waiting.splice(0)) wake();
  }

  async of(id: number): Promise<AuditEvent> {
    for (;;) {
      const event = this.events.find((e) => e.requestId === id);
      if (event) return event;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }
}

/** What one served copy of the fixture records. */
export interface Recorder {
  readonly gate: Gate;
  readonly hang: Hang;
  /** Every error the dispatcher reported to onError, with its info. */
  readonly errors: Array<{ error: unknown; info: ErrorInfo }>;
  /** How many times a procedure that must not run ran, by tool name. */
  readonly ran: Map<string, number>;
  /** The telemetry option's spans (an in-memory exporter; no global context manager). */
  readonly otel: OtelHarness;
  /** The audit option's events, in order. */
  readonly audit: AuditEvent[];
  /** Resolves with the audit event of request `id` once the sink has it: the server is done with the request. */
  audited(id: number): Promise<AuditEvent>;
  /** The audit option's sink. */
  readonly auditSink: (event: AuditEvent) => void;
  /** The rate limiter's clock (ms): a row moves it on a window to start with full quotas. */
  readonly clock: { now: number };
}

/** A fresh declaration, procedure table and recorder. */
export function matrixService(): { decl: ToolDeclaration; defs: ServiceDefinition; recorder: Recorder } {
  const trail = new AuditTrail();
  const recorder: Recorder = { gate: new Gate(), hang: new Hang(), errors: [], ran: new Map(), otel: otelHarness({ global: false }), audit: trail.events, audited: (id) => trail.of(id), auditSink: (event) => trail.push(event), clock: { now: 1_000_000 } };
  const count = (name: string) => recorder.ran.set(name, (recorder.ran.get(name) ?? 0) + 1);
  const decl = new ToolDeclaration('toolwire-matrix', '1.0.0');
  decl.addTool('add', 'Add two integers').addParam('a', integerType()).addParam('b', integerType());
  decl.addTool('echo', 'Echo a string').addParam('message', stringType());
  decl.addTool('sum', 'Sum integers').addParam('values', new ArrayType(integerType()));
  decl.addTool('admin_reset', 'Reset everything (scope admin)').setScopes(['admin']);
  decl.addTool('whoami', 'Who is calling');
  decl.addTool('needs_sampling', 'A tool that needs the client to sample').setRequiredCapabilities({ sampling: {} });
  decl.addTool('slow', 'Runs until its signal aborts');
  decl.addTool('boom', 'Throws an unexpected error');
  decl.addTool('hang', 'Runs until its signal aborts, for the test to cancel');
  decl.addTool('gate', 'Waits until the test opens the gate');
  decl.addTool('region', 'A string mirrored in a header').addParam('region', stringType(), 'Region', { header: 'Region' });
  decl.addTool('port', 'An integer mirrored in a header').addParam('port', integerType(), 'Port', { header: 'Port' });
  decl.addTool('limited', 'Rate-limited per principal');
  decl.addTool('remember', 'Remembers a value for its caller (ctx.state)').addParam('key', stringType()).addParam('value', stringType());
  decl.addTool('recall', 'Recalls a value of its caller (ctx.state)').addParam('key', stringType());
  decl.addTool('flag', 'A boolean mirrored in a header').addParam('on', booleanType(), 'On', { header: 'Flag' });
  decl.addResource(README_URI, 'readme').setMimeType('text/plain').setContents('the matrix readme');
  decl.addResource(SECRET_URI, 'secret').setMimeType('text/plain').setScopes(['admin']);
  decl.addResourceTemplate(REPORT_TEMPLATE, 'report').setMimeType('text/plain').setScopes(['admin']);
  decl.addTool('task_add', 'Adds as a task when the client takes tasks').addParam('a', integerType()).addParam('b', integerType()).setTaskSupport('optional');
  decl.addTool('task_only', 'Runs only as a task').setTaskSupport('required');
  decl.addTool('task_ask', 'Asks the user inside its task').setTaskSupport('optional');
  const brief = decl.addPrompt('brief', 'A brief on a topic').addArgument('topic', 'The topic');
  const opsBrief = decl.addPrompt('ops_brief', 'An operations brief (scope admin)').setScopes(['admin']);
  const slowPrompt = decl.addPrompt('slow_prompt', 'Runs until its signal aborts');
  const gatePrompt = decl.addPrompt('gate_prompt', 'Waits until the test opens the gate');
  const refusedPrompt = decl.addPrompt('refused_prompt', 'Throws an McpError');
  decl.addTool('refused', 'Throws an McpError');
  decl.addResource(REFUSED_URI, 'refused').setMimeType('text/plain');
  const defs = new ServiceDefinition()
    .registerPrompt(brief, ({ topic }) => `Brief me on ${topic}`)
    .registerPrompt(opsBrief, (_args, context) => {
      count('ops_brief');
      return `ops brief for ${context.auth?.subject ?? 'anonymous'}`;
    })
    .registerPrompt(slowPrompt, (_args, context) => new Promise<string>((_resolve, reject) => context.signal.addEventListener('abort', () => reject(context.signal.reason), { once: true })))
    .registerPrompt(gatePrompt, () => recorder.gate.hold())
    .registerPrompt(refusedPrompt, () => {
      throw new McpError(MCP_ERROR.code, MCP_ERROR.message, MCP_ERROR.data);
    })
    .registerProcedure('refused', () => {
      throw new McpError(MCP_ERROR.code, MCP_ERROR.message, MCP_ERROR.data);
    })
    .registerResource(REFUSED_URI, () => {
      throw new McpError(MCP_ERROR.code, MCP_ERROR.message, MCP_ERROR.data);
    })
    .registerProcedure('add', (a: number, b: number) => a + b)
    .registerProcedure('echo', async (message: string) => message)
    .registerProcedure('sum', (values: number[]) => values.reduce((s, v) => s + v, 0))
    .registerProcedure('admin_reset', (context: CallContext) => {
      count('admin_reset');
      return `reset by ${context.auth?.subject}`;
    })
    .registerProcedure('whoami', (context: CallContext) => `${context.auth?.subject ?? 'anonymous'} from ${context.auth?.issuer ?? 'nowhere'}`)
    .registerProcedure('needs_sampling', () => {
      count('needs_sampling');
      return 'sampled';
    })
    .registerProcedure(
      'slow',
      (context: CallContext) => new Promise((_resolve, reject) => context.signal.addEventListener('abort', () => reject(context.signal.reason), { once: true })),
    )
    .registerProcedure('hang', (context: CallContext) => recorder.hang.run(context.signal))
    .registerProcedure('boom', () => {
      throw new Error('secret detail');
    })
    .registerProcedure('gate', () => recorder.gate.hold())
    .registerProcedure('region', (region: string) => region)
    .registerProcedure('port', (port: number) => port)
    .registerProcedure('flag', (on: boolean) => on)
    .registerProcedure('limited', () => {
      count('limited');
      return 'admitted';
    })
    .registerProcedure('remember', async (key: string, value: string, context: CallContext) => {
      await context.state.set(key, value);
      return 'remembered';
    })
    .registerProcedure('recall', async (key: string, context: CallContext) => (await context.state.get<string>(key)) ?? '(nothing)')
    .registerResource(SECRET_URI, () => {
      count('secret');
      return 'classified';
    })
    .registerResource(REPORT_TEMPLATE, (region: string, year: string) => {
      count('report');
      return `report ${region} ${year}`;
    })
    .registerProcedure('task_add', async (a: number, b: number) => a + b)
    .registerProcedure('task_ask', async (context: CallContext) => {
      const answer = await context.elicit({ message: 'Proceed?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } });
      return `asked: ${String(answer.content?.ok)}`;
    })
    .registerProcedure('task_only', (context: CallContext) => {
      count('task_only');
      return `task of ${context.auth?.subject ?? 'anonymous'}`;
    });
  return { decl, defs, recorder };
}

/** The dispatcher options every transport gets. */
export function matrixOptions(recorder: Recorder): DispatcherOptions {
  return {
    ...LIMITS,
    ...TASK_OPTIONS,
    onError: (error, info) => recorder.errors.push({ error, info }),
    telemetry: recorder.otel.telemetry,
    rateLimit: { limits: [{ window: RATE_LIMIT.window, max: RATE_LIMIT.max, per: 'principal+tool', tools: ['limited'] }], store: new MemoryRateLimitStore({ now: () => recorder.clock.now }) },
    state: { allowConnection: true }, // stdio: each connection of the matrix stands for one client
    audit: { sink: recorder.auditSink },
  };
}

/** The `serverCard` option of the HTTP endpoints (experimental). */
export const SERVER_CARD = Object.freeze({ name: 'io.example/matrix', description: 'The matrix fixture' });

/** The auth option of the protected HTTP endpoints. */
export function matrixAuth(): AuthOptions {
  return {
    resource: RESOURCE,
    authorizationServers: [ISSUER],
    verify: (token) => TOKENS[token],
    scopesSupported: ['read', 'admin'],
    listOnlyPermittedTools: true,
  };
}
