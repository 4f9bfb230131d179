/** hostRule on its own: loopback defaults, non-loopback and unknown addresses, and allowedHosts. */
import { createHostRule, isLoopback } from '../../../src/httpRules/hostRule';

describe('createHostRule', () => {
  const defaults = createHostRule(undefined);

  it('on a loopback address passes only localhost, 127.0.0.1 and [::1]', () => {
    for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect(defaults('localhost:3000', local)).toBe(true);
      expect(defaults('127.0.0.1', local)).toBe(true);
      expect(defaults('[::1]:3000', local)).toBe(true);
      expect(defaults('evil.example.com', local)).toBe(false);
      expect(defaults(undefined, local)).toBe(false);
    }
  });

  it('on a non-loopback address passes any Host when allowedHosts is unset', () => {
    expect(defaults('evil.example.com', '10.0.0.5')).toBe(true);
    expect(defaults('example.com', '2001:db8::1')).toBe(true);
  });

  it('where the transport cannot see the local address (Web runtimes) passes only the loopback names', () => {
    expect(defaults('localhost:8787', undefined)).toBe(true);
    expect(defaults('[::1]', undefined)).toBe(true);
    expect(defaults('evil.example.com', undefined)).toBe(false);
    expect(createHostRule(['api.example.com'])('api.example.com', undefined)).toBe(true);
  });

  it('with allowedHosts checks the hostname on every address, port ignored', () => {
    const listed = createHostRule(['api.example.com']);
    expect(listed('api.example.com:8080', '10.0.0.5')).toBe(true);
    expect(listed('evil.example.com', '10.0.0.5')).toBe(false);
    expect(listed('localhost', '127.0.0.1')).toBe(false);
    expect(listed('api.example.com:notaport', '10.0.0.5')).toBe(false);
  });

  it('remembers only its last answer: the same pair repeated, then any other pair, each decided right', () => {
    // alternating and repeated pairs, where a remembered answer of another pair would be wrong
    const rule = createHostRule(undefined);
    const listed = createHostRule(['api.example.com']);
    const sequence: [string | undefined, string | undefined, boolean, boolean][] = [
      ['localhost:3000', '127.0.0.1', true, false],
      ['localhost:3000', '127.0.0.1', true, false],
      ['evil.example.com', '127.0.0.1', false, false],
      ['evil.example.com', '127.0.0.1', false, false],
      ['evil.example.com', '10.0.0.5', true, false],
      ['api.example.com', '10.0.0.5', true, true],
      ['api.example.com', '10.0.0.5', true, true],
      [undefined, '127.0.0.1', false, false],
      [undefined, undefined, false, false],
      ['localhost', undefined, true, false],
      ['localhost:3000', '127.0.0.1', true, false],
    ];
    for (const [host, local, byDefault, byList] of sequence) {
      expect([host, local, rule(host, local)]).toEqual([host, local, byDefault]);
      expect([host, local, listed(host, local)]).toEqual([host, local, byList]);
    }
  });

  it('throws a TypeError for an allowedHosts entry that is not a host', () => {
    expect(() => createHostRule(['example.com:port'])).toThrow(/allowedHosts: expected host names/);
  });
});

describe('isLoopback', () => {
  it('recognizes 127.0.0.0/8, ::1 and IPv4-mapped loopback', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'].map(isLoopback)).toEqual([true, true, true, true]);
    expect(['10.0.0.1', '::', '0.0.0.0', '::ffff:10.0.0.1'].map(isLoopback)).toEqual([false, false, false, false]);
  });
});
