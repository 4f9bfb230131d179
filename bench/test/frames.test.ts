/** The driver's stdio framing: what it writes, the server's readers take; what servers write, it splits back, however the bytes arrive. */
import { FrameCollector, frame, type Framing } from '../src/driver/frames';

const MESSAGES = ['{"jsonrpc":"2.0","id":1,"result":{}}', '{"jsonrpc":"2.0","id":2,"result":{"text":"Zoë 🎉"}}', '{"id":3}'];

function collect(framing: Framing, chunks: Buffer[]): string[] {
  const out: string[] = [];
  const collector = new FrameCollector(framing, (json) => out.push(json));
  for (const chunk of chunks) collector.push(chunk);
  return out;
}

describe.each(['newline', 'content-length'] as const)('FrameCollector, %s', (framing) => {
  const bytes = Buffer.from(MESSAGES.map((m) => frame(m, framing)).join(''));

  it('splits messages that arrive in one chunk', () => {
    expect(collect(framing, [bytes])).toEqual(MESSAGES);
  });

  it('splits them at every byte boundary (multi-byte characters and headers cut in two)', () => {
    for (let cut = 1; cut < bytes.length; cut++) expect(collect(framing, [bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual(MESSAGES);
  });

  it('takes them one byte at a time', () => {
    expect(collect(framing, [...bytes].map((b) => Buffer.from([b])))).toEqual(MESSAGES);
  });
});

describe('frame', () => {
  it('counts Content-Length in UTF-8 bytes', () => {
    expect(frame('"é"', 'content-length')).toBe('Content-Length: 4\r\n\r\n"é"');
    expect(frame('{}', 'newline')).toBe('{}\n');
  });

  it('reads a header in another spelling too', () => {
    expect(collect('content-length', [Buffer.from('content-length:  2\r\n\r\n{}')])).toEqual(['{}']);
  });
});
