/**
 * requestState: the integrity-protected state of a multi round-trip tools/call (2026-07-28
 * MRTR). The server keeps nothing between rounds; the state it hands the client holds the
 * answers gathered so far, the keys it is waiting for and an expiry, and is HMAC-SHA-256 signed
 * together with the tool name and its arguments — so a tampered state, one from another server
 * (another key), one for another call or an expired one is refused.
 *
 * The key is the dispatcher option `requestStateKey`; without it a random key is made per process,
 * so a state is only good on the process that issued it (behind a load balancer, give every
 * instance the same key).
 */

/** What a round carries from one request to the next. */
export interface RoundState {
  /** Answers to earlier asks, by key. */
  readonly answers: Readonly<Record<string, unknown>>;
  /** The keys the last interim result asked for. */
  readonly pending: readonly string[];
  /** Expiry, ms since the epoch. */
  readonly expires: number;
}

/** How long a state is good for (10 minutes). */
export const STATE_TTL_MS = 10 * 60 * 1000;

const encoder = new TextEncoder();

/** An HMAC key of the platform's Web Crypto (`globalThis.crypto`, in Node, Bun, Deno and Workers alike). */
type HmacKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** Signs and verifies round states with one HMAC key. */
export class StateSealer {
  private key: Promise<HmacKey> | undefined;

  /** @param secret - at least 32 bytes; `undefined` makes a random per-process key. */
  constructor(private readonly secret: Uint8Array | undefined) {}

  private cryptoKey(): Promise<HmacKey> {
    const secret = this.secret ?? crypto.getRandomValues(new Uint8Array(32));
    this.key ??= crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    return this.key;
  }

  /** The opaque state for `round` of the call of `tool` with `argsJson`. */
  async seal(round: RoundState, tool: string, argsJson: string): Promise<string> {
    const payload = base64url(encoder.encode(JSON.stringify({ v: 1, a: round.answers, p: round.pending, x: round.expires })));
    const signature = await crypto.subtle.sign('HMAC', await this.cryptoKey(), encoder.encode(`${payload}\n${tool}\n${argsJson}`));
    return `${payload}.${base64url(new Uint8Array(signature))}`;
  }

  /** The round a state carries, or why it is refused. */
  async open(state: unknown, tool: string, argsJson: string, now = Date.now()): Promise<RoundState | string> {
    if (typeof state !== 'string' || state.length > 1_000_000) return 'requestState must be the string a previous result gave';
    const [payload, signature, extra] = state.split('.');
    const signatureBytes = signature === undefined || extra !== undefined ? undefined : fromBase64url(signature);
    const payloadBytes = payload === undefined ? undefined : fromBase64url(payload);
    if (!signatureBytes || !payloadBytes) return 'requestState is malformed';
    const valid = await crypto.subtle.verify('HMAC', await this.cryptoKey(), signatureBytes, encoder.encode(`${payload}\n${tool}\n${argsJson}`));
    if (!valid) return 'requestState failed verification (tampered, issued by another server, or for another call)';
    const round = JSON.parse(new TextDecoder().decode(payloadBytes)) as { a: Record<string, unknown>; p: string[]; x: number };
    if (!(round.x > now)) return 'requestState has expired; call the tool again without it';
    return { answers: round.a, pending: round.p, expires: round.x };
  }
}
