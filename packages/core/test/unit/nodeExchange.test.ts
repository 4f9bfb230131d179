/** NodeExchange: a response someone else has started (headers sent, not yet finished) is never written again. */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpRefusals as Refusals, NodeExchange } from '../../src/http';

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

describe('an event stream ended in the tick of its last write', () => {
  function freshResponse(): ServerResponse & { writes: string[] } {
    const writes: string[] = [];
    return {
      headersSent: false,
      destroyed: false,
      writableEnded: false,
      writes,
      writeHead: () => writes.push('writeHead'),
      write: (chunk: string) => (writes.push(`write ${chunk}`), true),
      end: (chunk?: string) => writes.push(`end ${chunk}`),
      cork: () => writes.push('cork'),
      uncork: () => writes.push('uncork'),
    } as unknown as ServerResponse & { writes: string[] };
  }

  it('lets the corked chunks go before end(), so the chunked terminator comes last', async () => {
    const res = freshResponse();
    const ex = new NodeExchange(req, res);
    ex.writeHead(200, { 'Content-Type': 'text/event-stream' });
    ex.write('first');
    ex.end('last');
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    expect(res.writes).toEqual(['writeHead', 'cork', 'write first', 'uncork', 'end last']);
  });
});

describe('backpressure the response does not report (Node 22 answers write() true while corked)', () => {
  function backlogged(): ServerResponse & { socket: EventEmitter & { writableNeedDrain: boolean } } {
    const socket = Object.assign(new EventEmitter(), { writableNeedDrain: true });
    return Object.assign(new EventEmitter(), {
      headersSent: false,
      destroyed: false,
      writableEnded: false,
      writableLength: 300_000,
      writableHighWaterMark: 65_536,
      writableNeedDrain: false,
      socket,
      writeHead: () => undefined,
      write: () => true,
      cork: () => undefined,
      uncork: () => undefined,
    }) as unknown as ServerResponse & { socket: EventEmitter & { writableNeedDrain: boolean } };
  }

  it('says "wait" while the connection holds more than the high-water mark, and resumes on its drain', () => {
    const res = backlogged();
    const ex = new NodeExchange(req, res);
    ex.writeHead(200, { 'Content-Type': 'text/event-stream' });
    expect(ex.write('event')).toBe(false);
    const resumed = jest.fn();
    ex.onDrain(resumed);
    res.socket.emit('drain');
    expect(resumed).toHaveBeenCalledTimes(1);
  });

  it('stops waiting on the connection once the response closes', () => {
    const res = backlogged();
    const ex = new NodeExchange(req, res);
    ex.writeHead(200, { 'Content-Type': 'text/event-stream' });
    ex.write('event');
    const resumed = jest.fn();
    ex.onDrain(resumed);
    res.emit('close');
    expect(res.socket.listenerCount('drain')).toBe(0);
  });
});

describe('an event stream ended in the tick it started', () => {
  it('ends after its chunks, so a Connection: close client parses the whole stream (Node 22 wrote the terminator of an end() on a corked response first)', async () => {
    const { createServer, request } = await import('node:http');
    const server = createServer((incoming, res) => {
      const ex = new NodeExchange(incoming, res);
      ex.writeHead(200, { 'Content-Type': 'text/event-stream' });
      ex.write('data: 1\n\n');
      ex.write('data: 2\n\n');
      ex.end('data: 3\n\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as import('node:net').AddressInfo;
    try {
      const body = await new Promise<string>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve(text));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end();
      });
      expect(body).toBe('data: 1\n\ndata: 2\n\ndata: 3\n\n');
    } finally {
      server.close();
    }
  });
});

describe('a whole response', () => {
  // ASCII, 2-byte, 3-byte, a surrogate pair (4 bytes) and a lone surrogate (sent as U+FFFD, 3 bytes)
  const texts = ['{"a":"plain"}', '{"a":"é"}', '{"a":"€ 中"}', '{"a":"😀"}', '{"a":"\ud800"}'];

  function recording(): ServerResponse & { head: Record<string, string | number> | undefined; body: string } {
    const res = { headersSent: false, destroyed: false, writableEnded: false, head: undefined, body: '' } as unknown as ServerResponse & { head: Record<string, string | number> | undefined; body: string };
    Object.assign(res, {
      writeHead: (_status: number, headers: Record<string, string | number>) => void (res.head = headers),
      write: (chunk: string | Uint8Array) => ((res.body += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString()), true),
      end: (chunk?: string | Uint8Array) => void (res.body += chunk === undefined ? '' : typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString()),
      cork: () => undefined,
      uncork: () => undefined,
    });
    return res;
  }

  it.each(texts)('states the UTF-8 length of %j as its Content-Length, as one string and in parts', (text) => {
    const whole = recording();
    sendJson(whole, 200, text);
    expect(whole.head?.['Content-Length']).toBe(Buffer.byteLength(text));
    const parts = recording();
    sendParts(parts, 200, [text.slice(0, 5), new TextEncoder().encode(text.slice(5))]);
    expect(parts.head?.['Content-Length']).toBe(Buffer.byteLength(text.slice(0, 5)) + new TextEncoder().encode(text.slice(5)).byteLength);
  });

  /** NodeExchange loaded afresh with `globalThis.Buffer` set to `buffer` while it loads. */
  function loadedWith(buffer: unknown): typeof NodeExchange {
    const platformBuffer = globalThis.Buffer;
    let Exchange: typeof NodeExchange | undefined;
    try {
      (globalThis as { Buffer?: unknown }).Buffer = buffer;
      jest.isolateModules(() => {
        Exchange = (jest.requireActual('../../src/pipeline/NodeExchange') as { NodeExchange: typeof NodeExchange }).NodeExchange;
      });
    } finally {
      globalThis.Buffer = platformBuffer;
    }
    return Exchange as typeof NodeExchange;
  }

  function lengthStated(Exchange: typeof NodeExchange, text: string): unknown {
    const res = recording();
    const ex = new Exchange(req, res);
    ex.writeHead(200, {});
    ex.end({ body: text });
    return res.head?.['Content-Length'];
  }

  it("counts with the platform's Buffer.byteLength where there is one, and by itself where there is none", () => {
    expect(lengthStated(loadedWith({ byteLength: () => 7 }), '{"a":"é"}')).toBe(7); // the platform's count is the one used
    const Exchange = loadedWith(undefined);
    for (const text of texts) expect(lengthStated(Exchange, text)).toBe(Buffer.byteLength(text));
  });

  it('reaches a real client whole: the stated length is the bytes sent', async () => {
    const { createServer, request } = await import('node:http');
    let next = 0;
    const server = createServer((_req, res) => sendJson(res, 200, texts[next++]));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      for (const text of texts) {
        const body = await new Promise<string>((resolve, reject) => {
          request({ host: '127.0.0.1', port, method: 'POST' }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          })
            .on('error', reject)
            .end();
        });
        expect(body).toBe(text.replace('\ud800', '\ufffd'));
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('NodeExchange.headerRepeated', () => {
  /** A request as Node's parser leaves it: `headers` joined with ", " per name, `rawHeaders` the lines as received. */
  const received = (lines: [string, string][]): IncomingMessage => {
    const headers: Record<string, string> = {};
    for (const [name, value] of lines) headers[name.toLowerCase()] = name.toLowerCase() in headers ? `${headers[name.toLowerCase()]}, ${value}` : value;
    return { headers, rawHeaders: lines.flat() } as unknown as IncomingMessage;
  };
  const repeated = (lines: [string, string][], name: string): boolean => new NodeExchange(received(lines), {} as ServerResponse).headerRepeated(name);

  it('is true for a header on two lines, whatever their case', () => {
    expect(repeated([['Mcp-Method', 'tools/call'], ['mcp-method', 'tools/call']], 'mcp-method')).toBe(true);
    expect(repeated([['Mcp-Name', ''], ['Mcp-Name', '']], 'mcp-name')).toBe(true);
  });

  it('is false for one line, a comma in its value included, and for an absent header', () => {
    expect(repeated([['Mcp-Method', 'tools/call']], 'mcp-method')).toBe(false);
    expect(repeated([['Mcp-Param-Region', 'eu, west']], 'mcp-param-region')).toBe(false);
    expect(repeated([['Mcp-Method', 'tools/call']], 'mcp-name')).toBe(false);
  });
});
