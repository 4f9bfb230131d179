/**
 * Listener: one holder of notifications on this instance — a 2026-07-28 `subscriptions/listen`
 * stream, a legacy stdio connection, or a legacy HTTP `GET` stream — with what it asked for (the
 * lists whose changes it hears, the resource URIs it subscribed to) and where its notifications
 * go ({@link ListenerSink}). The {@link NotificationHub} indexes listeners by what they asked
 * for and hands each message only to those that asked for it.
 */
import type { RequestId } from '../jsonRpc';
import type { Access } from '../../auth/Access';
import type { CatalogChange, ListKind } from '../../notifications/CatalogChange';
import { listChangedJson, resourceUpdatedJson } from './notificationJson';

/** Where a listener's notifications go, and how it ends. */
export interface ListenerSink {
  /** Writes one notification (JSON text) on the listener's stream. */
  send(json: string): void;
  /** Writes a keep-alive on an idle stream (HTTP: an SSE comment); absent where none is needed. */
  heartbeat?(): void;
  /** The bus went down: send a final notice and end the stream (`reason` says why). Absent: the listener stays and resumes on `up`. */
  down?(reason: Error): void;
  /** The server ends the listener gracefully (a listen's final result). */
  end(): void;
}

/** One holder of notifications. */
export class Listener {
  /** The lists whose `list_changed` it hears. */
  readonly lists = new Set<ListKind>();
  /** The resource URIs it subscribed to. */
  readonly resources = new Set<string>();
  /** Whether something was sent since the last keep-alive tick. */
  active = false;

  /**
   * @param principal - the key of the caller holding it (bounds per principal).
   * @param subscriptionId - a 2026-07-28 listen's request id, tagged on every frame; `undefined` on legacy streams.
   * @param access - the verified token of the caller holding it (what its lists show); `undefined` without auth.
   */
  constructor(
    readonly principal: string,
    readonly subscriptionId: RequestId | undefined,
    readonly sink: ListenerSink,
    readonly access?: Access,
  ) {}

  /**
   * Whether `change` changed what this listener's lists show: tools and prompts are listed only
   * when the token may use them where the endpoint lists only permitted ones
   * (`auth.listOnlyPermittedTools`) — the token holds the change's `scopes`, or one of its
   * `scopeSets`; resources are always listed.
   */
  shows(change: Extract<CatalogChange, { type: 'listChanged' }>): boolean {
    const access = this.access;
    if (change.list === 'resources' || !access?.listOnlyPermittedTools) return true;
    if (change.scopeSets) return change.scopeSets.some((scopes) => access.missing(scopes).length === 0);
    return !change.scopes || access.missing(change.scopes).length === 0;
  }

  /** Sends `list_changed` for `list`. */
  listChanged(list: ListKind): void {
    this.send(listChangedJson(list, this.subscriptionId));
  }

  /** Sends `notifications/resources/updated` for `uri`. */
  resourceUpdated(uri: string): void {
    this.send(resourceUpdatedJson(uri, this.subscriptionId));
  }

  /** Sends one notification (JSON text). */
  send(json: string): void {
    this.active = true;
    this.sink.send(json);
  }
}
