/** Strict stdout parsing for the e2e tests: every byte must belong to a framed JSON-RPC message. */

/** One message found on the wire. */
export interface WireMessage {
  framing: 'newline' | 'content-length';
  message: { jsonrpc: string; id?: string | number | null; result?: Record<string, unknown>; error?: { code: number; message: string } };
}

/**
 * Splits `bytes` into Content-Length frames and newline-terminated JSON lines; throws on any
 * byte that is not part of one (a stray log line, a partial frame, a non-JSON-RPC value).
 */
export function parseFrames(bytes: Buffer): WireMessage[] {
  const out: WireMessage[] = [];
  let rest = bytes;
  while (rest.length > 0) {
    let framing: WireMessage['framing'];
    let body: Buffer;
    if (rest.subarray(0, 15).toString('latin1') === 'Content-Length:') {
      const end = rest.indexOf('\r\n\r\n');
      const header = /^Content-Length: (\d+)$/.exec(rest.subarray(0, Math.max(0, end)).toString('latin1'));
      if (end < 0 || !header) throw new Error(`malformed header block: ${JSON.stringify(rest.subarray(0, 80).toString())}`);
      const length = Number(header[1]);
      if (rest.length < end + 4 + length) throw new Error('truncated Content-Length body');
      framing = 'content-length';
      body = rest.subarray(end + 4, end + 4 + length);
      rest = rest.subarray(end + 4 + length);
    } else {
      const end = rest.indexOf(0x0a);
      if (end < 0) throw new Error(`unterminated line: ${JSON.stringify(rest.subarray(0, 80).toString())}`);
      framing = 'newline';
      body = rest.subarray(0, end);
      rest = rest.subarray(end + 1);
    }
    const message = JSON.parse(body.toString('utf8')) as WireMessage['message'];
    if (message.jsonrpc !== '2.0' || !('id' in message) || !('result' in message || 'error' in message)) {
      throw new Error(`not a JSON-RPC response: ${body.toString('utf8').slice(0, 80)}`);
    }
    out.push({ framing, message });
  }
  return out;
}

/** A Content-Length frame. */
export function contentLengthFrame(value: unknown): string {
  const json = JSON.stringify(value);
  return `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`;
}

/** A newline-delimited frame. */
export function lineFrame(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}
