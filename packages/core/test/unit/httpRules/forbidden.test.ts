/**
 * The 403 of a refused Origin or Host: it names the refused value and the option that admits
 * it, the server logs it on stderr once per value, and what is remembered stays bounded however
 * many distinct values arrive.
 */
import { HttpRules, resolveHttpOptions } from '@toolwire/core/http';
import type { HttpRequestHead } from '@toolwire/core/http';

const head: HttpRequestHead = { method: 'POST', origin: undefined, host: 'localhost', accept: undefined, contentType: 'application/json' };

describe('a refused Host or Origin', () => {
  let lines: string[];
  let spy: jest.SpyInstance;
  beforeEach(() => {
    lines = [];
    spy = jest.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
  });
  afterEach(() => spy.mockRestore());

  it('names the refused Host and allowedHosts in the 403, and logs it once per value', () => {
    const rules = new HttpRules(resolveHttpOptions('test', {}), 'test');
    const refusal = rules.check({ ...head, host: 'mybox.local:3000' });
    expect(refusal?.status).toBe(403);
    expect(JSON.parse(refusal!.body).error).toEqual({ code: -32600, message: 'Forbidden: Host "mybox.local:3000" not allowed — allowedHosts' });
    rules.check({ ...head, host: 'mybox.local:3000' });
    rules.check({ ...head, host: 'other.local' });
    expect(lines).toEqual([
      'toolwire: refused a request (403) with Host "mybox.local:3000": add it to the allowedHosts option to admit it',
      'toolwire: refused a request (403) with Host "other.local": add it to the allowedHosts option to admit it',
    ]);
  });

  it('names the refused Origin and allowedOrigins', () => {
    const rules = new HttpRules(resolveHttpOptions('test', {}), 'test');
    const refusal = rules.check({ ...head, origin: 'https://app.example' });
    expect(JSON.parse(refusal!.body).error.message).toBe('Forbidden: Origin "https://app.example" not allowed — allowedOrigins');
    expect(lines).toEqual(['toolwire: refused a request (403) with Origin "https://app.example": add it to the allowedOrigins option to admit it']);
  });

  it('logs at most 100 distinct values, then one line saying so; a long value is cut', () => {
    const rules = new HttpRules(resolveHttpOptions('test', {}), 'test');
    for (let i = 0; i < 250; i++) rules.check({ ...head, host: `h${i}.example` });
    expect(lines).toHaveLength(101);
    expect(lines[100]).toBe('toolwire: 100 distinct warnings told; further ones are not');
    const long = JSON.parse(rules.check({ ...head, host: 'a'.repeat(5000) })!.body).error.message as string;
    expect(long.length).toBeLessThan(300);
    expect(JSON.parse(rules.check({ ...head, host: 'h249.example' })!.body).error.message).toContain('"h249.example"');
  });
});
