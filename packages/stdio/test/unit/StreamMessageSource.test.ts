/** StreamMessageSource.waitForInput: polling reads wait without a listener or closure per message, and release undoes it. */
import { PassThrough } from 'node:stream';
import { StreamMessageSource, WAIT } from '../../src/io/StreamMessageSource';

/** serveStdio's read: poll, and wait for input while poll says WAIT. */
async function read(source: StreamMessageSource): Promise<ReturnType<StreamMessageSource['poll']>> {
  for (;;) {
    const message = source.poll();
    if (message !== WAIT) return message;
    await source.waitForInput();
  }
}

describe('StreamMessageSource.waitForInput', () => {
  it('resolves when a message arrives, and poll then returns it', async () => {
    const input = new PassThrough();
    const source = new StreamMessageSource(input);
    expect(source.poll()).toBe(WAIT);
    const waiting = source.waitForInput();
    input.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    await waiting;
    expect(source.poll()).toMatchObject({ framing: 'newline', text: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
    expect(source.poll()).toBe(WAIT);
  });

  it('keeps one set of listeners over many waits, and release removes them', async () => {
    const input = new PassThrough();
    const source = new StreamMessageSource(input);
    for (let id = 1; id <= 3; id++) {
      expect(source.poll()).toBe(WAIT);
      const waiting = source.waitForInput();
      input.write(`{"jsonrpc":"2.0","id":${id},"method":"ping"}\n`);
      await waiting;
      expect(source.poll()).toMatchObject({ text: `{"jsonrpc":"2.0","id":${id},"method":"ping"}` });
    }
    expect(input.listenerCount('readable')).toBe(1);
    expect(input.listenerCount('end')).toBe(1);
    source.release();
    expect(input.listenerCount('readable')).toBe(0);
    expect(input.listenerCount('end')).toBe(0);
    expect(input.listenerCount('close')).toBe(0);
    expect(input.listenerCount('error')).toBe(0);
  });

  it('wakes the reader at the end of input (poll: undefined), on a stream error (poll throws) and on release', async () => {
    const ending = new PassThrough();
    const atEnd = new StreamMessageSource(ending);
    expect(atEnd.poll()).toBe(WAIT);
    const reading = read(atEnd);
    ending.end();
    await expect(reading).resolves.toBeUndefined();

    const failing = new PassThrough();
    const onError = new StreamMessageSource(failing);
    expect(onError.poll()).toBe(WAIT);
    const failed = read(onError);
    failing.destroy(new Error('broken pipe'));
    await expect(failed).rejects.toThrow('broken pipe');

    const released = new StreamMessageSource(new PassThrough());
    expect(released.poll()).toBe(WAIT);
    const releaseWait = released.waitForInput();
    released.release();
    await releaseWait;
    expect(released.poll()).toBeUndefined();
    await expect(released.waitForInput()).resolves.toBeUndefined();
  });
});
