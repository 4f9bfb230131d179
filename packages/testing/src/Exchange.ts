/**
 * Exchange: the contract between the test client and its delivery — one JSON-RPC message (JSON
 * text and request headers) goes out, and what came back is the status, the body text, its media
 * type and, where there is no stream to read them from, the notifications and asks that came with it.
 */
import type { AnsweredAsk } from './results';

/**
 * What came back: the HTTP status (or core's choice of it), the body text (`''` for none) and
 * its media type; a Dispatcher has no stream and hands over the notifications it was given.
 */
export interface Exchanged {
  readonly status: number;
  readonly text: string;
  /** The response's `Content-Type` (`text/event-stream` for a stream), when there was one. */
  readonly contentType?: string;
  /** The notifications sent before the response (Dispatcher and stdio targets: there is no stream to read them from). */
  readonly notifications?: readonly string[];
  /** The requests a stdio server sent on the pipe while the request was open, answered by the client's handlers. */
  readonly asks?: readonly AnsweredAsk[];
}

/** Delivers a message (JSON text) with the given request headers. */
export type Exchange = (json: string, headers: Readonly<Record<string, string>>) => Promise<Exchanged>;
