/**
 * Framing: the two ways a JSON-RPC message is delimited on a stdio stream. The reader detects
 * it per message and the writer answers in the same one.
 */

/**
 * How a message is delimited on the stream:
 * - `'content-length'`: `Content-Length: N\r\n\r\n` then N bytes of UTF-8 JSON (the Pt seed's framing);
 * - `'newline'`: one JSON text per line, newline-terminated (MCP's standard stdio framing).
 */
export type Framing = 'content-length' | 'newline';

/** A message taken off the stream, with the framing it arrived in. */
export interface FramedMessage {
  /** The message text (JSON, or the garbage the dispatcher will answer with -32700). */
  readonly text: string;
  /** The framing the message used; its reply should use the same. */
  readonly framing: Framing;
  /**
   * Set (to the message's size in bytes, or the bytes seen so far for an unterminated line) when
   * the message was larger than the reader's limit: its bytes were skipped and `text` is `''`.
   */
  readonly tooLarge?: number;
  /**
   * Set (to the header block size limit) when what was over its limit was a Content-Length
   * header block rather than a message; `tooLarge` then holds the header bytes seen so far.
   */
  readonly headerLimit?: number;
}

/** The largest message a stdio reader accepts by default: 16 MiB. */
export const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** The largest Content-Length header block (the bytes before its blank line) a stdio reader accepts by default: 8 KiB. */
export const DEFAULT_MAX_HEADER_BYTES = 8 * 1024;

/** The framing replies use before any message has been read: the seed's Content-Length. */
export const DEFAULT_FRAMING: Framing = 'content-length';
