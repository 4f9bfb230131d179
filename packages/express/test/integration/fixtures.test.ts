/**
 * The protocol fixtures (packages/core/test/fixtures/<version>/<name>.json) replayed through a
 * real Express app: each message POSTed with its version's MCP-Protocol-Version header must get
 * the fixture's HTTP status and exactly its bytes — the same bytes stdio writes.
 */
import express from 'express';
import request from 'supertest';
import { mcpRouter } from '../../src';
import { fixtureServer } from '../../../core/test/fixtures/declaration';
import { comparableText, expectedText, loadFixtures } from '../../../core/test/fixtures/load';

const fixtures = loadFixtures().filter((f) => f.appliesTo('http'));
const { defs, decl } = fixtureServer();
const app = express();
app.use('/mcp', mcpRouter(decl, defs, { onError: () => undefined, missingProcedures: 'ignore' }));

describe('protocol fixtures over HTTP', () => {
  it('replays the fixtures of every version', () => {
    expect(new Set(fixtures.map((f) => f.version)).size).toBeGreaterThanOrEqual(4);
  });

  it.each(fixtures.map((f) => [`${f.id}: ${f.description}`, f] as const))('%s', async (_name, f) => {
    let req = request(app).post('/mcp').set('Content-Type', 'application/json').set('Accept', 'application/json, text/event-stream');
    if (f.header !== undefined) req = req.set('MCP-Protocol-Version', f.header);
    for (const [name, value] of Object.entries(f.httpHeaders)) req = req.set(name, value);
    const res = await req.send(f.message);
    expect(res.status).toBe(f.status);
    expect(comparableText(f, res.text)).toBe(expectedText(f));
    if (f.status !== 202) expect(res.headers['content-type']).toMatch(/^application\/json\b/);
  });
});
