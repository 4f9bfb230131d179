/**
 * png: a tiny, dependency-free PNG encoder for the demo's image tool — an RGB gradient written as
 * signature, IHDR, one zlib-compressed IDAT and IEND, each chunk with its CRC-32.
 */
import { deflateSync } from 'node:zlib';

/** The 8 bytes every PNG file starts with. */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  typed.copy(out, 4);
  out.writeUInt32BE(crc32(typed), 8 + data.length);
  return out;
}

/**
 * A `size`×`size` RGB PNG: red grows left to right, green top to bottom, blue is constant.
 * @example gradientPng(16).subarray(0, 8).equals(PNG_SIGNATURE) // true
 */
export function gradientPng(size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, deflate, no filter, no interlace
  const rowLength = 1 + size * 3;
  const pixels = Buffer.alloc(rowLength * size);
  for (let y = 0; y < size; y++) {
    pixels[y * rowLength] = 0; // filter type: none
    for (let x = 0; x < size; x++) {
      const at = y * rowLength + 1 + x * 3;
      pixels[at] = Math.round((255 * x) / Math.max(1, size - 1));
      pixels[at + 1] = Math.round((255 * y) / Math.max(1, size - 1));
      pixels[at + 2] = 160;
    }
  }
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}
