/**
 * The protocol fixtures (packages/core/test/fixtures/<version>/<name>.json) replayed over
 * streams through serveStdio, in both framings: after an `initialize` that negotiates the
 * fixture's version, the message must be answered with exactly the fixture's bytes (the same
 * bytes HTTP writes), or with nothing.
 */
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { serveStdio } from '@toolwire/stdio';
import type { Framing } from '@toolwire/stdio';
import { fixtureServer } from '../../../core/test/fixtures/declaration';
import { comparableText, expectedText, isInitialize, loadFixtures } from '../../../core/test/fixtures/load';
import type { Fixture } from '../../../core/test/fixtures/load';

const fixtures = loadFixtures().filter((f) => f.appliesTo('stdio'));

function frame(json: string, framing: Framing): string {
  return framing === 'newline' ? `${json}\n` : `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`;
}

/** Splits output into message bodies written in `framing`. */
function messages(text: string, framing: Framing): string[] {
  if (framing === 'newline') return text.split('\n').filter((line) => line !== '');
  const bodies: string[] = [];
  let rest = Buffer.from(text);
  while (rest.length > 0) {
    const headerEnd = rest.indexOf('\r\n\r\n');
    const length = Number(/Content-Length: (\d+)/.exec(rest.subarray(0, headerEnd).toString())?.[1]);
    bodies.push(rest.subarray(headerEnd + 4, headerEnd + 4 + length).toString());
    rest = rest.subarray(headerEnd + 4 + length);
  }
  return bodies;
}

/** Serves one fixture on a fresh connection and returns the messages written after the handshake. */
async function replay(f: Fixture, framing: Framing): Promise<string[]> {
  const { defs, decl } = fixtureServer();
  const input = new PassThrough();
  const output = new PassThrough();
  let written = '';
  output.on('data', (chunk: Buffer) => (written += chunk.toString()));
  const done = serveStdio(defs, decl, { input, output, onError: () => undefined, missingProcedures: 'ignore' });
  const handshake = f.header !== undefined && !f.modern && !isInitialize(f);
  if (handshake) {
    const init = { jsonrpc: '2.0', id: 'handshake', method: 'initialize', params: { protocolVersion: f.version, capabilities: {}, clientInfo: { name: 'fixtures', version: '1' } } };
    input.write(frame(JSON.stringify(init), framing));
    while (messages(written, framing).length === 0) await once(output, 'data');
    expect(JSON.parse(messages(written, framing)[0])).toMatchObject({ id: 'handshake', result: { protocolVersion: f.version } });
  }
  input.end(frame(f.message, framing));
  await done;
  return messages(written, framing).slice(handshake ? 1 : 0);
}

describe.each(['newline', 'content-length'] as const)('protocol fixtures over stdio (%s framing)', (framing) => {
  it.each(fixtures.map((f) => [`${f.id}: ${f.description}`, f] as const))('%s', async (_name, f) => {
    const replies = await replay(f, framing);
    expect(replies.map((reply) => comparableText(f, reply))).toEqual(f.response === null ? [] : [expectedText(f)]);
  });
});

it('replays the fixtures of every version over stdio', () => {
  expect(new Set(fixtures.map((f) => f.version)).size).toBeGreaterThanOrEqual(4);
});
