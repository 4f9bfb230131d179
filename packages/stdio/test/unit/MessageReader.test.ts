import { MessageReader } from '@toolwire/stdio';
import type { FramedMessage } from '@toolwire/stdio';

function readAll(chunks: Array<string | Buffer>, finish = true, maxMessageBytes?: number): { messages: FramedMessage[]; ended: boolean } {
  const reader = new MessageReader(maxMessageBytes);
  const messages: FramedMessage[] = [];
  const drain = (): void => {
    for (let m = reader.next(); m; m = reader.next()) messages.push(m);
  };
  for (const chunk of chunks) {
    reader.push(chunk);
    drain();
  }
  if (finish) {
    reader.finish();
    drain();
  }
  return { messages, ended: reader.ended };
}

const PING = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
const cl = (json: string): string => `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`;

describe('MessageReader: newline-delimited JSON', () => {
  it('reads one message per line', () => {
    expect(readAll([`${PING}\n{"a":2}\n`]).messages).toEqual([
      { text: PING, framing: 'newline' },
      { text: '{"a":2}', framing: 'newline' },
    ]);
  });

  it('tolerates a trailing \\r and skips blank lines', () => {
    expect(readAll([`\r\n\n  \n${PING}\r\n\r\n[1]\r\n`]).messages).toEqual([
      { text: PING, framing: 'newline' },
      { text: '[1]', framing: 'newline' },
    ]);
  });

  it('takes a last line without a newline at the end of input', () => {
    expect(readAll([PING]).messages).toEqual([{ text: PING, framing: 'newline' }]);
  });

  it('waits for the newline before the end of input', () => {
    expect(readAll([PING], false).messages).toEqual([]);
  });

  it('reports the end once input is finished and drained', () => {
    expect(readAll([`${PING}\n`]).ended).toBe(true);
    expect(readAll([`${PING}\n`], false).ended).toBe(false);
  });
});

describe('MessageReader: Content-Length framing', () => {
  it('reads a body of exactly N bytes, N counted in UTF-8', () => {
    const json = '{"text":"héllo wörld ✓ 🎉"}';
    expect(readAll([cl(json) + cl(PING)]).messages).toEqual([
      { text: json, framing: 'content-length' },
      { text: PING, framing: 'content-length' },
    ]);
  });

  it('matches header names case-insensitively and ignores other headers', () => {
    const json = '{"x":1}';
    const frame = `Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-LENGTH:   7\r\nX-Other: y\r\n\r\n${json}`;
    expect(readAll([frame]).messages).toEqual([{ text: json, framing: 'content-length' }]);
  });

  it('takes blanks around the Content-Length value, in a lone header as in a block', () => {
    const json = '{"x":1}';
    expect(readAll([`content-length:\t 7 \t\r\n\r\n${json}`]).messages).toEqual([{ text: json, framing: 'content-length' }]);
    expect(readAll([`Content-Length: 7  \r\nX-Other: y\r\n\r\n${json}`]).messages).toEqual([{ text: json, framing: 'content-length' }]);
  });

  it.each(['1e3', '+7', '7.0', '99999999999999999999', ''])('hands on a header block whose length is "%s" as garbage', (value) => {
    const { messages } = readAll([`Content-Length: ${value}\r\n\r\n${cl(PING)}`]);
    expect(messages[0]).toEqual({ text: `Content-Length: ${value}`, framing: 'content-length' });
    expect(messages[messages.length - 1]).toEqual({ text: PING, framing: 'content-length' });
  });

  it('accepts header lines ended by \\n alone', () => {
    expect(readAll([`Content-Length: 7\n\n{"x":1}`]).messages).toEqual([{ text: '{"x":1}', framing: 'content-length' }]);
  });

  it('keeps a body containing newlines intact', () => {
    const json = '{\n  "a": 1\n}';
    expect(readAll([cl(json)]).messages).toEqual([{ text: json, framing: 'content-length' }]);
  });

  it('ends the stream at a zero Content-Length, ignoring what follows', () => {
    const result = readAll([`${cl(PING)}Content-Length: 0\r\n\r\n${PING}\n`], false);
    expect(result.messages).toEqual([{ text: PING, framing: 'content-length' }]);
    expect(result.ended).toBe(true);
  });

  it('ends the stream at the end of input inside a body', () => {
    const result = readAll([`Content-Length: 100\r\n\r\n{"partial":`]);
    expect(result.messages).toEqual([]);
    expect(result.ended).toBe(true);
  });

  it('detects the framing per message', () => {
    expect(readAll([`${PING}\n${cl('{"b":2}')}\r\n{"c":3}\n${cl('{"d":4}')}`]).messages.map((m) => m.framing)).toEqual([
      'newline',
      'content-length',
      'newline',
      'content-length',
    ]);
  });
});

describe('MessageReader: chunk boundaries', () => {
  const stream = `${cl('{"name":"Zoë ✓ 🎉"}')}{"emoji":"🎉🎉"}\n${cl(PING)}`;
  const expected = readAll([stream]).messages;

  it('reads the same messages whatever the split point (every byte boundary)', () => {
    const bytes = Buffer.from(stream, 'utf8');
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(readAll([bytes.subarray(0, cut), bytes.subarray(cut)]).messages).toEqual(expected);
    }
  });

  it('reads the same messages fed one byte at a time (multi-byte characters split)', () => {
    const bytes = Buffer.from(stream, 'utf8');
    const chunks = Array.from(bytes, (b) => Buffer.from([b]));
    expect(readAll(chunks).messages).toEqual(expected);
    expect(expected).toHaveLength(3);
  });

  it('reads several messages coalesced in one chunk', () => {
    expect(readAll([`${PING}\n${PING}\n${cl(PING)}${cl(PING)}`]).messages).toHaveLength(4);
  });

  it.each(['newline', 'content-length'] as const)('reads a 10 MiB %s message arriving in 1 KiB chunks', (framing) => {
    const text = 'x'.repeat(10 * 1024 * 1024);
    const json = `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"blob":"${text}"}}`;
    const bytes = Buffer.from(framing === 'newline' ? `${json}\n` : cl(json));
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 1024) chunks.push(bytes.subarray(i, i + 1024));
    const { messages } = readAll(chunks);
    expect(messages).toHaveLength(1);
    expect(messages[0].framing).toBe(framing);
    expect(messages[0].text.length).toBe(json.length);
    expect(messages[0].text === json).toBe(true);
  });
});

describe('MessageReader: garbage and resynchronisation', () => {
  it('hands a line that is not JSON on as-is and goes on', () => {
    expect(readAll([`hello there\n${PING}\n`]).messages).toEqual([
      { text: 'hello there', framing: 'newline' },
      { text: PING, framing: 'newline' },
    ]);
  });

  it('frames the reply to garbage like the last message before it', () => {
    expect(readAll([`${cl(PING)}\r\nnot json\r\n`]).messages[1]).toEqual({ text: 'not json', framing: 'content-length' });
  });

  it('hands on a header block with a non-numeric length and resynchronises on the next header', () => {
    const { messages } = readAll([`Content-Length: abc\r\n\r\n{"jsonrpc":"2.0","id":1}${cl(PING)}`]);
    expect(messages).toEqual([
      { text: 'Content-Length: abc', framing: 'content-length' },
      { text: PING, framing: 'content-length' },
    ]);
  });

  it('resynchronises on the next JSON line after a header block without Content-Length', () => {
    const { messages } = readAll([`X-Foo: bar\r\n\r\nsome body bytes\r\n${PING}\n`]);
    expect(messages).toEqual([
      { text: 'X-Foo: bar', framing: 'content-length' },
      { text: PING, framing: 'newline' },
    ]);
  });

  it('resynchronises when the next header arrives split across chunks', () => {
    const { messages } = readAll(['Content-Length: -1\r\n\r\n', 'junk'.repeat(20), 'junkContent-Le', `ngth: ${Buffer.byteLength(PING)}\r\n\r\n${PING}`]);
    expect(messages.map((m) => m.text)).toEqual(['Content-Length: -1', PING]);
  });

  it('answers a header block broken by a stray line and reads that line afresh', () => {
    const { messages } = readAll([`Content-Length: 5\r\n${PING}\n`]);
    expect(messages).toEqual([
      { text: 'Content-Length: 5', framing: 'content-length' },
      { text: PING, framing: 'newline' },
    ]);
  });

  it('refuses conflicting Content-Length headers', () => {
    expect(readAll([`Content-Length: 7\r\nContent-Length: 8\r\n\r\n{"x":1}${cl(PING)}`]).messages.map((m) => m.text)).toEqual([
      'Content-Length: 7\r\nContent-Length: 8',
      PING,
    ]);
  });
});

describe('MessageReader: messages over the size limit', () => {
  it('skips a Content-Length body over the limit as it arrives, reports it, and reads on', () => {
    const big = cl(JSON.stringify({ blob: 'x'.repeat(500) }));
    const chunks = [...big.match(/[\s\S]{1,64}/g)!, `${PING}\n`];
    expect(readAll(chunks, true, 100).messages).toEqual([
      { text: '', framing: 'content-length', tooLarge: Buffer.byteLength(big) - big.indexOf('{') },
      { text: PING, framing: 'newline' },
    ]);
  });

  it('skips an over-long line up to its newline, reports it once, and reads on', () => {
    const { messages } = readAll(['{"a":"', 'y'.repeat(150), 'y'.repeat(150), '"}\n', `${PING}\n`], true, 100);
    expect(messages.map((m) => [m.text, m.framing, m.tooLarge !== undefined])).toEqual([
      ['', 'newline', true],
      [PING, 'newline', false],
    ]);
  });

  it('accepts a message of exactly the limit', () => {
    const json = `{"s":"${'z'.repeat(92)}"}`; // 100 bytes
    expect(readAll([cl(json), `${json}\n`], true, 100).messages).toEqual([
      { text: json, framing: 'content-length' },
      { text: json, framing: 'newline' },
    ]);
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => new MessageReader(0)).toThrow(RangeError);
  });
});
