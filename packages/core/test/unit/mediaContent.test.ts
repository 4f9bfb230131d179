/** imageContent / audioContent: streaming base64, MIME types, and refusing non-binary results. */
import { AudioContent, ContentType, ImageContent, JsonRpcFault, audioContent, decompose, imageContent } from '@toolwire/core';
import { Base64Encoder, portableBase64 } from '../../src/content/Base64Encoder';

function write(content: ContentType, value: unknown): string {
  const f = content.getFormatter();
  let out = '';
  const sink = { write: (c: string) => void (out += c) };
  decompose(value, f.beginContent(sink));
  f.finishContent(sink);
  return out;
}

describe('imageContent', () => {
  it('writes an image block with base64 data and image/png (original ImageContent vector)', () => {
    expect(write(imageContent(), Buffer.from('PNGDATA'))).toBe('"content":[{"type":"image","data":"UE5HREFUQQ==","mimeType":"image/png"}]');
  });

  it('uses the MIME type it was constructed with', () => {
    expect(write(new ImageContent('image/jpeg'), new Uint8Array([255, 216]))).toContain('"mimeType":"image/jpeg"');
  });

  it('is a singleton', () => {
    expect(imageContent()).toBe(imageContent());
    expect(audioContent()).toBe(audioContent());
  });

  it.each([
    ['a string', 'text'],
    ['an object', { a: 1 }],
    ['null', null],
    ['an array', [Buffer.from('x')]],
  ])('refuses %s with a -32603 fault', (what, value) => {
    const run = () => write(imageContent(), value);
    expect(run).toThrow(JsonRpcFault);
    expect(run).toThrow(`got ${what}`);
    try {
      run();
    } catch (e) {
      expect((e as JsonRpcFault).code).toBe(-32603);
    }
  });

  it('refuses an ArrayBuffer-less empty result', () => {
    expect(() => write(imageContent(), undefined)).toThrow(/expected the tool to return binary data/);
  });
});

describe('audioContent', () => {
  it('writes an audio block with audio/wav by default', () => {
    expect(write(audioContent(), Buffer.from('RIFF'))).toBe('"content":[{"type":"audio","data":"UklGRg==","mimeType":"audio/wav"}]');
    expect(write(new AudioContent('audio/mpeg'), Buffer.from('x'))).toContain('"mimeType":"audio/mpeg"');
  });
});

describe('Base64Encoder', () => {
  const bytes = Uint8Array.from({ length: 1000 }, (_, i) => (i * 37 + 11) & 255);
  const expected = Buffer.from(bytes).toString('base64');

  it.each([1, 2, 3, 4, 5, 7, 64, 999])('encodes a stream cut into chunks of %i bytes exactly like one piece', (size) => {
    const encoder = new Base64Encoder();
    let out = '';
    for (let i = 0; i < bytes.length; i += size) out += encoder.push(bytes.subarray(i, i + size));
    out += encoder.flush();
    expect(out).toBe(expected);
  });

  it.each([0, 1, 2, 3, 4, 5])('the portable encoder matches Buffer for %i bytes', (n) => {
    const b = bytes.subarray(0, n);
    expect(portableBase64(b)).toBe(Buffer.from(b).toString('base64'));
  });
});

describe('media content construction', () => {
  it('refuses an empty MIME type naming the class', () => {
    expect(() => new ImageContent('')).toThrow('ImageContent: expected a non-empty MIME type');
    expect(() => new AudioContent(42 as never)).toThrow('AudioContent: expected a non-empty MIME type');
  });
});
