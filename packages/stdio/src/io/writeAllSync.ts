/**
 * writeAllSync: writes a whole text to a file descriptor with fs.writeSync, looping over
 * partial writes and retrying EAGAIN on a non-blocking descriptor.
 */
import { writeSync } from 'node:fs';
import { retryOnEagain } from './sleepSync';

/** Writes every byte of `text` (UTF-8) to `fd`. */
export function writeAllSync(fd: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let offset = 0;
  while (offset < bytes.length) {
    offset += retryOnEagain(() => writeSync(fd, bytes, offset, bytes.length - offset));
  }
}
