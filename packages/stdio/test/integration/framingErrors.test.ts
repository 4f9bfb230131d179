/**
 * Bad framing through serveStdio over PassThrough streams: a header block over its size limit,
 * a broken header block and a Content-Length over maxMessageBytes are each answered with one
 * error (`id: null`) and the next message — in either framing, even fed a byte at a time — is
 * still answered.
 */
import { PassThrough } from 'node:stream';
import { serveStdio } from '../../src';
import { Collector, contentLength, createTestService, request } from '../helpers';

/** Runs serveStdio over `input` (written in chunks of `chunkSize` bytes) and returns what it answered. */
async function serve(input: string, chunkSize = Infinity, options: { maxMessageBytes?: number } = {}): Promise<Array<[string, string | number | null, number | string]>> {
  const { defs, decl } = createTestService();
  const stream = new PassThrough();
  const output = new Collector();
  const done = serveStdio(defs, decl, { input: stream, output: output.stream, onError: () => undefined, ...options });
  const bytes = Buffer.from(input, 'utf8');
  for (let i = 0; i < bytes.length; i += Math.min(chunkSize, bytes.length)) stream.write(bytes.subarray(i, i + chunkSize));
  stream.end();
  await done;
  return output.frames().map((f) => [f.framing, f.reply.id, f.reply.error?.code ?? 'ok']);
}

const ping = (id: number): string => request(id, 'ping');

describe('serveStdio: bad framing is answered once and the stream goes on', () => {
  it.each([1, 7, Infinity])('a header block over 8 KiB: -32600 once, then both framings answered (chunks of %s bytes)', async (chunkSize) => {
    const block = `Content-Length: 41\r\n${`X-Pad: ${'p'.repeat(90)}\r\n`.repeat(100)}\r\n${ping(9)}`;
    expect(await serve(`${block}${contentLength(ping(1))}${ping(2)}\n`, chunkSize)).toEqual([
      ['content-length', null, -32600],
      ['content-length', 1, 'ok'],
      ['newline', 2, 'ok'],
    ]);
  });

  it('names the header limit in the error', async () => {
    const { defs, decl } = createTestService();
    const input = new PassThrough();
    const output = new Collector();
    const done = serveStdio(defs, decl, { input, output: output.stream, maxMessageBytes: 1000 });
    input.end(`X-Pad: ${'p'.repeat(2000)}\r\n\r\n${ping(1)}\n`);
    await done;
    expect(output.replies().map((r) => [r.id, r.error?.message ?? 'ok'])).toEqual([
      [null, 'Invalid Request: header block of more than 1000 bytes exceeds the limit of 1000 bytes'],
      [1, 'ok'],
    ]);
  });

  const broken = ['X-Foo: bar\r\n\r\n', 'Content-Length: abc\r\n\r\n', 'Content-Length: -3\r\n\r\n', 'Content-Length: 4\r\nContent-Length: 5\r\n\r\n', 'Content-Length: 41\r\n@@ garbage @@\r\n\r\n'];

  it.each(broken.flatMap((block) => [1, Infinity].map((size) => [JSON.stringify(block), size, block] as const)))(
    'a broken header block %s (chunks of %s bytes): -32700 once, then both framings answered',
    async (_name, chunkSize, block) => {
      const input = `${block}${ping(1)}\n${block}${contentLength(ping(2))}${block}{"jsonrpc":"2.0","id":99,"method":"ping"}${contentLength(ping(3))}${ping(4)}\n`;
      expect(await serve(input, chunkSize)).toEqual([
        ['content-length', null, -32700],
        ['newline', 1, 'ok'],
        ['content-length', null, -32700],
        ['content-length', 2, 'ok'],
        ['content-length', null, -32700],
        ['content-length', 3, 'ok'],
        ['newline', 4, 'ok'],
      ]);
    },
  );

  it.each([1, 13, Infinity])('a Content-Length over maxMessageBytes: -32600, exactly N bytes skipped, the next message answered (chunks of %s bytes)', async (chunkSize) => {
    const body = `{"a":"\n${ping(98)}\n${contentLength(ping(99))}${'z'.repeat(1500)}"}`;
    const input = `${contentLength(body)}${contentLength(ping(1))}${contentLength(body)}${ping(2)}\n`;
    expect(await serve(input, chunkSize, { maxMessageBytes: 1024 })).toEqual([
      ['content-length', null, -32600],
      ['content-length', 1, 'ok'],
      ['content-length', null, -32600],
      ['newline', 2, 'ok'],
    ]);
  });
});
