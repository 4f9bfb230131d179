/**
 * upstreamBody: what an upstream body parser left in `req.body`. `express.json()` leaves the
 * parsed value, `express.text()` a string, `express.raw()` a Buffer; the dispatcher takes the
 * parsed value or the text as is. `undefined` means no parser ran and the stream is still unread.
 * Express 4's parsers set `req.body = {}` even when the Content-Type did not match and they read
 * nothing; they mark a body they did parse with `req._body`, so an empty object without that
 * mark is "no parser ran".
 */

/** The message to dispatch from `req.body`, or `undefined` when no upstream parser produced one. */
export function upstreamBody(req: object): unknown {
  const { body, _body: parsed } = req as { body?: unknown; _body?: unknown };
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  if (parsed !== true && isEmptyPlainObject(body)) return undefined;
  return body;
}

function isEmptyPlainObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && Object.keys(value).length === 0;
}
