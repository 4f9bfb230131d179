/**
 * media: the smallest real media files the content tools return — a 1×1 red PNG and a short
 * silent 8 kHz mono 16-bit WAV, both built in code.
 */
import { encodePng } from '@toolwire/example-demo-tools';

/** A valid 1×1 red pixel PNG. */
export const RED_PIXEL_PNG = encodePng(1, 1, () => [255, 0, 0]);

/** The same pixel as a `data:` URL (an icon that needs no network). */
export const RED_PIXEL_DATA_URL = `data:image/png;base64,${RED_PIXEL_PNG.toString('base64')}`;

/** A valid WAV file (RIFF/WAVE, PCM 16-bit mono) of `samples` silent samples at 8 kHz. */
export function silentWav(samples = 800): Buffer {
  const rate = 8000;
  const dataBytes = samples * 2;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28); // byte rate
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataBytes, 40);
  return wav;
}
