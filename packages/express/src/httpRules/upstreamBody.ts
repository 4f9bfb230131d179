/**
 * upstreamBody: what an upstream body parser left in `req.body`. `express.json()` leaves the
 * parsed value, `express.text()` a string, `express.raw()` a Buffer; the dispatcher takes the
 * parsed value or the text as is. `undefined` means no parser ran and the stream is still unread.
 */

/** The message to dispatch from `req.body`, or `undefined` when no upstream parser produced one. */
export function upstreamBody(req: object): unknown {
  const body = (req as { body?: unknown }).body;
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  return body;
}
