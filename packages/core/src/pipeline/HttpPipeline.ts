/**
 * HttpPipeline: the stateless Streamable HTTP endpoint, once for every HTTP adapter. For each
 * {@link HttpExchange} it applies core's HTTP rules in the order SPEC.md gives them (method,
 * Origin, Host, Accept, Content-Type), then — with the `auth` option — the bearer token, before
 * the body; reads the body within `maxBodyBytes` (unless an upstream parser did), hands the
 * message to core's Dispatcher and writes what comes back: core's status, headers and body — or,
 * when a tool call sent notifications and the client accepts `text/event-stream`, an SSE stream
 * of them ending with the response, at the pace the client reads (`maxSseBufferBytes` caps what
 * a slow client may leave waiting). A body over the limit is refused (413) and let go by the
 * exchange (Node: the lingering close). With the (experimental) `serverCard` option, a request
 * whose path ends in `/server-card` gets the server card instead ({@link ServerCardRoute}), before
 * any of the endpoint's rules; with `notificationStream`, a `GET` opens the legacy notification
 * stream ({@link NotificationStreamRoute}). Adapters only translate their framework's request and response into
 * an exchange; options are checked and compiled here, once.
 */
import type { AuthOutcome } from '../httpRules/BearerAuth';
import type { Access } from '../auth/Access';
import type { ToolDeclaration } from '../declaration/ToolDeclaration';
import type { ServiceDefinition } from '../remoting/ServiceDefinition';
import { createDispatcher, Dispatcher } from '../dispatch/Dispatcher';
import type { DispatchResult } from '../dispatch/DispatchResult';
import { HttpRules } from '../httpRules/HttpRules';
import type { HttpRequestHead } from '../httpRules/HttpRules';
import { resolveHttpOptions } from '../httpRules/HttpOptions';
import type { HttpOptions } from '../httpRules/HttpOptions';
import { HttpRefusals } from '../httpRules/HttpRefusal';
import type { HttpRefusal } from '../httpRules/HttpRefusal';
import { ExchangeContext } from './ExchangeContext';
import { ServerCardRoute } from './ServerCardRoute';
import { NotificationStreamRoute } from './NotificationStreamRoute';
import type { BodySink, HttpExchange } from './HttpExchange';
import { decodeChunks } from './utf8';

/** Who serves the endpoint, for the messages of setup errors. */
export interface PipelineOwner {
  /** The package (`@toolwire/express`): named in option errors. */
  readonly name: string;
  /** The factory (`mcpHandler`): named in argument errors, which say it takes `(decl, defs, options?)`. */
  readonly factory: string;
}

const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'Content-Type': 'application/json' });
const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/** The Streamable HTTP endpoint of one declaration, for any number of exchanges. */
export class HttpPipeline {
  /** The endpoint's dispatcher. */
  readonly dispatcher: Dispatcher;
  /** The endpoint's HTTP rules. */
  readonly rules: HttpRules;
  private readonly maxBodyBytes: number;
  private readonly maxSseBufferBytes: number;
  /** The server card (`serverCard` option), served at `<endpoint>/server-card`. */
  private readonly card: ServerCardRoute | undefined;
  /** The legacy `GET` notification stream (`notificationStream` option). */
  private readonly stream: NotificationStreamRoute | undefined;

  /**
   * Checks `decl`, `defs` and the options once and compiles them.
   * @throws TypeError when `decl`, `defs` or an option has the wrong type (the message names `owner`).
   * @example
   * const pipeline = new HttpPipeline({ name: '@me/adapter', factory: 'mcpPlugin' }, decl, defs, options);
   * pipeline.serve(new NodeExchange(req, res));
   */
  constructor(owner: PipelineOwner, decl: ToolDeclaration, defs: ServiceDefinition, options?: HttpOptions) {
    const resolved = resolveHttpOptions(owner.name, options);
    this.dispatcher = createDispatcher(owner.factory, defs, decl, resolved.dispatcher, 'decl, defs');
    this.rules = new HttpRules(resolved, owner.name);
    this.maxBodyBytes = resolved.maxBodyBytes;
    this.maxSseBufferBytes = resolved.maxSseBufferBytes;
    this.card = resolved.serverCard && new ServerCardRoute(decl, resolved.serverCard, `${owner.name}: option serverCard`);
    this.stream = resolved.notificationStream ? new NotificationStreamRoute(this.dispatcher.notifications, this.maxSseBufferBytes) : undefined;
  }

  /** Whether this endpoint serves a server card (the `serverCard` option): adapters with routes add `<endpoint>/server-card`. */
  get servesCard(): boolean {
    return this.card !== undefined;
  }

  /** Answers one exchange; never throws (what goes wrong is a 500, or nothing when nobody is left to answer). */
  serve(exchange: HttpExchange): void {
    if (this.card && ServerCardRoute.matches(exchange.path)) return this.card.serve(exchange);
    const head: HttpRequestHead = {
      method: exchange.method,
      origin: exchange.header('origin'),
      host: exchange.header('host'),
      accept: exchange.header('accept'),
      contentType: exchange.header('content-type'),
      localAddress: exchange.localAddress,
      authorization: exchange.header('authorization'),
    };
    if (this.stream && head.method === 'GET') return this.openStream(exchange, head);
    const refusal = this.rules.check(head);
    if (refusal) return refuse(exchange, refusal);
    const outcome = this.rules.authenticate(head, exchange.request);
    if (outcome instanceof Promise) outcome.then((o) => this.admitted(exchange, o)).catch(() => refuse(exchange, HttpRefusals.internal));
    else this.admitted(exchange, outcome);
  }

  /** A `GET` with the `notificationStream` option: its rules, its token, then the stream. */
  private openStream(exchange: HttpExchange, head: HttpRequestHead): void {
    const stream = this.stream!;
    const refusal = this.rules.checkStream(head);
    if (refusal) return refuse(exchange, refusal);
    const admit = (outcome: AuthOutcome): void => (outcome.refusal ? refuse(exchange, outcome.refusal) : stream.serve(exchange, outcome.access));
    const outcome = this.rules.authenticate(head, exchange.request);
    if (outcome instanceof Promise) outcome.then(admit).catch(() => refuse(exchange, HttpRefusals.internal));
    else admit(outcome);
  }

  /** The request passed every rule but the body's: read it (unless a parser did) and dispatch it. */
  private admitted(exchange: HttpExchange, outcome: AuthOutcome): void {
    if (outcome.refusal) return refuse(exchange, outcome.refusal);
    const access = outcome.access;
    const parsed = exchange.parsedBody;
    if (parsed !== undefined) return this.dispatch(exchange, parsed, access);
    const declared = exchange.header('content-length');
    if (declared !== undefined && Number(declared) > this.maxBodyBytes) return this.tooLarge(exchange);
    exchange.readBody(new BodyReader(this, exchange, access));
  }

  /** Refuses a body over the limit: 413, and the exchange lets the rest of the body go. */
  tooLarge(exchange: HttpExchange): void {
    exchange.discardBody();
    refuse(exchange, this.rules.tooLarge);
  }

  /** Dispatches one message (JSON text or a parsed value) and writes the answer. */
  dispatch(exchange: HttpExchange, message: unknown, access: Access | undefined): void {
    const context = new ExchangeContext(exchange, access, this.maxSseBufferBytes);
    let result: DispatchResult | Promise<DispatchResult>;
    try {
      result = this.dispatcher.handle(message, context);
    } catch {
      return refuse(exchange, HttpRefusals.internal); // the dispatcher does not throw; this is a last resort
    }
    if (result instanceof Promise) result.then((r) => send(exchange, r, context)).catch(() => refuse(exchange, HttpRefusals.internal));
    else send(exchange, result, context);
  }
}

/** Collects one body within the limit, then dispatches it. */
class BodyReader implements BodySink {
  private readonly chunks: Uint8Array[] = [];
  private size = 0;

  constructor(
    private readonly pipeline: HttpPipeline,
    private readonly exchange: HttpExchange,
    private readonly access: Access | undefined,
  ) {}

  chunk(bytes: Uint8Array): boolean {
    this.size += bytes.byteLength;
    if (this.size > this.pipeline.rules.maxBodyBytes) {
      this.chunks.length = 0;
      this.pipeline.tooLarge(this.exchange);
      return false;
    }
    this.chunks.push(bytes);
    return true;
  }

  end(): void {
    this.pipeline.dispatch(this.exchange, decodeChunks(this.chunks, this.size), this.access);
  }

  consumed(): void {
    refuse(this.exchange, HttpRefusals.bodyConsumed);
  }

  failed(): void {
    refuse(this.exchange, HttpRefusals.internal); // a client that went away is not answered (the exchange is no longer answerable)
  }
}

/** Writes a prepared refusal. */
function refuse(exchange: HttpExchange, refusal: HttpRefusal): void {
  exchange.writeHead(refusal.status, refusal.headers);
  exchange.end(refusal);
}

/** Writes what core decided: its status, its headers, its body (202 carries none); after notifications, the last event of the stream. */
function send(exchange: HttpExchange, result: DispatchResult, context: ExchangeContext): void {
  if (context.streaming) return context.endStream(result.status === 202 ? undefined : result.body);
  if (result.status === 202) {
    exchange.writeHead(202, NO_HEADERS);
    return exchange.end();
  }
  exchange.writeHead(result.status, result.headers ? { ...result.headers, ...JSON_HEADERS } : JSON_HEADERS);
  exchange.end(result);
}
