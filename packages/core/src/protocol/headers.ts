/**
 * headers: the standard HTTP headers of the modern era (2026-07-28) — `Mcp-Method`, `Mcp-Name`
 * and `Mcp-Param-{Name}` — and their value encoding: a value that is not plain visible ASCII
 * travels as `=?base64?{Base64 of its UTF-8}?=`, decoded strictly before it is compared.
 */

/** The prefix of a `Mcp-Param-*` header. */
export const PARAM_HEADER_PREFIX = 'Mcp-Param-';

const SENTINEL = /^=\?base64\?(.*)\?=$/s;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The value a header carries: trimmed, and decoded when it is base64-encoded; `undefined` for
 * bad base64 or bytes that are not UTF-8 (a -32020).
 */
export function headerValue(raw: string): string | undefined {
  const trimmed = raw.trim();
  if (!trimmed.startsWith('=?base64?')) return trimmed; // the common case, without the regex
  const encoded = SENTINEL.exec(trimmed);
  if (!encoded) return trimmed;
  const data = encoded[1];
  if (!BASE64.test(data)) return undefined;
  try {
    const binary = atob(data);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return UTF8.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * A number in the canonical text form a header states it in: optional minus, decimal digits
 * without leading zeros, an optional fraction — no hex (`0x10`), octal-looking (`016`),
 * exponent (`1e1`), sign (`+16`) or trailing text.
 */
const CANONICAL_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

/**
 * Whether a header value (decoded) states `value`: strings exactly, booleans as `true`/`false`,
 * numbers in canonical decimal form compared numerically (`16` and `16.0` state 16; `0x10`,
 * `016` and `1.6e1` do not).
 */
export function headerStates(decoded: string, value: unknown): boolean {
  if (typeof value === 'string') return decoded === value;
  if (typeof value === 'boolean') return decoded === String(value);
  if (typeof value === 'number') return CANONICAL_NUMBER.test(decoded) && Number(decoded) === value;
  return false;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Whether `name` may follow `Mcp-Param-` (an RFC 9110 token). */
export function isHeaderToken(name: string): boolean {
  return TOKEN.test(name);
}
