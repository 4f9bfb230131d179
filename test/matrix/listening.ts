/**
 * The matrix's streams: what a row needs to hold a notification stream open on any transport —
 * a 2026-07-28 `subscriptions/listen` (an SSE response over HTTP, the request's frames on the
 * dispatcher and on a stdio connection) or the legacy counterpart (the `GET` stream of the
 * `notificationStream` option, a stdio connection's own notifications). A {@link Listening}
 * collects the stream's messages as they come, lets a row await the n-th, and closes the stream
 * as a client does (HTTP: the connection closed; stdio: `notifications/cancelled`), resolving
 * once the server has let it go. A listen the server refuses is a {@link Listening} whose
 * `refused` says what the client saw instead.
 */
import { request as httpRequest } from 'node:http';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { isModernVersion } from '@toolwire/core';
import type { RequestSpec, Seen } from './transports';

/** A request as {@link RequestSpec}'s builder made it: its body and headers. */
export interface Built {
  readonly body: string;
  readonly headers: Record<string, string>;
}

/** One message on a stream (a notification; a listen's final reply is kept apart). */
export interface Frame {
  readonly method: string;
  readonly params?: Record<string, unknown> & { _meta?: Record<string, unknown>; notifications?: Record<string, unknown>; uri?: string };
}

/** A stream held open by a row. */
export interface Listening {
  /** What the client saw instead of a stream when the server refused it (status, reply); `undefined` when it is open. */
  readonly refused?: Seen;
  /** The messages received so far. */
  readonly frames: readonly Frame[];
  /** Resolves with the first `count` frames once that many arrived. */
  take(count: number): Promise<Frame[]>;
  /** Resolves with the frames up to the first one `last` matches, once it arrived (a row's last change: what came before it arrived too). */
  until(last: (frame: Frame) => boolean): Promise<Frame[]>;
  /** Closes the stream as a client does; resolves once the server has let it go. */
  close(): Promise<void>;
}

/** Collects a stream's frames and wakes whoever waits for a number of them. */
export class Frames {
  readonly frames: Frame[] = [];
  private waiting: Array<() => void> = [];
  private ended = false;

  push(frame: Frame): void {
    this.frames.push(frame);
    this.wake();
  }

  /** The stream ended: nobody waits for more. */
  end(): void {
    this.ended = true;
    this.wake();
  }

  async take(count: number): Promise<Frame[]> {
    while (this.frames.length < count) {
      if (this.ended) throw new Error(`the stream ended after ${this.frames.length} frames, not ${count}: ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    return this.frames.slice(0, count);
  }

  async until(last: (frame: Frame) => boolean): Promise<Frame[]> {
    for (let seen = 1; ; seen++) {
      const frames = await this.take(seen);
      if (last(frames[seen - 1])) return frames;
    }
  }

  /** Whether the first frame arrived (or the stream ended). */
  first(): Promise<void> {
    return this.frames.length > 0 || this.ended ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }

  /** The open stream these frames come from. */
  listening(close: () => Promise<void>): Listening {
    return { frames: this.frames, take: (count) => this.take(count), until: (last) => this.until(last), close };
  }

  private wake(): void {
    for (const wake of this.waiting.splice(0)) wake();
  }
}

/** A refused listen. */
export function refusedListen(seen: Seen): Listening {
  const refused = () => Promise.reject(new Error(`the listen was refused: ${JSON.stringify(seen)}`));
  return { refused: seen, frames: [], take: refused, until: refused, close: async () => undefined };
}

/** Whether a message is a reply (an id, no method). */
export function isReply(message: unknown): message is NonNullable<Seen['reply']> {
  return typeof message === 'object' && message !== null && 'id' in message && !('method' in message);
}

/** The server side of each connection of `server`, by the client's port: a stream is let go once its connection closed there. */
export function serverSockets(server: Server): (clientPort: number) => Promise<void> {
  const open = new Map<number, Socket>();
  server.on('connection', (socket: Socket) => {
    const port = socket.remotePort;
    if (port === undefined) return;
    open.set(port, socket);
    socket.once('close', () => open.delete(port));
  });
  return async (clientPort) => {
    const socket = open.get(clientPort);
    if (socket && !socket.destroyed) await new Promise((resolve) => socket.once('close', resolve));
    await new Promise((resolve) => setImmediate(resolve)); // the response's own close handlers, which run off the socket's
  };
}

/**
 * A stream over node:http: `subscriptions/listen` POSTed (2026-07-28) or the legacy `GET`
 * stream, with the spec's token; resolves once the stream is open (its first frame for a listen:
 * the acknowledgement; its head for a `GET`) or refused (its status and reply).
 */
export function listenOverHttp(url: string, spec: RequestSpec, { body, headers }: Built, closed: (clientPort: number) => Promise<void>): Promise<Listening> {
  const modern = isModernVersion(spec.version);
  const authorization = `Bearer ${spec.token ?? 'reader'}`;
  const all = modern ? { ...headers, authorization } : { accept: 'text/event-stream', 'mcp-protocol-version': spec.version, authorization };
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: modern ? 'POST' : 'GET', headers: all }, (res) => {
      const seen = (reply?: Seen['reply']): Seen => ({ status: res.statusCode, headers: flatHeaders(res.headers), reply });
      if (!res.headers['content-type']?.startsWith('text/event-stream')) {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(refusedListen(seen(chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined))));
        return;
      }
      const frames = new Frames();
      let reply: Seen['reply'];
      const events = new EventReader((message) => (isReply(message) ? (reply = message) : frames.push(message as Frame)));
      res.on('data', (chunk: Buffer) => events.push(chunk.toString('utf8')));
      res.on('end', () => frames.end());
      res.on('error', () => frames.end());
      const port = req.socket?.localPort ?? 0;
      const close = async (): Promise<void> => {
        req.destroy();
        await closed(port);
      };
      if (!modern) return resolve(frames.listening(close));
      void frames.first().then(() => resolve(frames.frames.length ? frames.listening(close) : refusedListen(seen(reply))));
    });
    req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    req.end(modern ? body : undefined);
  });
}

/** A stream from a fetch handler's Response (the body read as it comes; closing cancels it). */
export async function listenOverFetch(respond: (init: RequestInit) => Promise<Response>, spec: RequestSpec, { body, headers }: Built): Promise<Listening> {
  const modern = isModernVersion(spec.version);
  const authorization = `Bearer ${spec.token ?? 'reader'}`;
  const res = modern
    ? await respond({ method: 'POST', headers: { ...headers, authorization }, body })
    : await respond({ method: 'GET', headers: { accept: 'text/event-stream', 'mcp-protocol-version': spec.version, authorization } });
  const seen = (reply?: Seen['reply']): Seen => {
    const flatHeaders: Record<string, string> = {};
    res.headers.forEach((value, key) => (flatHeaders[key] = value));
    return { status: res.status, headers: flatHeaders, reply };
  };
  if (!res.headers.get('content-type')?.startsWith('text/event-stream') || !res.body) {
    const text = await res.text();
    return refusedListen(seen(text ? JSON.parse(text) : undefined));
  }
  const reader = res.body.getReader();
  const frames = new Frames();
  let reply: Seen['reply'];
  const events = new EventReader((message) => (isReply(message) ? (reply = message) : frames.push(message as Frame)));
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) events.push(decoder.decode(chunk.value, { stream: true }));
    } catch {
      // cancelled by close()
    }
    frames.end();
  })();
  const close = () => reader.cancel();
  if (!modern) return frames.listening(close);
  await frames.first();
  return frames.frames.length ? frames.listening(close) : refusedListen(seen(reply));
}

/** Reads an SSE body as it arrives: every complete `data:` event goes to `onEvent`. */
export class EventReader {
  private buffered = '';
  constructor(private readonly onEvent: (message: unknown) => void) {}
  push(text: string): void {
    this.buffered += text;
    let end: number;
    while ((end = this.buffered.indexOf('\n')) >= 0) {
      const line = this.buffered.slice(0, end);
      this.buffered = this.buffered.slice(end + 1);
      if (line.startsWith('data: ')) this.onEvent(JSON.parse(line.slice(6)));
    }
  }
}

/** node:http's response headers as one string each. */
export function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const seen: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) if (value !== undefined) seen[key] = Array.isArray(value) ? value.join(', ') : value;
  return seen;
}
