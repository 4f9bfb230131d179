/**
 * EventQueue: the events of one SSE response that the client has not taken yet — held by an HTTP
 * transport while the connection pushes back (node:http's `write` returned false; a Web stream
 * has no demand), counted in bytes so the transport can enforce its cap, and coalesced: a
 * `notifications/progress` for a progress token replaces the one still queued for that token,
 * as long as nothing but other progress notifications came after it (latest wins). Every other
 * message — log messages, the response — is kept, and their order is never changed.
 * Platform-neutral: the transport says how a message is framed and how its bytes are counted.
 */
import { METHOD } from '../protocol/methodNames';

/** The default cap on the bytes an SSE response may hold for a slow client: 1 MiB. */
export const DEFAULT_MAX_SSE_BUFFER_BYTES = 1024 * 1024;

/** How a transport frames one message and counts the frame's bytes. */
export interface EventFraming<T> {
  /** The frame of one JSON-RPC message (`eventStreamFrame`, encoded or not). */
  frame(json: string): T;
  /** The frame's size in bytes. */
  size(frame: T): number;
}

const COMPACT_AFTER = 1024;

const PROGRESS_PREFIX = `{"jsonrpc":"2.0","method":"${METHOD.progress}","params":{"progressToken":`;
const PROGRESS_FIELD = ',"progress":';

/**
 * The progress token (its JSON text) of a `notifications/progress` written by core's
 * `progressNotification`; `undefined` for any other message, which is then never coalesced.
 * A string token is JSON-escaped, so `,"progress":` cannot occur inside it.
 */
export function progressKey(json: string): string | undefined {
  if (!json.startsWith(PROGRESS_PREFIX)) return undefined;
  const end = json.indexOf(PROGRESS_FIELD, PROGRESS_PREFIX.length);
  return end < 0 ? undefined : json.slice(PROGRESS_PREFIX.length, end);
}

/**
 * A FIFO of framed events with a byte count and progress coalescing.
 * @example
 * const queue = new EventQueue({ frame: eventStreamFrame, size: Buffer.byteLength });
 * queue.push(json);                       // while the socket pushes back
 * for (let f = queue.shift(); f !== undefined; f = queue.shift()) res.write(f);
 */
export class EventQueue<T> {
  private frames: (T | undefined)[] = [];
  private sizes: number[] = [];
  private head = 0;
  private queuedBytes = 0;
  /** Progress token → index of its queued notification, for the run of progress at the tail. */
  private readonly tail = new Map<string, number>();

  constructor(private readonly framing: EventFraming<T>) {}

  /** The bytes of the frames queued. */
  get bytes(): number {
    return this.queuedBytes;
  }

  /** The number of frames queued. */
  get length(): number {
    return this.frames.length - this.head;
  }

  /**
   * Queues one message; a progress notification replaces, in place, the one queued for its
   * token when only progress notifications were queued after that one.
   */
  push(json: string): void {
    const frame = this.framing.frame(json);
    const size = this.framing.size(frame);
    const key = progressKey(json);
    if (key === undefined) {
      this.tail.clear(); // nothing queued before this may be replaced by what comes after it
    } else {
      const at = this.tail.get(key);
      if (at !== undefined) {
        this.queuedBytes += size - this.sizes[at];
        this.frames[at] = frame;
        this.sizes[at] = size;
        return;
      }
      this.tail.set(key, this.frames.length);
    }
    this.frames.push(frame);
    this.sizes.push(size);
    this.queuedBytes += size;
  }

  /** The oldest frame, removed from the queue; `undefined` when it is empty. */
  shift(): T | undefined {
    if (this.head === this.frames.length) return undefined;
    const at = this.head;
    const frame = this.frames[at];
    this.frames[at] = undefined;
    this.queuedBytes -= this.sizes[at];
    this.head++;
    // the tail's entries are in queue order, so only the first can be the frame that leaves
    const first = this.tail.entries().next();
    if (!first.done && first.value[1] === at) this.tail.delete(first.value[0]);
    if (this.head === this.frames.length) this.reset();
    else if (this.head >= COMPACT_AFTER && this.head * 2 >= this.frames.length) this.compact();
    return frame;
  }

  private reset(): void {
    this.frames = [];
    this.sizes = [];
    this.head = 0;
    this.tail.clear();
  }

  /** Drops the slots of the frames already taken (a queue that never empties would keep them all). */
  private compact(): void {
    const head = this.head;
    this.frames = this.frames.slice(head);
    this.sizes = this.sizes.slice(head);
    for (const [key, index] of this.tail) this.tail.set(key, index - head);
    this.head = 0;
  }
}
