/** NodeExchange: a response someone else has started (headers sent, not yet finished) is never written again. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpRefusals as Refusals, NodeExchange } from '../../src/transport';

const req = { headers: {} } as unknown as IncomingMessage;
/** How the pipeline writes each kind of answer through the exchange. */
function exchange(res: ServerResponse, status: number, headers: Record<string, string>, body?: { body: string; parts?: (string | Uint8Array)[] }): void {
  const ex = new NodeExchange(req, res);
  ex.writeHead(status, headers);
  ex.end(body);
}
const sendJson = (res: ServerResponse, status: number, body: string) => exchange(res, status, { 'Content-Type': 'application/json' }, { body });
const sendParts = (res: ServerResponse, status: number, parts: (string | Uint8Array)[]) => exchange(res, status, { 'Content-Type': 'application/json' }, { body: '', parts });
const sendAccepted = (res: ServerResponse) => exchange(res, 202, {});
const refuse = (res: ServerResponse, r: typeof Refusals.internal) => exchange(res, r.status, r.headers, r);

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
