/**
 * The protocol fixtures: every file in fixtures/cases is a JSON-RPC message (or raw text) and
 * the exact response the dispatcher must give — bytes and key order included.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Dispatcher } from '@toolwire/core';
import { fixtureServer } from './fixtures/declaration';

interface Fixture {
  description: string;
  protocolVersion?: string;
  request?: unknown;
  raw?: string;
  response: unknown;
  rejected?: boolean;
  /** The error message is a prefix: the rest comes from the platform (JSON parser wording). */
  messagePrefix?: boolean;
}

/** Cuts the error message of `body` to the length of the expected prefix. */
function trimMessage(body: string, expected: { error: { message: string } }): string {
  const parsed = JSON.parse(body) as { error: { message: string } };
  parsed.error.message = parsed.error.message.slice(0, expected.error.message.length);
  return JSON.stringify(parsed);
}

const dir = join(__dirname, 'fixtures', 'cases');
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
const fixtures = files.map((file) => [file, JSON.parse(readFileSync(join(dir, file), 'utf8')) as Fixture] as const);

describe('protocol fixtures', () => {
  const { defs, decl } = fixtureServer();
  const dispatcher = new Dispatcher(defs, decl);

  it('has at least 40 cases', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(40);
  });

  it.each(fixtures.map(([file, f]) => [`${file}: ${f.description}`, f]))('%s', async (_name, fixture) => {
    const f = fixture as Fixture;
    const message = f.raw !== undefined ? f.raw : JSON.stringify(f.request);
    const result = await dispatcher.dispatch(message, { protocolVersion: f.protocolVersion });
    if (f.response === null) {
      expect(result.body).toBe('');
    } else {
      const body = f.messagePrefix ? trimMessage(result.body, f.response as { error: { message: string } }) : result.body;
      expect(JSON.parse(body)).toEqual(f.response);
      expect(body).toBe(JSON.stringify(f.response)); // key order and spelling too
    }
    expect(result.rejected).toBe(f.rejected === true);
  });

  it('gives the same answers when handed parsed messages', async () => {
    for (const [, f] of fixtures) {
      if (f.raw !== undefined || typeof f.request === 'string') continue;
      const result = await dispatcher.dispatch(f.request, { protocolVersion: f.protocolVersion });
      expect(result.body).toBe(f.response === null ? '' : JSON.stringify(f.response));
    }
  });
});
