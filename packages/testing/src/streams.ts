/**
 * streams: how the test client holds a subscription open on each kind of target — a request
 * whose answer is a stream of JSON-RPC messages that does not end with a response: a 2026-07-28
 * `subscriptions/listen` (POST) or a legacy `GET` stream over HTTP (a fetch handler, a URL, a
 * `node:http` listener or server), straight into a Dispatcher (its notify sink), or on a stdio
 * connection ({@link StdioConnection.tap}). Each delivers every message that comes back, as
 * text, then `end()`; `close()` cancels as a client does (closes the stream).
 */
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { Dispatcher } from '@toolwire/core';
import { SseReader } from './sseReader';
import { endpointOf, listen } from './httpExchanges';
import type { FetchHandler, HttpServerLike, NodeListener } from './McpTestTarget';

/** Where a stream's messages go. */
export interface StreamSink {
  /** The response's HTTP status, as soon as it is known (before any message). */
  status(code: number): void;
  /** One JSON-RPC message (its text). */
  message(text: string): void;
  /** The stream ended (the server ended it, or it was cut). */
  end(): void;
}

/** One request that opens a stream. */
export interface StreamRequest {
  readonly method: 'GET' | 'POST';
  readonly json?: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** An opened stream: its HTTP status (200 where there is none) and how to cancel it. */
export interface OpenedStream {
  readonly status: number;
  close(): void;
}

/** Opens a stream on a target. */
export type StreamOpener = (request: StreamRequest, sink: StreamSink) => Promise<OpenedStream>;

const isEventStream = (type: string | null | undefined): boolean => (type ?? '').split(';')[0].trim().toLowerCase() === 'text/event-stream';

/** A Web fetch handler (in-process) or Node's `fetch` (a URL). */
export function fetchOpener(handle: FetchHandler, path: string | URL, base = 'http://localhost'): StreamOpener {
  const url = new URL(path, base);
  return async (request, sink) => {
    const controller = new AbortController();
    const res = await handle(new Request(url, { method: request.method, headers: request.headers, body: request.json, signal: controller.signal }));
    sink.status(res.status);
    if (!isEventStream(res.headers.get('content-type')) || !res.body) {
      const text = await res.text();
      if (text) sink.message(text);
      sink.end();
      return { status: res.status, close: () => undefined };
    }
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    const sse = new SseReader();
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          for (const data of sse.push(decoder.decode(value, { stream: true }))) sink.message(data);
        }
      } catch {
        // cancelled or cut: the end below says so
      }
      sink.end();
    })();
    return {
      status: res.status,
      close: () => {
        controller.abort();
        reader.cancel().catch(() => undefined);
      },
    };
  };
}

/** A `node:http` server that listens (at its address), or one listened on 127.0.0.1, port 0, for the stream's life. */
export function serverOpener(server: HttpServerLike, path: string): StreamOpener {
  return async (request, sink) => {
    const own = !server.listening;
    if (own) await listen(server);
    let released = !own;
    const release = (): void => {
      if (released) return;
      released = true;
      server.closeAllConnections?.();
      server.close(() => undefined);
    };
    return new Promise<OpenedStream>((resolve, reject) => {
      const where = endpointOf(server.address());
      const headers = request.json === undefined ? request.headers : { ...request.headers, 'Content-Length': String(Buffer.byteLength(request.json)) };
      const req = httpRequest({ ...where, path, method: request.method, headers, agent: false }, (res: IncomingMessage) => {
        sink.status(res.statusCode ?? 0);
        const sse = new SseReader();
        const stream = isEventStream(res.headers['content-type']);
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (!stream) text += chunk;
          else for (const data of sse.push(chunk)) sink.message(data);
        });
        let over = false;
        const ended = (): void => {
          if (over) return;
          over = true;
          if (!stream && text) sink.message(text);
          sink.end();
          release();
        };
        res.once('end', ended);
        res.once('close', ended);
        resolve({ status: res.statusCode ?? 0, close: () => req.destroy() });
      });
      req.on('error', (error) => {
        release();
        reject(error);
      });
      req.end(request.json);
    });
  };
}

/** An Express app or `node:http` listener: served on its own server for the stream's life. */
export function listenerOpener(listener: NodeListener, path: string): StreamOpener {
  return (request, sink) => serverOpener(createServer(listener as Parameters<typeof createServer>[0]) as unknown as HttpServerLike, path)(request, sink);
}

/** Straight into a Dispatcher: its notifications are the stream; closing aborts the request's signal. */
export function dispatcherOpener(dispatcher: Dispatcher, version: (headers: Readonly<Record<string, string>>) => string | undefined): StreamOpener {
  return async (request, sink) => {
    const controller = new AbortController();
    void dispatcher.dispatch(request.json ?? '', { protocolVersion: version(request.headers), signal: controller.signal, notify: (json) => sink.message(json) }).then((result) => {
      if (result.body) sink.message(result.body);
      sink.end();
    });
    return { status: 200, close: () => controller.abort(new Error('the client closed the subscription')) };
  };
}
