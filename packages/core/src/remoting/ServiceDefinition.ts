/**
 * ServiceDefinition: the procedure table — tool names mapped to ordinary functions or methods.
 * tools/call looks the procedure up by the tool's name and calls it with positional arguments.
 */
import { describe } from '../schema/Property';
import { brand } from '../brand';
import { Tool } from '../declaration/Tool';
import { Resource } from '../declaration/Resource';
import { ResourceTemplate } from '../declaration/ResourceTemplate';
import type { ParamSpec, ParamValues } from '../declaration/Tool';
import { Prompt } from '../declaration/Prompt';
import type { CompletionContext } from '../declaration/completion';
import type { ContentBlock } from '../content/blocks';
import type { ToolError } from './ToolError';
import type { ResultMeta } from './ResultMeta';
import type { AskOptions, ElicitRequest, ElicitResult, ListRootsResult, SampleRequest, SampleResult, SchemaElicitRequest, SchemaElicitResult } from './asks';
import type { InferOutput, StandardSchemaV1 } from '../schema/StandardSchema';
import type { LoggingLevel } from '../protocol/logLevels';
import type { CallState } from '../governance/CallState';

/**
 * What a procedure receives after its declared parameters: the call's context — who is calling
 * and how, a signal that aborts when the call is cancelled, and the two ways a long tool talks
 * to its client while it runs: {@link CallContext.progress} and {@link CallContext.log}.
 * @example
 * defs.registerTool(index, async (path, ctx) => {
 *   const files = await list(path, { signal: ctx.signal });
 *   for (let i = 0; i < files.length; i++) {
 *     ctx.progress(i, files.length, `indexing ${files[i]}`); // only if the client asked for progress
 *     await indexFile(files[i], { signal: ctx.signal });
 *   }
 *   ctx.log('info', { indexed: files.length }, 'indexer'); // only if logging is on and the level allows
 *   return files.length;
 * });
 */
export interface CallContext extends CompletionContext {
  /** The tool being called. */
  readonly toolName: string;
  /**
   * State that follows the caller (its principal) across requests — and, with a shared store
   * (the `state` option), across instances: `get`, `set` with a ttl, `delete`, and handles for
   * several conversations' state. One principal never reads another's. A caller no token names
   * gets a `StateUnavailableError` (stdio: unless `state: { allowConnection: true }`).
   * @example
   * await ctx.state.set('favourite', colour, { ttlMs: 3_600_000 });
   * const favourite = await ctx.state.get<string>('favourite');
   */
  readonly state: CallState;
  /**
   * Aborted when the call is cancelled: `notifications/cancelled` (stdio), the client closing
   * the connection (HTTP), or `callTimeoutMs`. Its `reason` says which.
   */
  readonly signal: AbortSignal;
  /**
   * Reports how far the call is: sends `notifications/progress` for the request's
   * `_meta.progressToken`. Without a token (the client did not ask) it is a no-op: nothing is
   * sent and nothing is told (inside a task it sets the task's status message instead). `progress`
   * must grow from one report to the next (as MCP requires); a value that does not is not sent.
   * Nothing is sent once the call has been answered or cancelled.
   * @param progress - how much is done (a finite number).
   * @param total - how much there is in all, when known.
   * @param message - a human-readable note on the current step.
   * @throws TypeError when progress or total is not a finite number, or message not a string.
   * @example
   * ctx.progress(50, 100, 'half way');
   */
  progress(progress: number, total?: number, message?: string): void;
  /**
   * Sends a log message (`notifications/message`) when the declaration enables logging
   * (`new ToolDeclaration(…, { logging: true })`) and `level` is at or above the level in force:
   * on 2026-07-28 the request's `_meta["io.modelcontextprotocol/logLevel"]` — a request without
   * one gets no log at all (that version has no `logging/setLevel`); on legacy versions
   * `logging/setLevel` on a stdio connection, else the declaration's default, `info` (stateless
   * HTTP keeps no level). Below that level it does nothing. On a declaration without `logging: true` nothing is
   * sent and a warning says so on stderr, once per process. Nothing is sent once the call has
   * been answered or cancelled.
   * @param data - any JSON-serializable value (a string, an object …).
   * @param logger - the name of the logger, when there is one.
   * @throws TypeError for an unknown level, data that is not JSON-serializable, or a logger that is not a string.
   * @example
   * ctx.log('warning', { file, reason: 'unreadable' }, 'indexer');
   */
  log(level: LoggingLevel, data: unknown, logger?: string): void;
  /**
   * Asks the user for input through the client (`elicitation/create`) and resolves with the
   * answer. 2026-07-28: the call is answered `input_required` and the procedure runs again with
   * the answer when the client calls back (so code before the ask may run more than once; keep
   * side effects after the asks). Legacy stdio: a request to the client on the connection.
   * Stateless legacy HTTP, a client without the `elicitation` capability (legacy), an error
   * answer or a cancelled call: rejects with `InputUnavailableError` (uncaught: `isError`).
   * @example
   * const answer = await ctx.elicit({ message: `Delete ${file}?`, requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } });
   * if (answer.action !== 'accept' || answer.content?.ok !== true) return 'kept';
   */
  elicit(request: ElicitRequest, options?: AskOptions): Promise<ElicitResult>;
  /**
   * Asks the user with a Standard Schema (zod, valibot, arktype …) instead of a
   * `requestedSchema`: its Standard JSON Schema is sent, and an accepted answer's `content` is
   * validated with it and resolves as its output (typed by the schema). An answer it refuses
   * rejects with `InvalidAnswerError`; otherwise as above.
   * @example
   * const answer = await ctx.elicit({ message: 'Book it?', schema: z.object({ confirm: z.boolean(), seats: z.number().int().min(1) }) });
   * if (answer.action === 'accept' && answer.content.confirm) book(answer.content.seats);
   */
  elicit<S extends StandardSchemaV1>(request: SchemaElicitRequest<S>, options?: AskOptions): Promise<SchemaElicitResult<InferOutput<S>>>;
  /** Asks the client's model for a completion (`sampling/createMessage`); otherwise as {@link CallContext.elicit}. */
  sample(request: SampleRequest, options?: AskOptions): Promise<SampleResult>;
  /** Asks the client for its roots (`roots/list`); otherwise as {@link CallContext.elicit}. */
  listRoots(options?: AskOptions): Promise<ListRootsResult>;
  /**
   * For a tool declared with `setTaskSupport(…, { begins: 'onBeginTask' })`: from here on the
   * call is a task. When the client can take one, the call is answered with the task and the
   * procedure runs again from the start inside it (its earlier asks answered as before), where
   * this resolves at once. Anywhere else (an ordinary call, a tool without that setting) it
   * resolves at once and changes nothing.
   * @example
   * const answer = await ctx.elicit({ message: 'Your name?', requestedSchema }); // a round of the request
   * await ctx.beginTask(); // the client gets the task handle
   * return await render(answer.content?.name); // long work, inside the task
   */
  beginTask(): Promise<void>;
}

/** A tool procedure: positional arguments in declaration order, then the {@link CallContext}. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Procedure = (...args: any[]) => unknown;

/** What a procedure of a tool with output type `O` returns: the value (or it with a result `_meta`, {@link ResultMeta}), a {@link ToolError}, or a Promise of one. */
export type ToolResult<O> = O | ToolError | ResultMeta<O> | Promise<O | ToolError | ResultMeta<O>>;

/**
 * The procedure type of a tool declared with parameters `P` and output `O`: one positional
 * parameter per declared one (optional ones may be `undefined`), then the {@link CallContext}.
 * A tool whose parameters the compiler does not know (a raw input schema, `decl.getTool()`)
 * takes any {@link Procedure}.
 */
export type ToolProcedure<P extends readonly ParamSpec[], O = unknown> = number extends P['length']
  ? Procedure
  : (...args: [...ParamValues<P>, CallContext]) => ToolResult<O>;

/**
 * What a resource read procedure receives after the template's variables (none for a static
 * resource): the URI being read and who is reading it.
 */
export interface ReadContext extends CompletionContext {
  /** The URI of the `resources/read` request. */
  readonly uri: string;
}

/** One item a read returns: text or bytes (base64 on the wire), with its own URI, MIME type or `_meta` when they differ from the resource's. */
export interface ReadContent {
  uri?: string;
  mimeType?: string;
  text?: string;
  blob?: Uint8Array | ArrayBuffer;
  _meta?: Record<string, unknown>;
}

/**
 * What a read procedure returns: a string (text), bytes (a blob), one {@link ReadContent} or a
 * list of them — or `undefined`/`null` when there is no such resource (answered as an unknown
 * URI). A Promise of any of these.
 */
export type ReadResult = string | Uint8Array | ArrayBuffer | ReadContent | readonly ReadContent[] | null | undefined;

/** A read procedure: the template's variables (none for a static resource), then the {@link ReadContext}. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ReadProcedure = (...args: any[]) => ReadResult | Promise<ReadResult>;

/**
 * What a prompt procedure receives after its arguments: the call context of a tool call (who
 * is calling, the signal, progress, log, asks of the client — `ctx.elicit` and `ctx.sample`
 * work as in a tool), without what only tools have (`toolName`, `beginTask`).
 */
export type PromptContext = Omit<CallContext, 'toolName' | 'beginTask'>;

/** One message of a prompt: a role and one content block (text, image, audio, an embedded resource, a resource link). */
export interface PromptMessage {
  role: 'user' | 'assistant';
  content: ContentBlock;
}

/**
 * What a prompt procedure returns: a string (one user text message), one {@link PromptMessage},
 * an array of them, or `{ description?, messages }` — or a Promise of any of these.
 */
export type PromptResult = string | PromptMessage | readonly PromptMessage[] | { description?: string; messages: readonly PromptMessage[] };

/** The procedure of a prompt declared with arguments `A`: the arguments as an object (strings; optional ones may be absent), then the {@link PromptContext}. */
export type PromptProcedure<A extends object = Record<string, string | undefined>> = (args: A, ctx: PromptContext) => PromptResult | Promise<PromptResult>;

/** A registered procedure: the function and the `this` it is called with. */
export interface ProcedureEntry {
  readonly fn: Procedure;
  readonly thisArg: unknown;
}

/**
 * The table of procedures a transport serves, by tool name.
 * @example
 * const defs = new ServiceDefinition()
 *   .registerProcedure('add', (a: number, b: number) => a + b)
 *   .registerProcedure('echo', async (message: string) => message);
 */
export class ServiceDefinition {
  private readonly procedures = new Map<string, ProcedureEntry>();
  private readonly readers = new Map<string, ReadProcedure>();
  private readonly promptProcedures = new Map<string, PromptProcedure>();

  /**
   * Registers `fn` as the procedure of `prompt` (from `decl.addPrompt`), typed from its
   * declaration: `args` holds the declared arguments (strings; optional ones may be absent),
   * then the {@link PromptContext}. It returns a string, a message, messages or
   * `{ description?, messages }`.
   * @example
   * const review = decl.addPrompt('review', 'Review code').addArgument('code', 'The code');
   * defs.registerPrompt(review, ({ code }) => `Please review this code:\n${code}`);
   */
  registerPrompt<A extends object>(prompt: Prompt<A>, fn: PromptProcedure<A>): this {
    if (!(prompt instanceof Prompt)) throw new TypeError(`registerPrompt: expected a Prompt (from decl.addPrompt), got ${describe(prompt)}`);
    if (typeof fn !== 'function') throw new TypeError(`registerPrompt "${prompt.name}": expected a function, got ${describe(fn)}`);
    if (this.promptProcedures.has(prompt.name)) throw new RangeError(`registerPrompt: duplicate procedure for prompt "${prompt.name}"`);
    this.promptProcedures.set(prompt.name, fn as PromptProcedure);
    return this;
  }

  /** The procedure registered for the prompt named `name`, or `undefined`. */
  getPromptProcedure(name: string): PromptProcedure | undefined {
    return this.promptProcedures.get(name);
  }

  /** The names of the prompts procedures are registered for. */
  get promptNames(): readonly string[] {
    return [...this.promptProcedures.keys()];
  }

  /**
   * Registers the read procedure of a resource or resource template (by the object from
   * `decl.addResource`/`addResourceTemplate`, or by its URI or template text). A static
   * resource's procedure receives the {@link ReadContext}; a template's receives its variables
   * in template order (converted to their declared types), then the context. A template's
   * variables arrive percent-decoded (`a%2Fb` is `a/b`); a decoded value holding `/`, `\`, `..`
   * or NUL is refused with -32602 before `fn` runs, unless the template's `allowAnyValue(name)`
   * lets that variable take it.
   * @example defs.registerResource('test://notes/{id}', (id: string) => notes.get(id))
   */
  registerResource(resource: Resource | ResourceTemplate | string, fn: ReadProcedure): this {
    const key = typeof resource === 'string' ? resource : resource instanceof Resource ? resource.uri : resource instanceof ResourceTemplate ? resource.uriTemplate : undefined;
    if (typeof key !== 'string' || !key) throw new TypeError(`registerResource: expected a Resource, a ResourceTemplate or a URI string, got ${describe(resource)}`);
    if (typeof fn !== 'function') throw new TypeError(`registerResource "${key}": expected a function, got ${describe(fn)}`);
    if (this.readers.has(key)) throw new RangeError(`registerResource: duplicate read procedure for "${key}"`);
    this.readers.set(key, fn);
    return this;
  }

  /** The read procedure registered for a resource URI or template text, or `undefined`. */
  getResourceReader(uriOrTemplate: string): ReadProcedure | undefined {
    return this.readers.get(uriOrTemplate);
  }

  /**
   * Registers `fn` as the procedure of `tool` (under its name), typed from the declaration: its
   * parameters are the tool's, in order, then the {@link CallContext} — for a tool declared with
   * a Standard Schema (`setInput`, `addTool(name, description, { input })`) one object, the
   * schema's validated output; its result is the output type of {@link Tool.setOutput}
   * (anything for a text or content tool).
   * @example
   * const add = decl.addTool('add', 'Add two integers').addParam('a', integerType()).addParam('b', integerType());
   * defs.registerTool(add, (a, b) => a + b); // a: number, b: number
   * @example
   * const sum = decl.addTool('sum', 'Add numbers', { input: z.object({ values: z.array(z.number()) }) });
   * defs.registerTool(sum, ({ values }, ctx) => values.reduce((a, b) => a + b, 0)); // values: number[]
   */
  registerTool<P extends readonly ParamSpec[], O>(tool: Tool<P, O>, fn: ToolProcedure<P, O>): this {
    if (!(tool instanceof Tool)) throw new TypeError(`registerTool: expected a Tool (from decl.addTool), got ${describe(tool)}`);
    return this.registerProcedure(tool.name, fn as Procedure);
  }

  /** Registers `fn` under `name`. It may return a value or a Promise. */
  registerProcedure(name: string, fn: Procedure): this;
  /** Registers the method `methodName` of `obj` under `name`; it is called with `this === obj`. */
  registerProcedure<T extends object>(name: string, obj: T, methodName: keyof T & string): this;
  registerProcedure(name: string, fnOrObj: unknown, methodName?: string): this {
    if (typeof name !== 'string' || name === '') {
      throw new TypeError(`registerProcedure: expected a non-empty string name, got ${describe(name)}`);
    }
    if (this.procedures.has(name)) throw new RangeError(`registerProcedure: duplicate procedure "${name}"`);
    let entry: ProcedureEntry;
    if (methodName === undefined) {
      if (typeof fnOrObj !== 'function') {
        throw new TypeError(`registerProcedure "${name}": expected a function, got ${describe(fnOrObj)}`);
      }
      entry = { fn: fnOrObj as Procedure, thisArg: undefined };
    } else {
      if (typeof fnOrObj !== 'object' || fnOrObj === null) {
        throw new TypeError(`registerProcedure "${name}": expected an object, got ${describe(fnOrObj)}`);
      }
      const method = (fnOrObj as Record<string, unknown>)[methodName];
      if (typeof method !== 'function') {
        throw new TypeError(`registerProcedure "${name}": expected method "${methodName}" to be a function, got ${describe(method)}`);
      }
      entry = { fn: method as Procedure, thisArg: fnOrObj };
    }
    this.procedures.set(name, entry);
    return this;
  }

  /** The procedure registered under `name`, or `undefined`. */
  getProcedure(name: string): ProcedureEntry | undefined {
    return this.procedures.get(name);
  }
}

brand(ServiceDefinition, 'ServiceDefinition');
