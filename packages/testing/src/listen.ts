/**
 * listen: how the test client opens a subscription in each era and on each transport —
 * 2026-07-28 `subscriptions/listen` (over an HTTP stream or a Dispatcher, or on a stdio
 * connection: waits for its acknowledgement, routes the frames tagged with its id, reads its
 * final result; a refusal before the acknowledgement throws) and the legacy era's channels (the
 * `GET` stream of an HTTP endpoint; a stdio connection's own `list_changed` and
 * `resources/updated`, after `resources/subscribe` for each URI asked).
 */
import { META } from '@toolwire/core';
import { McpSubscription } from './McpSubscription';
import { McpTestClientError } from './McpTestClientError';
import { isRecord } from './isRecord';
import type { StdioConnection } from './stdioConnection';
import type { StreamOpener, StreamRequest } from './streams';

/** What a subscription asks for (2026-07-28 `params.notifications`; legacy stdio subscribes `resourceSubscriptions`). */
export interface ListenFilter {
  toolsListChanged?: boolean;
  promptsListChanged?: boolean;
  resourcesListChanged?: boolean;
  resourceSubscriptions?: string[];
  /** The tasks extension: tasks whose every change is sent as `notifications/tasks`. */
  taskIds?: string[];
}

const ACKNOWLEDGED = 'notifications/subscriptions/acknowledged';
const LEGACY_PUSH = /^notifications\/((tools|prompts|resources)\/list_changed|resources\/updated)$/;

interface Message {
  id?: unknown;
  method?: unknown;
  params?: unknown;
  result?: unknown;
  error?: { code?: unknown; message?: unknown; data?: unknown };
}

/** Routes the messages of one stream into its subscription; settles `ready` at the acknowledgement (or the refusal). */
class Subscribing {
  readonly subscription: McpSubscription;
  readonly ready: Promise<McpSubscription>;
  private settle!: { resolve(s: McpSubscription): void; reject(e: Error): void };
  private acked = false;
  private code = 200;

  /** @param id - the listen's id (2026-07-28); `undefined` for a legacy stream, which is ready at once. */
  constructor(
    private readonly id: string | undefined,
    cancel: () => void,
  ) {
    this.subscription = new McpSubscription(cancel);
    this.ready = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
    if (id === undefined) this.acked = true;
  }

  /** The HTTP status of the stream's response (200 where there is none). */
  status(code: number): void {
    this.code = code;
  }

  message(text: string): void {
    let message: Message;
    try {
      message = JSON.parse(text) as Message;
    } catch {
      return;
    }
    if (typeof message.method !== 'string') return this.response(message);
    const params = isRecord(message.params) ? message.params : {};
    if (!this.acked && message.method === ACKNOWLEDGED) {
      this.acked = true;
      this.subscription.acknowledged = isRecord(params.notifications) ? params.notifications : {};
      return this.settle.resolve(this.subscription);
    }
    this.subscription.push({ method: message.method, params });
  }

  end(): void {
    this.subscription.finish();
    if (!this.acked) this.settle.reject(new McpTestClientError(`subscriptions/listen: the stream ended before it was acknowledged (HTTP ${this.code})`, this.code, undefined, undefined, undefined));
  }

  /** The listen's own response: before the acknowledgement a refusal; after it, how the subscription ended. */
  private response(message: Message): void {
    const error = message.error;
    if (!this.acked) {
      const code = typeof error?.code === 'number' ? error.code : undefined;
      const what = this.id === undefined ? 'GET stream' : 'subscriptions/listen';
      this.acked = true; // settled: the refusal
      this.settle.reject(new McpTestClientError(`${what}: JSON-RPC error ${code}: ${String(error?.message)} (HTTP ${this.code})`, this.code, code, error?.data, message));
      return this.subscription.finish({ error: { code: code ?? 0, message: String(error?.message) } });
    }
    if (error) this.subscription.finish({ error: { code: typeof error.code === 'number' ? error.code : 0, message: String(error.message) } });
    else this.subscription.finish({ result: isRecord(message.result) ? message.result : {} });
  }
}

/** A subscription over a stream (HTTP, a Dispatcher): a 2026-07-28 listen (`id`) or a legacy `GET` stream. */
export async function listenOverStream(open: StreamOpener, request: StreamRequest, id: string | undefined): Promise<McpSubscription> {
  let close = (): void => undefined;
  const subscribing = new Subscribing(id, () => close());
  const opened = await open(request, subscribing);
  close = () => opened.close();
  if (id === undefined) {
    if (opened.status !== 200) {
      subscribing.end();
      throw new McpTestClientError(`GET stream: HTTP ${opened.status}`, opened.status, undefined, undefined, undefined);
    }
    return subscribing.subscription;
  }
  return subscribing.ready;
}

/** A 2026-07-28 listen on a stdio connection: its frames carry its id; closing sends `notifications/cancelled`. */
export function listenOnStdio(stdio: StdioConnection, json: string, id: string): Promise<McpSubscription> {
  const subscribing = new Subscribing(id, () => {
    stop();
    stdio.post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'the client closed the subscription' } }));
  });
  const stop = stdio.tap((message, line) => {
    const ours = message.method === undefined ? message.id === id : isRecord(message.params) && isRecord(message.params._meta) && message.params._meta[META.subscriptionId] === id;
    if (ours) subscribing.message(line);
    if (ours && message.method === undefined) stop(); // the final result: nothing more comes
    return ours;
  });
  stdio.post(json);
  return subscribing.ready;
}

/** A legacy stdio connection's own notifications (`list_changed`, `resources/updated`). */
export function listenOnLegacyStdio(stdio: StdioConnection): McpSubscription {
  const subscribing = new Subscribing(undefined, () => stop());
  const stop = stdio.tap((message, line) => {
    const ours = typeof message.method === 'string' && message.id === undefined && LEGACY_PUSH.test(message.method);
    if (ours) subscribing.message(line);
    return ours;
  });
  return subscribing.subscription;
}
