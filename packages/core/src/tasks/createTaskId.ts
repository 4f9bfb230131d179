/**
 * createTaskId: unguessable task ids — 128 bits from Web Crypto's `crypto.getRandomValues`,
 * written as 22 base64url characters. Platform-neutral (Node 20, browsers, Workers, Bun, Deno).
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** How many random bytes a task id carries (128 bits). */
export const TASK_ID_BYTES = 16;

/** The shape of an id {@link createTaskId} makes: 22 base64url characters. */
const TASK_ID = /^[A-Za-z0-9_-]{22}$/;

/** A new task id: 128 random bits, base64url without padding (22 characters). */
export function createTaskId(): string {
  const bytes = new Uint8Array(TASK_ID_BYTES);
  globalThis.crypto.getRandomValues(bytes);
  let id = '';
  // 16 bytes = 128 bits = 21 whole 6-bit digits and 2 bits left over
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      id += ALPHABET[(value >> bits) & 63];
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) id += ALPHABET[(value << (6 - bits)) & 63];
  return id;
}

/** Whether `value` has the shape of a task id (a store looks up nothing else). */
export function isTaskId(value: unknown): value is string {
  return typeof value === 'string' && TASK_ID.test(value);
}
