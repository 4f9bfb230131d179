/**
 * readBody: reads a request body into a string with a size limit, for when no upstream parser
 * has read it. Chunks are kept as Buffers, joined once and decoded once as UTF-8. A declared
 * `Content-Length` over the limit is refused before anything is read.
 */
import type { IncomingMessage } from 'node:http';

/** What happens to a body: it arrived whole, it is over the limit, or it was already consumed. */
export interface BodyReceiver {
  /** The whole body, decoded as UTF-8. */
  body(text: string): void;
  /** The body is larger than the limit; the receiver discards the rest of it. */
  tooLarge(): void;
  /** The stream had already ended before we could read it (another middleware read it). */
  consumed(): void;
}

/**
 * Reads `req`'s body (at most `limit` bytes) and reports to `receiver` exactly once, or never
 * when the client goes away first (there is nobody left to answer).
 */
export function readBody(req: IncomingMessage, limit: number, receiver: BodyReceiver): void {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) {
    receiver.tooLarge();
    return;
  }
  if (req.readableEnded) {
    receiver.consumed();
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  const onData = (chunk: Buffer): void => {
    if (done) return;
    size += chunk.length;
    if (size > limit) {
      done = true;
      chunks.length = 0;
      req.off('data', onData);
      receiver.tooLarge();
      return;
    }
    chunks.push(chunk);
  };
  req.on('data', onData);
  req.on('end', () => {
    if (done) return;
    done = true;
    receiver.body(chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks, size).toString('utf8'));
  });
  req.on('error', () => {
    done = true; // the client aborted; the response's 'close' aborts the work, if any started
  });
}
