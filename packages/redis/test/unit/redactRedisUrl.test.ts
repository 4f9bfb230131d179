/**
 * redactRedisUrl: what is printed of a Redis URL (the connect errors, the example's startup
 * line) — never any part of the user name or password, whatever characters the password holds.
 */
import { redactRedisUrl } from '@toolwire/redis';

describe('redactRedisUrl', () => {
  it.each([
    ['redis://user:p@ss@127.0.0.1:6379', 'redis://127.0.0.1:6379'],
    ['redis://:a:b%40c@redis.internal:6380/2', 'redis://redis.internal:6380/2'],
    ['rediss://app:x@y:z%40w@[::1]:6380', 'rediss://[::1]:6380'],
    ['redis://user:secret@host', 'redis://host'],
    ['redis://127.0.0.1:6379', 'redis://127.0.0.1:6379'],
  ])('prints %s as %s', (url, printed) => {
    expect(redactRedisUrl(url)).toBe(printed);
  });

  it('shows neither a path nor a query that could hold what an unencoded "/" cut off the password', () => {
    expect(redactRedisUrl('redis://:pa/ss@word@host:6379')).toBe('redis://…'); // does not parse: ":pa" is no port
    expect(redactRedisUrl('redis://host/ss@word@other:6379')).toBe('redis://host/…');
    expect(redactRedisUrl('redis://host:6379/0?password=secret')).toBe('redis://host:6379/0?…');
  });

  it('shows only the scheme of a URL that does not parse when it could hold credentials', () => {
    expect(redactRedisUrl('redis://user:secret@[::1')).toBe('redis://…');
    expect(redactRedisUrl('not a url')).toBe('not a url');
  });
});
