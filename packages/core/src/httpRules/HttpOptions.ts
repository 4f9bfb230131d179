/**
 * HttpOptions: the options every HTTP transport (`@toolwire/express`, `@toolwire/fetch`) accepts
 * — the dispatcher's plus the HTTP rules' — and the one place they are checked and given their
 * defaults, at construction, never per request.
 */
import { checkDispatcherOptions, describeArgument as describe } from '../dispatch/setup';
import type { DispatcherOptions } from '../dispatch/setup';
import { resolveAuthOptions } from './AuthOptions';
import type { AuthOptions, ResolvedAuth } from './AuthOptions';
import { DEFAULT_MAX_SSE_BUFFER_BYTES } from './EventQueue';
import { resolveServerCardOptions } from '../identity/serverCard';
import type { ServerCardOptions } from '../identity/serverCard';
import type { CheckedRegistryFields } from '../identity/registryFields';

/** Options of the HTTP transports: the dispatcher's plus the HTTP rules'. */
export interface HttpOptions extends DispatcherOptions {
  /**
   * Origins allowed besides the request's own (e.g. `https://app.example.com`). Default: none —
   * a request with a foreign `Origin` is refused with 403.
   */
  allowedOrigins?: string[];
  /**
   * Host names the `Host` header may carry (port ignored). Default: unset — on a loopback
   * address (or where the transport cannot see the address) only `localhost`, `127.0.0.1` and
   * `[::1]`; on other addresses any host.
   */
  allowedHosts?: string[];
  /** Largest body read from the stream, in bytes (default 4 MiB); larger → 413. */
  maxBodyBytes?: number;
  /**
   * Most bytes an SSE response may hold for a client that does not read (queued events plus
   * what the socket or stream still buffers; default 1 MiB). While the client pushes back, a
   * progress notification replaces the one still queued for its token; past this cap the
   * call's signal aborts (the call ends as cancelled) and the stream is cut off.
   */
  maxSseBufferBytes?: number;
  /** Require `Accept` to list both `application/json` and `text/event-stream` (default false) → 406. */
  strictAccept?: boolean;
  /**
   * Make the endpoint an OAuth 2.1 protected resource: every request needs a valid bearer
   * token issued for `auth.resource` (401 otherwise, before the body is read). See {@link AuthOptions}.
   */
  auth?: AuthOptions;
  /**
   * Experimental (SEP-2127, draft): serve the server card at `<endpoint>/server-card` (GET,
   * `application/mcp-server-card+json`, open CORS, ETag/304), built from the declaration's identity
   * plus these fields: the registry `name` (`io.example/tools`; default: the declaration's name
   * when it has that form), a `description` of 1–100 characters, `repository` and `remotes`.
   */
  serverCard?: ServerCardOptions;
  /**
   * Serve `GET` as the legacy era's notification stream (default false: `GET` is 405): a
   * 2025-11-25 (or older) client that opens one with `Accept: text/event-stream` hears every
   * `notifications/{tools,prompts,resources}/list_changed` published on the notification bus — broadcasts only, since a
   * stateless endpoint holds no per-client subscription (`resources/subscribe` stays unsupported
   * over HTTP). With it, a legacy `initialize` declares `listChanged`. Bounded like listens
   * (`maxSubscriptions`, per principal: 503), with keep-alives (`keepAliveMs`).
   */
  notificationStream?: boolean;
}

/** The checked options, defaults applied. */
export interface ResolvedHttpOptions {
  readonly dispatcher: DispatcherOptions;
  readonly allowedOrigins: readonly string[] | undefined;
  readonly allowedHosts: readonly string[] | undefined;
  readonly maxBodyBytes: number;
  readonly maxSseBufferBytes: number;
  readonly strictAccept: boolean;
  /** The checked `auth` option; `undefined` when the endpoint is open. */
  readonly auth?: ResolvedAuth;
  /** The checked `serverCard` option; `undefined` when no card is served. */
  readonly serverCard?: CheckedRegistryFields;
  /** Whether `GET` opens the legacy notification stream. */
  readonly notificationStream: boolean;
}

/** The options an HTTP transport takes off before the dispatcher's, for the list an unknown option's error gives. */
const HTTP_OPTION_NAMES: readonly string[] = Object.freeze(['allowedOrigins', 'allowedHosts', 'maxBodyBytes', 'maxSseBufferBytes', 'strictAccept', 'auth', 'serverCard', 'notificationStream']);

/** The default body limit: 4 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Checks the options once and applies the defaults.
 * @param owner - the package or factory asking, for the messages (`@toolwire/express`).
 * @throws TypeError naming the option, what was expected and what was given.
 */
export function resolveHttpOptions(owner: string, options: unknown): ResolvedHttpOptions {
  if (options === undefined) options = {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(`${owner}: expected an options object, got ${describe(options)}`);
  }
  const { allowedOrigins, allowedHosts, maxBodyBytes: maxBody, maxSseBufferBytes: maxSse, strictAccept, auth, serverCard, notificationStream, ...dispatcherOptions } = options as Record<string, unknown>;
  const o = { allowedOrigins, allowedHosts, maxBodyBytes: maxBody, maxSseBufferBytes: maxSse, strictAccept };
  // everything that is not an HTTP option goes to the dispatcher, which refuses unknown names
  const dispatcher = checkDispatcherOptions(owner, dispatcherOptions, HTTP_OPTION_NAMES);
  const optionError = (name: string, expected: string, got: unknown): TypeError =>
    new TypeError(`${owner}: option ${name}: expected ${expected}, got ${describe(got)}`);
  const stringList = (name: string, value: unknown): readonly string[] | undefined => {
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) throw optionError(name, 'an array of non-empty strings', value);
    const bad = value.findIndex((v) => typeof v !== 'string' || v === '');
    if (bad >= 0) throw optionError(`${name}[${bad}]`, 'a non-empty string', value[bad]);
    return [...(value as string[])];
  };
  if (o.strictAccept !== undefined && typeof o.strictAccept !== 'boolean') throw optionError('strictAccept', 'a boolean', o.strictAccept);
  if (notificationStream !== undefined && typeof notificationStream !== 'boolean') throw optionError('notificationStream', 'a boolean', notificationStream);
  const positive = (name: string, value: unknown, fallback: number): number => {
    const n = value ?? fallback;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n <= 0) throw optionError(name, 'a positive integer', value);
    return n;
  };
  return {
    dispatcher,
    allowedOrigins: stringList('allowedOrigins', o.allowedOrigins),
    allowedHosts: stringList('allowedHosts', o.allowedHosts),
    maxBodyBytes: positive('maxBodyBytes', o.maxBodyBytes, DEFAULT_MAX_BODY_BYTES),
    maxSseBufferBytes: positive('maxSseBufferBytes', o.maxSseBufferBytes, DEFAULT_MAX_SSE_BUFFER_BYTES),
    strictAccept: o.strictAccept === true,
    notificationStream: notificationStream === true,
    ...(auth === undefined ? {} : { auth: resolveAuthOptions(owner, auth) }),
    ...(serverCard === undefined ? {} : { serverCard: resolveServerCardOptions(`${owner}: option serverCard`, serverCard) }),
  };
}
