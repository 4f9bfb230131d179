/**
 * NotificationStreamRoute: the legacy era's `GET` stream of a stateless endpoint (the
 * `notificationStream` option) — an SSE response held by the dispatcher's notification hub that
 * carries every `list_changed` published on the bus (broadcasts only: nothing per client can be
 * subscribed without a session). It is bounded like a listen (`maxSubscriptions`, per principal:
 * 503 with `Retry-After`), written at the client's pace (`maxSseBufferBytes`: a client that stops
 * reading is cut off and let go), kept alive with comments when idle, and ended when the client
 * goes away, the server ends its subscriptions, or the bus goes down. A 2026-07-28 client is sent
 * to `subscriptions/listen` (405).
 */
import type { Access } from '../auth/Access';
import { isModernVersion } from '../protocol/profile';
import { principalOf } from '../dispatch/principal';
import type { NotificationHub } from '../dispatch/subscriptions/NotificationHub';
import { Listener } from '../dispatch/subscriptions/Listener';
import { HttpRefusals, streamBusy } from '../httpRules/HttpRefusal';
import type { HttpRefusal } from '../httpRules/HttpRefusal';
import { EVENT_STREAM_HEADERS } from '../httpRules/eventStream';
import { EventStreamWriter } from './EventStreamWriter';
import type { HttpExchange } from './HttpExchange';

/** The `GET` stream of one endpoint. */
export class NotificationStreamRoute {
  constructor(
    private readonly hub: NotificationHub,
    private readonly maxSseBufferBytes: number,
  ) {
    hub.broadcasts = true; // a legacy initialize over this endpoint may now declare listChanged
  }

  /** Opens the stream of an admitted `GET` (its head rules and token already checked), or refuses it. */
  serve(exchange: HttpExchange, access: Access | undefined): void {
    const version = exchange.header('mcp-protocol-version');
    if (version !== undefined && isModernVersion(version.trim())) return refuse(exchange, HttpRefusals.modernStream);
    const principal = principalOf({ access }).key;
    const problem = this.hub.refusal(principal);
    if (problem) return refuse(exchange, streamBusy(problem));
    if (!exchange.answerable) return;
    const hub = this.hub;
    let open = true;
    const release = (): void => {
      if (!open) return;
      open = false;
      hub.detach(listener);
    };
    exchange.writeHead(200, EVENT_STREAM_HEADERS);
    const writer = new EventStreamWriter(exchange, this.maxSseBufferBytes, release);
    const close = (): void => {
      release();
      writer.end(undefined);
    };
    const listener = new Listener(principal, undefined, { send: (json) => writer.write(json), heartbeat: () => writer.comment(), down: close, end: close }, access);
    listener.lists.add('tools').add('prompts').add('resources');
    hub.attach(listener);
    exchange.onClose(release);
    writer.comment(); // the head goes out now: the client knows its stream is open
  }
}

function refuse(exchange: HttpExchange, refusal: HttpRefusal): void {
  exchange.writeHead(refusal.status, refusal.headers);
  exchange.end(refusal);
}
