import { PassThrough } from 'node:stream';
import { consoleToStderr } from '@toolwire/stdio';

function sink(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (c: Buffer) => (text += c.toString()));
  return { stream, text: () => text };
}

describe('consoleToStderr', () => {
  it('sends log, info, debug and warn to the target and restores them', () => {
    const original = console.log;
    const target = sink();
    const stdoutWrite = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const restore = consoleToStderr(target.stream);
      console.log('one');
      console.info('two');
      console.debug('three');
      console.warn('four');
      restore();
      expect(console.log).toBe(original);
      expect(stdoutWrite).not.toHaveBeenCalled();
    } finally {
      stdoutWrite.mockRestore();
    }
    expect(target.text()).toBe('one\ntwo\nthree\nfour\n');
  });

  it('keeps the redirection until the last of overlapping users restores', () => {
    const original = console.log;
    const target = sink();
    const first = consoleToStderr(target.stream);
    const second = consoleToStderr(target.stream);
    first();
    first(); // restoring twice counts once
    expect(console.log).not.toBe(original);
    second();
    expect(console.log).toBe(original);
  });
});
