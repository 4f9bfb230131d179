/**
 * MessageReader's rules for bad framing: a header block has a size limit (default 8 KiB, never
 * above maxMessageBytes) and is never buffered past it; a broken header block is reported once
 * and the next well-formed message, in either framing, is still read; a Content-Length over
 * maxMessageBytes skips exactly that many body bytes, however they are chunked. Each rule is
 * checked with the input whole, split at every byte and fed a byte at a time, and a fast-check
 * property mixes them all over random chunk boundaries.
 */
import fc from 'fast-check';
import { DEFAULT_MAX_HEADER_BYTES, MessageReader } from '../../src';
import type { FramedMessage } from '../../src';

const PING = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
const PONG = '{"jsonrpc":"2.0","id":2,"method":"ping"}';
const cl = (json: string): string => `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`;

/** What a message stands for: its text when it is JSON, else the kind of error it is answered with. */
type Kind = string;

function kind(m: FramedMessage): Kind {
  if (m.tooLarge !== undefined) return m.headerLimit !== undefined ? `header over ${m.headerLimit}` : 'too large';
  return m.text.startsWith('{') || m.text.startsWith('[') ? m.text : 'garbage';
}

function read(chunks: Array<string | Buffer>, maxMessageBytes?: number, maxHeaderBytes?: number): { messages: FramedMessage[]; reader: MessageReader } {
  const reader = new MessageReader(maxMessageBytes, maxHeaderBytes);
  const messages: FramedMessage[] = [];
  const drain = (): void => {
    for (let m = reader.next(); m; m = reader.next()) messages.push(m);
  };
  for (const chunk of chunks) {
    reader.push(chunk);
    drain();
  }
  reader.finish();
  drain();
  return { messages, reader };
}

/** The kinds read from `stream` fed whole, split at every byte boundary, and one byte at a time — all must agree. */
function kindsEverySplit(stream: string, maxMessageBytes?: number, maxHeaderBytes?: number): Kind[] {
  const bytes = Buffer.from(stream, 'utf8');
  const whole = read([bytes], maxMessageBytes, maxHeaderBytes).messages.map(kind);
  for (let cut = 1; cut < bytes.length; cut++) {
    expect(read([bytes.subarray(0, cut), bytes.subarray(cut)], maxMessageBytes, maxHeaderBytes).messages.map(kind)).toEqual(whole);
  }
  expect(read(Array.from(bytes, (b) => Buffer.from([b])), maxMessageBytes, maxHeaderBytes).messages.map(kind)).toEqual(whole);
  return whole;
}

/** Bytes the reader holds: for the bound checks. */
function buffered(reader: MessageReader): number {
  return (reader as unknown as { queue: { length: number } }).queue.length;
}

describe('MessageReader: the header block size limit', () => {
  it('is 8 KiB by default, and never above maxMessageBytes', () => {
    expect(DEFAULT_MAX_HEADER_BYTES).toBe(8192);
    expect(() => new MessageReader(1024, 2048)).toThrow(RangeError);
    expect(() => new MessageReader(1024, 0)).toThrow(RangeError);
    // a small maxMessageBytes lowers the header limit with it
    const line = `X-Pad: ${'p'.repeat(200)}\r\n`;
    expect(read([line, `\r\n${cl(PING)}`], 100).messages.map(kind)).toEqual(['header over 100', PING]);
  });

  it('reports a block of many header lines once as it crosses 8 KiB, before its blank line, without holding it', () => {
    const reader = new MessageReader();
    const messages: FramedMessage[] = [];
    const line = `X-Pad: ${'p'.repeat(90)}\r\n`; // 99 bytes
    for (let i = 0; i < 1000; i++) {
      reader.push(line);
      for (let m = reader.next(); m; m = reader.next()) messages.push(m);
      expect(buffered(reader)).toBeLessThan(200);
    }
    expect(messages.map((m) => [kind(m), m.framing])).toEqual([['header over 8192', 'content-length']]);
    expect(messages[0].tooLarge).toBeGreaterThan(8192);
    reader.push(`\r\n${cl(PING)}${PONG}\n`);
    expect([reader.next(), reader.next(), reader.next()]).toEqual([
      { text: PING, framing: 'content-length' },
      { text: PONG, framing: 'newline' },
      undefined,
    ]);
  });

  it('reports one header line longer than the limit as it crosses it, arriving in small chunks, and skips the rest of it unbuffered', () => {
    const reader = new MessageReader();
    const messages: FramedMessage[] = [];
    reader.push('Content-Length: 1');
    for (let i = 0; i < 2000; i++) {
      reader.push('0'.repeat(64));
      for (let m = reader.next(); m; m = reader.next()) messages.push(m);
      expect(buffered(reader)).toBeLessThanOrEqual(8192 + 64);
    }
    expect(messages.map(kind)).toEqual(['header over 8192']);
    reader.push(`\r\nX-Other: y\r\n\r\n${PING}\n`);
    expect(reader.next()).toEqual({ text: PING, framing: 'newline' });
  });

  it('counts a header block arriving whole in one chunk too', () => {
    const block = `Content-Length: ${Buffer.byteLength(PING)}\r\n${`X-Pad: ${'p'.repeat(90)}\r\n`.repeat(100)}\r\n${PING}`;
    expect(read([`${block}${cl(PONG)}`]).messages.map(kind)).toEqual(['header over 8192', PONG]);
  });

  it('accepts a block of exactly the limit', () => {
    const pad = `X-Pad: ${'p'.repeat(64 - 'X-Pad: \r\n'.length - 'Content-Length: 40\r\n'.length)}\r\n`;
    const stream = `Content-Length: 40\r\n${pad}\r\n${PING}${cl(PONG)}`;
    expect(kindsEverySplit(stream, 1000, 64)).toEqual([PING, PONG]);
    const over = `Content-Length: 40\r\nX${pad}\r\n${PING}${cl(PONG)}`;
    expect(kindsEverySplit(over, 1000, 64)).toEqual(['header over 64', PONG]);
  });

  it('still reads a long JSON line that breaks off a header block', () => {
    const long = `{"jsonrpc":"2.0","id":3,"method":"ping","params":{"pad":"${'q'.repeat(10000)}"}}`;
    const chunks = `Content-Length: 5\r\n${long}\n`.match(/[\s\S]{1,100}/g)!;
    expect(read(chunks).messages.map(kind)).toEqual(['garbage', long]);
  });

  it('does not take a long newline-delimited message or garbage line for a header block', () => {
    const long = `{"a":"${'q'.repeat(10000)}"}`;
    expect(read([...`${long}\n`.match(/[\s\S]{1,100}/g)!]).messages.map(kind)).toEqual([long]);
    expect(read([...`${'g'.repeat(10000)}\n${PING}\n`.match(/[\s\S]{1,100}/g)!]).messages.map(kind)).toEqual(['garbage', PING]);
  });
});

describe('MessageReader: a broken header block is reported once and the next message is read', () => {
  const broken: Array<[string, string]> = [
    ['no Content-Length', 'X-Foo: bar\r\n\r\n'],
    ['a non-numeric length', 'Content-Length: abc\r\n\r\n'],
    ['a negative length', 'Content-Length: -5\r\n\r\n'],
    ['conflicting lengths', 'Content-Length: 7\r\nContent-Length: 8\r\n\r\n'],
    ['a garbage line inside', 'Content-Length: 40\r\nthis is not a header\r\n\r\n'],
    ['a garbage line and more headers inside', 'Content-Type: x\r\n%%%\r\nContent-Length: 40\r\n\r\n'],
  ];

  describe.each(broken)('with %s', (_name, block) => {
    it('then a newline-delimited message', () => {
      expect(kindsEverySplit(`${block}${PING}\n${PONG}\n`)).toEqual(['garbage', PING, PONG]);
    });

    it('then a Content-Length message', () => {
      expect(kindsEverySplit(`${block}${cl(PING)}${cl(PONG)}`)).toEqual(['garbage', PING, PONG]);
    });

    it('then a body of unknown length, then a Content-Length message', () => {
      expect(kindsEverySplit(`${block}{"jsonrpc":"2.0","id":9,"method":"ping"}${cl(PING)}${PONG}\n`)).toEqual(['garbage', PING, PONG]);
    });

    it('then blank lines and a newline-delimited message', () => {
      expect(kindsEverySplit(`${block}\r\n\n${PING}\n`)).toEqual(['garbage', PING]);
    });

    it('framed as Content-Length', () => {
      expect(read([`${block}${PING}\n`]).messages[0].framing).toBe('content-length');
    });
  });

  it('reads a JSON line that breaks off a header block as the next message', () => {
    expect(kindsEverySplit(`Content-Length: 40\r\nX-Foo: bar\r\n${PING}\n${cl(PONG)}`)).toEqual(['garbage', PING, PONG]);
  });

  it('drops a pretty-printed body of a broken block up to the next message', () => {
    expect(kindsEverySplit(`Content-Length: x\r\n\r\n{\n  "a": 1\n}\n${cl(PING)}`)).toEqual(['garbage', PING]);
  });

  it('drops an unterminated body of a broken block at the end of input', () => {
    expect(kindsEverySplit(`${cl(PONG)}Content-Length: x\r\n\r\n{"a":1}`)).toEqual([PONG, 'garbage']);
  });

  it('bounds what it holds while it looks for the next message', () => {
    const reader = new MessageReader();
    reader.push('Content-Length: x\r\n\r\n');
    expect(reader.next()).toBeDefined();
    for (let i = 0; i < 1000; i++) {
      reader.push('z'.repeat(1000));
      expect(reader.next()).toBeUndefined();
      expect(buffered(reader)).toBeLessThan(2000);
    }
    reader.push(`\n${PING}\n`);
    expect(reader.next()).toEqual({ text: PING, framing: 'newline' });
  });
});

describe('MessageReader: a Content-Length over maxMessageBytes', () => {
  // a body that would mislead any reader that looked for the next message instead of counting bytes
  const body = `{"a":"x\nContent-Length: 3\r\n\r\n{}\n${PONG}\n${'y'.repeat(200)}"}`;
  const stream = `${cl(body)}${cl(PING)}${PONG}\n`;

  it('skips exactly N bytes and reads the message right after them, in any chunking', () => {
    expect(kindsEverySplit(stream, 100)).toEqual(['too large', PING, PONG]);
    expect(read([stream], 100).messages[0]).toEqual({ text: '', framing: 'content-length', tooLarge: Buffer.byteLength(body) });
  });

  it('holds none of the skipped bytes', () => {
    const reader = new MessageReader(1000);
    reader.push('Content-Length: 1000000\r\n\r\n');
    expect(reader.next()?.tooLarge).toBe(1000000);
    for (let i = 0; i < 1000; i++) {
      reader.push('{'.repeat(1000));
      expect(reader.next()).toBeUndefined();
      expect(buffered(reader)).toBe(0);
    }
    reader.push(`${PING}\n`);
    expect(reader.next()).toEqual({ text: PING, framing: 'newline' });
  });
});

describe('MessageReader: property — any mix of good and bad framing in any chunking', () => {
  const MAX = 300;
  const HEADER = 80;
  const json = fc.string({ unit: fc.constantFrom('a', 'é', '✓', '🎉', ' ', '"', '\\'), maxLength: 30 }).map((s) => JSON.stringify({ jsonrpc: '2.0', id: 1, s }));
  /** A segment of input and what the reader must make of it. */
  type Segment = { bytes: string; expect: Kind[] };
  const good: fc.Arbitrary<Segment> = fc.oneof(
    json.map((j) => ({ bytes: `${j}\n`, expect: [j] })),
    json.map((j) => ({ bytes: cl(j), expect: [j] })),
    json.map((j) => ({ bytes: `\r\n${j}\r\n`, expect: [j] })),
  );
  const brokenBlock = fc.constantFrom(
    'X-Foo: bar\r\n\r\n',
    'Content-Length: abc\r\n\r\n',
    'content-length: -1\r\n\r\n',
    'Content-Length: 7\r\nContent-Length: 9\r\n\r\n',
    'Content-Length: 7\r\n<garbage>\r\n\r\n',
    `X-Pad: ${'p'.repeat(HEADER)}\r\n\r\n`,
    `Content-Length: 5\r\n${'X-P: q\r\n'.repeat(12)}\r\n`,
  );
  const headerKind = (block: string): Kind => (Buffer.byteLength(block) - 2 > HEADER ? `header over ${HEADER}` : 'garbage');
  const bad: fc.Arbitrary<Segment> = fc.oneof(
    // a broken block, then the next good message (which must not be lost)
    fc.tuple(brokenBlock, good).map(([block, next]) => ({ bytes: block + next.bytes, expect: [headerKind(block), ...next.expect] })),
    // a broken block with a body, then a Content-Length message
    fc.tuple(brokenBlock, json, json).map(([block, b, next]) => ({ bytes: block + b + cl(next), expect: [headerKind(block), next] })),
    // a body over the limit, holding newlines, JSON and headers
    fc.tuple(fc.integer({ min: MAX + 1, max: 2 * MAX }), fc.array(fc.constantFrom('{', '}', '\n', '\r', 'Content-Length: 9\r\n\r\n', 'x', `${PING}\n`), { minLength: 1, maxLength: 20 })).map(([n, parts]) => {
      const unit = parts.join('');
      return { bytes: `Content-Length: ${n}\r\n\r\n${unit.repeat(Math.ceil(n / unit.length)).slice(0, n)}`, expect: ['too large'] };
    }),
    // a line over the limit, and a garbage line
    fc.integer({ min: MAX, max: 2 * MAX }).map((n) => ({ bytes: `{"a":"${'x'.repeat(n)}"}\n`, expect: ['too large'] })),
    fc.constant<Segment>({ bytes: 'hello there\r\n', expect: ['garbage'] }),
  );
  const streams = fc.array(fc.oneof(good, bad), { minLength: 1, maxLength: 8 });

  it('reads every good message and reports every bad one exactly once', () => {
    fc.assert(
      fc.property(streams, fc.array(fc.nat(), { maxLength: 12 }), (segments, cuts) => {
        const bytes = Buffer.from(segments.map((s) => s.bytes).join(''), 'utf8');
        const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...points].map((start, i) => bytes.subarray(start, i < points.length ? points[i] : bytes.length));
        expect(read(chunks, MAX, HEADER).messages.map(kind)).toEqual(segments.flatMap((s) => s.expect));
      }),
      { numRuns: 300 },
    );
  });
});
