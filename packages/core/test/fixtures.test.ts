/**
 * The protocol fixtures through the dispatcher: every file in fixtures/<version>/ is a message
 * and the exact answer (bytes, key order, HTTP status) core must give it under that version.
 * express and stdio replay the same files through their transports (the dispatcher, without a
 * session, answers as stateless HTTP does: a stdio-only fixture is not replayed here).
 */
import { Dispatcher, MODERN_PROTOCOL_VERSIONS, SUPPORTED_PROTOCOL_VERSIONS } from '@toolwire/core';
import { fixtureServer } from './fixtures/declaration';
import { comparableText, expectedText, loadFixtures } from './fixtures/load';

const fixtures = loadFixtures().filter((f) => f.appliesTo('dispatcher'));

describe('protocol fixtures', () => {
  const { defs, decl } = fixtureServer();
  const dispatcher = new Dispatcher(defs, decl, { onError: () => undefined, missingProcedures: 'ignore' }); // the fixtures call an unregistered tool on purpose

  it('has cases under every supported version', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(60);
    const versions = [...MODERN_PROTOCOL_VERSIONS, ...SUPPORTED_PROTOCOL_VERSIONS];
    for (const version of versions) {
      expect(fixtures.filter((f) => f.version === version).length).toBeGreaterThanOrEqual(4);
    }
    expect(new Set(fixtures.map((f) => f.version))).toEqual(new Set(versions));
  });

  it.each(fixtures.map((f) => [`${f.id}: ${f.description}`, f] as const))('%s', async (_name, f) => {
    // as over HTTP (the headers are looked up); stdio, without headers, replays the same files
    const result = await dispatcher.dispatch(f.message, { protocolVersion: f.header, header: f.lookup });
    expect(comparableText(f, result.body)).toBe(expectedText(f));
    expect(result.status).toBe(f.status);
    expect(result.status >= 400).toBe(f.status >= 400); // refused as a whole exactly when the fixture says so
  });

  it('gives the same answers when handed parsed messages', async () => {
    for (const f of fixtures) {
      if (f.raw !== undefined || typeof f.request === 'string') continue;
      const result = await dispatcher.dispatch(f.request, { protocolVersion: f.header, header: f.lookup });
      expect([f.id, comparableText(f, result.body), result.status]).toEqual([f.id, expectedText(f), f.status]);
    }
  });
});
