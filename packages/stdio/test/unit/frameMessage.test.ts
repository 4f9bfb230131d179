import { frameMessage, DEFAULT_FRAMING } from '@toolwire/stdio';
import type { Framing } from '@toolwire/stdio';

describe('frameMessage', () => {
  it('writes a Content-Length header counting UTF-8 bytes', () => {
    const json = '{"t":"✓"}';
    expect(frameMessage(json, 'content-length')).toBe(`Content-Length: 11\r\n\r\n${json}`);
  });

  it('writes newline framing as one line', () => {
    expect(frameMessage('{"a":1}', 'newline')).toBe('{"a":1}\n');
  });

  it('flattens pretty-printed JSON onto one line without changing its value', () => {
    const value = { a: [1, 2], s: 'line\nbreak' };
    const line = frameMessage(JSON.stringify(value, null, 2), 'newline');
    expect(line.indexOf('\n')).toBe(line.length - 1);
    expect(JSON.parse(line)).toEqual(value);
  });

  it('frames nothing for an empty message', () => {
    expect(frameMessage('', 'newline')).toBe('');
    expect(frameMessage('', 'content-length')).toBe('');
  });

  it('refuses an unknown framing', () => {
    expect(() => frameMessage('{}', 'lines' as Framing)).toThrow(TypeError);
  });

  it('defaults to Content-Length, the seed framing', () => {
    expect(DEFAULT_FRAMING).toBe('content-length');
  });
});
