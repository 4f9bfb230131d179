import { PassThrough } from 'node:stream';
import { StdioService } from '@toolwire/stdio';
import { call, contentLength, createTestService, request, Reply } from '../helpers';

const parse = (json: string): Reply => JSON.parse(json) as Reply;

function service(): StdioService {
  const { defs, decl } = createTestService();
  return new StdioService(defs, decl);
}

describe('StdioService.dispatch', () => {
  it('awaits an asynchronous procedure', async () => {
    const reply = parse(await service().dispatch(call(1, 'echo', { message: 'hé' })));
    expect(reply.result).toEqual({ content: [{ type: 'text', text: 'hé' }], isError: false });
  });

  it("resolves '' for a notification", async () => {
    expect(await service().dispatch('{"jsonrpc":"2.0","method":"notifications/initialized"}')).toBe('');
  });

  it('drives version-dependent behaviour from the initialize on this connection', async () => {
    const s = service();
    const bad = call(2, 'add', { a: 1 });
    expect(parse(await s.dispatch(bad)).error?.message).toBe('missing required argument "b"');
    await s.dispatch(request(1, 'initialize', { protocolVersion: '2025-11-25' }));
    expect(parse(await s.dispatch(bad)).result).toEqual({ content: [{ type: 'text', text: 'missing required argument "b"' }], isError: true });
  });
});

describe('StdioService.release', () => {
  it("ends a pending read with '', removes its listeners and pauses the stream", async () => {
    const s = service();
    const input = new PassThrough();
    const listeners = input.listenerCount('error');
    const pending = s.readMessage(input);
    expect(input.listenerCount('error')).toBe(listeners + 1);
    s.release(input);
    expect(await pending).toBe('');
    expect(input.listenerCount('error')).toBe(listeners);
    await new Promise((resolve) => process.nextTick(resolve));
    expect(input.isPaused()).toBe(true);
  });

  it('without an argument releases every stream it read from, and a later read starts afresh', async () => {
    const s = service();
    const a = new PassThrough();
    const b = new PassThrough();
    const pendingA = s.readMessage(a);
    const pendingB = s.readMessage(b);
    s.release();
    expect([await pendingA, await pendingB]).toEqual(['', '']);
    const again = s.readMessage(a);
    a.write(request(3, 'ping') + '\n');
    expect(await again).toBe(request(3, 'ping'));
  });
});

describe('StdioService.readMessage', () => {
  it("reads messages as they arrive, then '' at the end of the stream", async () => {
    const s = service();
    const input = new PassThrough();
    const first = s.readMessage(input);
    input.write('{"jsonrpc":"2.0",');
    input.write('"id":1,"method":"ping"}\nContent-Len');
    expect(await first).toBe(request(1, 'ping'));
    const second = s.readMessage(input);
    input.end(`gth: 2\r\n\r\n{}`);
    expect(await second).toBe('{}');
    expect(s.framing).toBe('content-length');
    expect(await s.readMessage(input)).toBe('');
  });

  it('serves overlapping reads in order', async () => {
    const s = service();
    const input = new PassThrough();
    const reads = [s.readMessage(input), s.readMessage(input), s.readMessage(input)];
    input.end('[1]\n[2]\n');
    expect(await Promise.all(reads)).toEqual(['[1]', '[2]', '']);
  });

  it('rejects when the stream errors', async () => {
    const s = service();
    const input = new PassThrough();
    const read = s.readMessage(input);
    input.destroy(new Error('disk on fire'));
    await expect(read).rejects.toThrow('disk on fire');
  });

  it('reads a stream that delivers strings', async () => {
    const s = service();
    const input = new PassThrough();
    input.setEncoding('utf8');
    input.end(contentLength('{"ü":"✓"}'));
    expect(await s.readMessage(input)).toBe('{"ü":"✓"}');
  });
});

describe('StdioService.writeMessage', () => {
  it('frames like the last message read, and resolves once written', async () => {
    const s = service();
    const input = new PassThrough();
    input.end(`${request(1, 'ping')}\n`);
    await s.readMessage(input);
    const output = new PassThrough();
    await s.writeMessage(output, '{"a":1}');
    await s.writeMessage(output, '{"a":2}', 'content-length');
    await s.writeMessage(output, '');
    expect(output.read()?.toString()).toBe('{"a":1}\nContent-Length: 7\r\n\r\n{"a":2}');
  });

  it('rejects when the stream cannot be written', async () => {
    const output = new PassThrough();
    output.on('error', () => undefined);
    output.destroy();
    await expect(service().writeMessage(output, '{"a":1}')).rejects.toThrow();
  });
});
