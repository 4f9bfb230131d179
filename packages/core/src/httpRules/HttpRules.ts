/**
 * HttpRules: the HTTP checks of the stateless Streamable HTTP endpoint, compiled once from the
 * options and shared by every HTTP transport, so Express, `node:http` and Web-standard `fetch`
 * handlers refuse the same requests with the same statuses and bytes. A transport reads the
 * request head into an {@link HttpRequestHead}, asks {@link HttpRules.check}, and either writes
 * the refusal or reads the body (at most `maxBodyBytes`, else `tooLarge`) and dispatches it.
 */
import type { DispatcherOptions } from '../dispatch/setup';
import type { ResolvedHttpOptions } from './HttpOptions';
import { HttpRefusal, HttpRefusals, payloadTooLarge } from './HttpRefusal';
import { createOriginRule, OriginRule } from './originRule';
import { createHostRule, HostRule } from './hostRule';
import { acceptsJsonAndEventStream } from './accept';
import { acceptsEventStream } from './eventStream';
import { isJsonContentType } from './contentType';
import { logToStderr } from '../dispatch/errorPolicy';
import { BearerAuth } from './BearerAuth';
import { Forbidden } from './forbidden';
import type { AuthOutcome } from './BearerAuth';

/** What the rules look at: the method and four headers of a request, and where it arrived. */
export interface HttpRequestHead {
  readonly method: string | undefined;
  /** The `Origin` header, `undefined` when absent. */
  readonly origin: string | undefined;
  /** The `Host` header (Web runtimes: the request URL's host when the header is absent). */
  readonly host: string | undefined;
  readonly accept: string | undefined;
  readonly contentType: string | undefined;
  /**
   * The local address the request arrived on (Node: `req.socket.localAddress`). Leave it out
   * when the transport cannot know it: without `allowedHosts`, only the loopback names pass then.
   */
  readonly localAddress?: string;
  /** The `Authorization` header; read only when the endpoint has the `auth` option. */
  readonly authorization?: string;
}

/** Without the `auth` option every request passes, with no access to check. */
const OPEN: AuthOutcome = Object.freeze({ access: undefined });

/** The HTTP rules of one endpoint, compiled from its options. */
export class HttpRules {
  /** The options for the endpoint's `Dispatcher`. */
  readonly dispatcher: DispatcherOptions;
  /** The body limit in bytes. */
  readonly maxBodyBytes: number;
  /** The 413 refusal for a body over {@link maxBodyBytes}. */
  readonly tooLarge: HttpRefusal;
  private readonly originAllowed: OriginRule;
  private readonly hostAllowed: HostRule;
  private readonly strictAccept: boolean;
  private readonly bearer: BearerAuth | undefined;
  /** The 403s naming the refused Origin or Host, each logged once. */
  private readonly forbidden = new Forbidden();

  /**
   * Compiles the rules once from options checked by {@link resolveHttpOptions}.
   * @param owner - the package or factory asking, for error messages (`@toolwire/fetch`).
   * @throws TypeError for an `allowedOrigins` or `allowedHosts` entry that is not an origin or host.
   * @example
   * const rules = new HttpRules(resolveHttpOptions('my-adapter', options), 'my-adapter');
   */
  constructor(resolved: ResolvedHttpOptions, owner: string) {
    this.dispatcher = resolved.dispatcher;
    this.maxBodyBytes = resolved.maxBodyBytes;
    this.tooLarge = payloadTooLarge(resolved.maxBodyBytes);
    this.originAllowed = createOriginRule(resolved.allowedOrigins, owner);
    this.hostAllowed = createHostRule(resolved.allowedHosts, owner);
    this.strictAccept = resolved.strictAccept;
    this.bearer = resolved.auth && new BearerAuth(resolved.auth, resolved.dispatcher.onError ?? logToStderr);
  }

  /**
   * The first rule the request head breaks, in the order of the specification (method, Origin,
   * Host, Accept, Content-Type), as the refusal to send; `undefined` when the body may be read.
   * A refused Origin or Host is named in the 403 with the option that admits it, and logged on
   * stderr once per value.
   */
  check(head: HttpRequestHead): HttpRefusal | undefined {
    if (head.method !== 'POST') return HttpRefusals.methodNotAllowed;
    if (head.origin !== undefined && !this.originAllowed(head.origin, head.host)) return this.forbidden.origin(head.origin);
    if (!this.hostAllowed(head.host, head.localAddress)) return this.forbidden.host(head.host);
    if (this.strictAccept && !acceptsJsonAndEventStream(head.accept)) return HttpRefusals.notAcceptable;
    if (!isJsonContentType(head.contentType)) return HttpRefusals.unsupportedMediaType;
    return undefined;
  }

  /**
   * The rules of a `GET` notification stream (the `notificationStream` option): Origin, Host,
   * then `Accept: text/event-stream` (406); `undefined` when it may open.
   */
  checkStream(head: HttpRequestHead): HttpRefusal | undefined {
    if (head.origin !== undefined && !this.originAllowed(head.origin, head.host)) return this.forbidden.origin(head.origin);
    if (!this.hostAllowed(head.host, head.localAddress)) return this.forbidden.host(head.host);
    if (!acceptsEventStream(head.accept)) return HttpRefusals.streamNotAcceptable;
    return undefined;
  }

  /**
   * The authorization rules (the `auth` option), after {@link check} passed and before the body
   * is read: a 401/403 refusal with its `WWW-Authenticate` challenge, or the request's access
   * to pass to the dispatcher as `context.access` (`undefined` for an open endpoint). `verify`
   * runs once; the result is a Promise only when it returned one. Never rejects.
   * @param request - the transport's request, handed to `verify`.
   */
  authenticate(head: HttpRequestHead, request?: unknown): AuthOutcome | Promise<AuthOutcome> {
    return this.bearer ? this.bearer.authenticate(head.authorization, request) : OPEN;
  }
}
