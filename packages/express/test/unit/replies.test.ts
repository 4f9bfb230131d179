/** replies: a response someone else has started (headers sent, not yet finished) is never written again. */
import type { ServerResponse } from 'node:http';
import { Refusals, refuse, sendAccepted, sendJson, sendParts } from '../../src/replies';

function startedResponse(): ServerResponse & { writes: string[] } {
  const writes: string[] = [];
  const record = (what: string) => () => {
    writes.push(what);
  };
  return {
    headersSent: true,
    destroyed: false,
    writes,
    writeHead: record('writeHead'),
    write: record('write'),
    end: record('end'),
    cork: record('cork'),
    uncork: record('uncork'),
  } as unknown as ServerResponse & { writes: string[] };
}

describe('replies on a response whose headers were already sent', () => {
  it.each([
    ['sendJson', (res: ServerResponse) => sendJson(res, 200, '{}')],
    ['sendParts', (res: ServerResponse) => sendParts(res, 200, ['{"a":', new Uint8Array([49]), '}'])],
    ['sendAccepted', (res: ServerResponse) => sendAccepted(res)],
    ['refuse', (res: ServerResponse) => refuse(res, Refusals.internal)],
  ])('%s writes nothing', (_name, send) => {
    const res = startedResponse();
    expect(() => send(res)).not.toThrow();
    expect(res.writes).toEqual([]);
  });
});
