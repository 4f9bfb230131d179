/** originRule on its own: same-origin arithmetic and allowedOrigins normalization. */
import { createOriginRule } from '../../../src/httpRules/originRule';

describe('createOriginRule', () => {
  const own = createOriginRule(undefined);

  it('passes an origin whose host and port equal the Host header', () => {
    expect(own('http://example.com:8080', 'example.com:8080')).toBe(true);
  });

  it('applies the scheme\'s default port to whichever side omits it', () => {
    expect(own('http://example.com', 'example.com:80')).toBe(true);
    expect(own('https://example.com', 'example.com:443')).toBe(true);
    expect(own('https://example.com:443', 'example.com')).toBe(true);
    expect(own('http://example.com:8080', 'example.com')).toBe(false);
  });

  it('compares IPv6 literals with their brackets', () => {
    expect(own('http://[::1]:3000', '[::1]:3000')).toBe(true);
    expect(own('http://[::1]:3000', '[::2]:3000')).toBe(false);
  });

  it('refuses a different host, a missing Host, and non-http(s) or malformed origins', () => {
    expect(own('http://a.example', 'b.example')).toBe(false);
    expect(own('http://a.example', undefined)).toBe(false);
    expect(own('file://a.example', 'a.example')).toBe(false);
    expect(own('http://a.example/path', 'a.example')).toBe(false);
    expect(own('null', 'a.example')).toBe(false);
  });

  it('passes listed origins whatever the Host', () => {
    const listed = createOriginRule(['https://app.example.com', 'http://LOCALHOST:5173/']);
    expect(listed('https://app.example.com', 'api.example.com')).toBe(true);
    expect(listed('http://localhost:5173', 'api.example.com')).toBe(true);
    expect(listed('https://app.example.com:8443', 'api.example.com')).toBe(false);
  });

  it('throws a TypeError for an allowedOrigins entry that is not an origin', () => {
    expect(() => createOriginRule(['app.example.com'])).toThrow(TypeError);
    expect(() => createOriginRule(['https://app.example.com/path'])).toThrow(/allowedOrigins: expected origins/);
  });
});
