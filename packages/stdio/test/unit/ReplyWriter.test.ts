/** ReplyWriter: replies ready in the same turn of the event loop go out in one write, in order. */
import { Writable } from 'node:stream';
import { ReplyWriter } from '../../src/io/ReplyWriter';

function recordingStream(fail = false): Writable & { chunks: string[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString());
      callback(fail ? new Error('EPIPE') : null);
    },
  });
  return Object.assign(stream, { chunks });
}

describe('ReplyWriter', () => {
  it('coalesces the replies of one turn into one write and keeps their order', async () => {
    const out = recordingStream();
    const writer = new ReplyWriter(out, () => undefined);
    writer.write('a\n');
    writer.write('');
    writer.write('b\n');
    await Promise.resolve().then(() => writer.write('c\n')); // a microtask later: same turn
    expect(out.chunks).toEqual([]);
    await writer.settle();
    expect(out.chunks).toEqual(['a\nb\nc\n']);
  });

  it('writes again in a later turn', async () => {
    const out = recordingStream();
    const writer = new ReplyWriter(out, () => undefined);
    writer.write('1\n');
    await new Promise((resolve) => setImmediate(resolve));
    writer.write('2\n');
    await writer.settle();
    expect(out.chunks).toEqual(['1\n', '2\n']);
  });

  it('flushNow writes what is queued at once, and the turn\'s end then writes nothing more', async () => {
    const out = recordingStream();
    const writer = new ReplyWriter(out, () => undefined);
    writer.write('a\n');
    writer.write('b\n');
    writer.flushNow();
    expect(out.chunks).toEqual(['a\nb\n']); // synchronously, not at the end of the turn
    await new Promise((resolve) => setImmediate(resolve));
    writer.flushNow(); // nothing queued: no empty write
    expect(out.chunks).toEqual(['a\nb\n']);
  });

  it('flushNow keeps a response behind its notifications until the client answered the ping', async () => {
    const out = recordingStream();
    let answer: () => void = () => undefined;
    const writer = new ReplyWriter(out, () => undefined, { request: (onAnswer) => ((answer = onAnswer), 'ping\n') });
    writer.notify('note\n');
    writer.write('reply\n');
    writer.flushNow();
    expect(out.chunks).toEqual(['note\nping\n']);
    answer();
    expect(out.chunks).toEqual(['note\nping\n', 'reply\n']);
    await writer.settle();
  });

  it('reports a failed write', async () => {
    const onError = jest.fn();
    const out = recordingStream(true);
    out.on('error', () => undefined);
    const writer = new ReplyWriter(out, onError);
    writer.write('x\n');
    await writer.settle();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'EPIPE' }));
  });

  it('queue holds a reply until flushNow, which writes it with the replies written before', async () => {
    const out = recordingStream();
    const writer = new ReplyWriter(out, () => undefined);
    writer.queue('a\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.chunks).toEqual([]); // no timer was set for it
    writer.write('b\n');
    writer.queue('c\n');
    writer.flushNow();
    expect(out.chunks).toEqual(['a\nb\nc\n']);
    writer.flushNow(); // nothing queued: nothing written
    await writer.settle();
    expect(out.chunks).toEqual(['a\nb\nc\n']);
  });

  it('settle resolves only once the stream called back for every write', async () => {
    const callbacks: Array<() => void> = [];
    const out = new Writable({ highWaterMark: 1e6, write: (_chunk, _encoding, callback) => void callbacks.push(() => callback()) });
    const writer = new ReplyWriter(out, () => undefined);
    writer.queue('1\n');
    writer.flushNow();
    let settled = false;
    const settling = writer.settle().then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    callbacks.shift()?.();
    await settling;
    expect(settled).toBe(true);
  });

  it('reports a failed write of a queued reply once', async () => {
    const errors: unknown[] = [];
    const out = recordingStream(true);
    out.on('error', () => undefined);
    const writer = new ReplyWriter(out, (error) => errors.push(error));
    writer.queue('1\n');
    writer.flushNow();
    await writer.settle();
    expect(errors).toHaveLength(1);
  });
});
