import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Service, MemorySource } from '@toolwire/stdio';
import { call, contentLength, createTestService, request, Reply } from '../helpers';

const parse = (json: string): Reply => JSON.parse(json) as Reply;

function service(): Service {
  const { defs, decl } = createTestService();
  return new Service(defs, decl);
}

describe('Service.dispatch', () => {
  it('runs a synchronous procedure on the calling thread and returns the reply', () => {
    const reply = parse(service().dispatch(call(1, 'add', { a: 2, b: 3 })));
    expect(reply).toEqual({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: '5' }], isError: false } });
  });

  it("returns '' for a notification", () => {
    expect(service().dispatch('{"jsonrpc":"2.0","method":"notifications/initialized"}')).toBe('');
  });

  it('answers an asynchronous procedure with a clear -32603', () => {
    const reply = parse(service().dispatch(call(2, 'echo', { message: 'hi' })));
    expect(reply.error?.code).toBe(-32603);
    expect(reply.error?.message).toContain('asynchronous procedure; use StdioService');
  });

  it('answers invalid JSON with -32700 and id null', () => {
    expect(parse(service().dispatch('nope'))).toMatchObject({ id: null, error: { code: -32700 } });
  });
});

describe('Service session: the negotiated protocol version', () => {
  const badArgs = call(9, 'add', { a: 'x', b: 1 });

  it('starts at 2025-03-26: an argument error is JSON-RPC -32602 and batches are allowed', () => {
    const s = service();
    expect(s.session.protocolVersion).toBe('2025-03-26');
    expect(parse(s.dispatch(badArgs)).error?.code).toBe(-32602);
    const batch = JSON.parse(s.dispatch(`[${request(1, 'ping')},${request(2, 'ping')}]`)) as Reply[];
    expect(batch.map((r) => r.id)).toEqual([1, 2]);
  });

  it('after initialize with 2025-11-25: an argument error is isError: true and batches are refused', () => {
    const s = service();
    const init = parse(s.dispatch(request(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } })));
    expect(init.result?.protocolVersion).toBe('2025-11-25');
    expect(s.session.protocolVersion).toBe('2025-11-25');
    const reply = parse(s.dispatch(badArgs));
    expect(reply.error).toBeUndefined();
    expect(reply.result?.isError).toBe(true);
    expect(reply.result?.content?.[0].text).toContain('argument "a"');
    expect(parse(s.dispatch(`[${request(2, 'ping')}]`)).error?.code).toBe(-32600);
  });

  it('after initialize with 2025-03-26: the argument error stays -32602', () => {
    const s = service();
    s.dispatch(request(1, 'initialize', { protocolVersion: '2025-03-26' }));
    expect(parse(s.dispatch(badArgs)).error?.code).toBe(-32602);
  });

  it('keeps one session per instance', () => {
    const a = service();
    const b = service();
    a.dispatch(request(1, 'initialize', { protocolVersion: '2025-11-25' }));
    expect(b.session.protocolVersion).toBe('2025-03-26');
    expect(parse(b.dispatch(badArgs)).error?.code).toBe(-32602);
  });
});

describe('Service: messages over maxMessageBytes', () => {
  it('reads them as a placeholder that dispatch answers with -32600, then goes on', () => {
    const { defs, decl } = createTestService();
    const s = new Service(defs, decl, { maxMessageBytes: 64 });
    const source = new MemorySource(`${call(1, 'echo', { message: 'x'.repeat(200) })}\n${request(2, 'ping')}\n`);
    const first = s.readMessage(source);
    expect(JSON.parse(s.dispatch(first))).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request: message of more than 64 bytes exceeds the limit of 64 bytes' },
    });
    expect(JSON.parse(s.dispatch(s.readMessage(source))).result).toEqual({});
    expect(() => new Service(defs, decl, { maxMessageBytes: -1 })).toThrow(RangeError);
  });
});

describe('Service.readMessage from a MemorySource', () => {
  it("reads messages split across chunks, then '' at the end of input", () => {
    const s = service();
    const wire = `${request(1, 'ping')}\n${contentLength('{"v":"ü✓"}')}`;
    const bytes = Buffer.from(wire);
    const source = new MemorySource(...Array.from(bytes, (b) => Buffer.from([b])));
    expect(s.readMessage(source)).toBe(request(1, 'ping'));
    expect(s.framing).toBe('newline');
    expect(s.readMessage(source)).toBe('{"v":"ü✓"}');
    expect(s.framing).toBe('content-length');
    expect(s.readMessage(source)).toBe('');
    expect(s.readMessage(source)).toBe('');
  });

  it('keeps leftover bytes per source between calls', () => {
    const s = service();
    const one = new MemorySource(`${request(1, 'ping')}\n${request(2, 'ping')}\n`);
    const two = new MemorySource(`${request(3, 'ping')}\n`);
    expect(s.readMessage(one)).toBe(request(1, 'ping'));
    expect(s.readMessage(two)).toBe(request(3, 'ping'));
    expect(s.readMessage(one)).toBe(request(2, 'ping'));
  });

  it('hands garbage on so dispatch answers -32700, and goes on', () => {
    const s = service();
    const source = new MemorySource(`garbage!\n${request(1, 'ping')}\n`);
    expect(parse(s.dispatch(s.readMessage(source)))).toMatchObject({ id: null, error: { code: -32700 } });
    expect(parse(s.dispatch(s.readMessage(source)))).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('refuses a source that is neither a descriptor nor has readChunk()', () => {
    expect(() => service().readMessage({} as MemorySource)).toThrow(TypeError);
  });
});

describe('Service.writeMessage', () => {
  it('uses Content-Length before any message was read', () => {
    const out: string[] = [];
    service().writeMessage({ write: (c: string) => out.push(c) }, '{"a":1}');
    expect(out).toEqual(['Content-Length: 7\r\n\r\n{"a":1}']);
  });

  it('answers in the framing of the last message read, unless told otherwise', () => {
    const s = service();
    const out: string[] = [];
    const sink = { write: (c: string) => out.push(c) };
    s.readMessage(new MemorySource(`${request(1, 'ping')}\n`));
    s.writeMessage(sink, '{"a":1}');
    s.writeMessage(sink, '{"a":2}', 'content-length');
    expect(out).toEqual(['{"a":1}\n', 'Content-Length: 7\r\n\r\n{"a":2}']);
  });

  it("writes nothing for ''", () => {
    const out: string[] = [];
    service().writeMessage({ write: (c: string) => out.push(c) }, '');
    expect(out).toEqual([]);
  });
});

describe('Service over file descriptors', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'toolwire-stdio-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads requests from one descriptor and writes every reply byte to another', () => {
    const input = join(dir, 'in');
    const output = join(dir, 'out');
    const big = 'é'.repeat(100_000); // larger than one 64 KiB read
    writeFileSync(input, `${contentLength(call(1, 'add', { a: 1, b: 2 }))}${call(2, 'shout', { message: big })}\n`);
    const inFd = openSync(input, 'r');
    const outFd = openSync(output, 'w');
    const s = service();
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      for (let json = s.readMessage(inFd); json !== ''; json = s.readMessage(inFd)) s.writeMessage(outFd, s.dispatch(json));
    } finally {
      log.mockRestore();
      closeSync(inFd);
      closeSync(outFd);
    }
    const written = readFileSync(output, 'utf8');
    const first = contentLength('{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"3"}],"isError":false}}');
    expect(written.startsWith(first)).toBe(true);
    expect(parse(written.slice(first.length, -1))).toMatchObject({ id: 2, result: { content: [{ text: '100000' }] } });
    expect(written.endsWith('}\n')).toBe(true);
  });
});
