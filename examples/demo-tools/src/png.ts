/**
 * png: a minimal PNG encoder (8-bit RGB, no interlace) so the example's image tool returns a
 * real, valid image generated in code rather than a binary file checked into the repository.
 */
import { deflateSync } from 'node:zlib';

/** The 8 bytes every PNG file starts with. */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** The CRC-32 PNG chunks carry (over the chunk type and data). */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGB colour, each channel 0–255. */
export type Rgb = readonly [number, number, number];

/**
 * Encodes a `width` × `height` RGB image whose pixels `paint(x, y)` returns.
 * @example const red = encodePng(2, 2, () => [255, 0, 0]);
 */
export function encodePng(width: number, height: number, paint: (x: number, y: number) => Rgb): Buffer {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`encodePng: expected positive integer dimensions, got ${width}x${height}`);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  const stride = 1 + width * 3;
  const raw = Buffer.alloc(stride * height); // each row starts with filter type 0 (none)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set(paint(x, y), y * stride + 1 + x * 3);
  }
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A `size` × `size` colour gradient: red grows left to right, green top to bottom.
 * @example gradientPng(16).subarray(0, 8).equals(PNG_SIGNATURE) // true
 */
export function gradientPng(size: number): Buffer {
  const step = 255 / Math.max(1, size - 1);
  return encodePng(size, size, (x, y) => [Math.round(x * step), Math.round(y * step), 128]);
}
