/** The Content-Type and Accept rules on their own. */
import { isJsonContentType } from '../../../src/httpRules/contentType';
import { acceptsJsonAndEventStream } from '../../../src/httpRules/accept';

describe('isJsonContentType', () => {
  it('reads a missing or empty Content-Type as JSON', () => {
    expect(isJsonContentType(undefined)).toBe(true);
    expect(isJsonContentType('')).toBe(true);
  });

  it('accepts application/json in any case, with UTF-8 or no charset, and +json types', () => {
    for (const t of ['application/json', 'Application/JSON', 'application/json; charset=utf-8', 'application/json;charset="UTF-8"', 'application/vnd.api+json']) {
      expect(isJsonContentType(t)).toBe(true);
    }
  });

  it('refuses other types and non-UTF-8 charsets', () => {
    for (const t of ['text/plain', 'text/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1']) {
      expect(isJsonContentType(t)).toBe(false);
    }
  });
});

describe('acceptsJsonAndEventStream', () => {
  it('needs both types listed explicitly', () => {
    expect(acceptsJsonAndEventStream('application/json, text/event-stream')).toBe(true);
    expect(acceptsJsonAndEventStream('text/event-stream;q=0.9, Application/JSON')).toBe(true);
    expect(acceptsJsonAndEventStream('application/json')).toBe(false);
    expect(acceptsJsonAndEventStream('*/*')).toBe(false);
    expect(acceptsJsonAndEventStream(undefined)).toBe(false);
  });

  it('treats q=0 as a refusal', () => {
    expect(acceptsJsonAndEventStream('application/json;q=0, text/event-stream')).toBe(false);
    expect(acceptsJsonAndEventStream('application/json;q=0.5, text/event-stream;q=0.001')).toBe(true);
  });
});
