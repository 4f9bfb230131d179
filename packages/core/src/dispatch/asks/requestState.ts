/**
 * requestState: the sealed state of a multi round-trip tools/call (2026-07-28 MRTR). The server
 * keeps nothing between rounds; the state it hands the client holds the answers gathered so far,
 * the keys it is waiting for, an expiry, and what it is bound to — the tool, a SHA-256 digest of
 * the call's arguments and a digest of the caller (the key of its principal: the token's
 * identity, the stdio connection, or anonymous) — all encrypted with AES-256-GCM (a random 96-bit IV per state). So the
 * client (or anything between) cannot read the earlier answers, and a tampered state, one from
 * another server (another key), one for another call, one issued to another caller or an expired
 * one is refused, each with its own message.
 *
 * The bindings travel inside the authenticated plaintext rather than as additional data: the
 * integrity is the same (GCM authenticates every byte), and a refusal can say which binding
 * failed instead of one "does not verify" for all.
 *
 * The key is derived (HKDF-SHA-256) from the dispatcher option `requestStateKey`; without it a
 * random key is made per process, so a state is only good on the process that issued it (behind
 * a load balancer, give every instance the same key). Everything is Web Crypto
 * (`globalThis.crypto.subtle`), as in Node 20+, Bun, Deno and Workers.
 */
import { METHOD } from '../../protocol/methodNames';
import { principalOf } from '../principal';
import type { InboundRequest } from '../Inbound';

/** What a round carries from one request to the next. */
export interface RoundState {
  /** Answers to earlier asks, by key. */
  readonly answers: Readonly<Record<string, unknown>>;
  /** The keys the last interim result asked for. */
  readonly pending: readonly string[];
  /** Expiry, ms since the epoch. */
  readonly expires: number;
}

/** What a state is bound to: the call it belongs to and who made it. */
export interface StateBinding {
  /** The tool's name (another method's target: the method, a space and its name — `prompts/get review`). */
  readonly tool: string;
  /** The call's `arguments` as JSON text (the client sends the same params on every round). */
  readonly argsJson: string;
  /** The caller: the key of the request's principal (`principal.ts`). */
  readonly principal: string;
}

/** How long a state is good for (10 minutes). */
export const STATE_TTL_MS = 10 * 60 * 1000;

/** What the state of a call of `tool` (or of the prompt of a prompts/get …) in `inbound` is bound to. */
export function bindingOf(inbound: InboundRequest, tool: string): StateBinding {
  const params = inbound.params as Record<string, unknown>;
  // a state issued for a prompt must not pass for the tool of the same name, nor the reverse
  return { tool: inbound.method === METHOD.toolsCall ? tool : `${inbound.method} ${tool}`, argsJson: JSON.stringify(params.arguments ?? {}), principal: principalOf(inbound.context).key };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const IV_BYTES = 12;
const HKDF_INFO = encoder.encode('toolwire requestState AES-256-GCM v2');
/** Additional data of every state: the format, so a state of another format never decrypts. */
const AAD = encoder.encode('toolwire/requestState/2');

/** An AES key of the platform's Web Crypto. */
type AesKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
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

async function digest(text: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text))));
}

/** The plaintext of a state. */
interface Sealed {
  readonly t: string;
  readonly h: string;
  readonly u: string;
  readonly x: number;
  readonly a: Record<string, unknown>;
  readonly p: string[];
}

function isSealed(value: unknown): value is Sealed {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Record<string, unknown>;
  return typeof s.t === 'string' && typeof s.h === 'string' && typeof s.u === 'string' && typeof s.x === 'number' && typeof s.a === 'object' && s.a !== null && Array.isArray(s.p);
}

/** Seals and opens round states with one key. */
export class StateSealer {
  private key: Promise<AesKey> | undefined;

  /** @param secret - at least 32 bytes; `undefined` makes a random per-process key. */
  constructor(private readonly secret: Uint8Array | undefined) {}

  private cryptoKey(): Promise<AesKey> {
    this.key ??= (async () => {
      const secret = this.secret ?? crypto.getRandomValues(new Uint8Array(32));
      const base = await crypto.subtle.importKey('raw', secret, 'HKDF', false, ['deriveKey']);
      return crypto.subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: HKDF_INFO }, base, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    })();
    return this.key;
  }

  /**
   * The opaque state for `round` of the call `binding` names: `IV.CIPHERTEXT`, both base64url.
   * Its length is not checked here: the caller compares it with `maxRequestStateBytes`.
   */
  async seal(round: RoundState, binding: StateBinding): Promise<string> {
    const [h, u] = await Promise.all([digest(binding.argsJson), digest(binding.principal)]);
    const sealed: Sealed = { t: binding.tool, h, u, x: round.expires, a: { ...round.answers }, p: [...round.pending] };
    const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
    const ciphertext = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: AAD }, await this.cryptoKey(), encoder.encode(JSON.stringify(sealed)));
    return `${base64url(iv)}.${base64url(new Uint8Array(ciphertext))}`;
  }

  /**
   * The round a state carries, or why it is refused (the text after "Invalid params: ").
   * @param maxBytes - the longest state this server issues (`maxRequestStateBytes`); a longer one is refused unread.
   */
  async open(state: unknown, binding: StateBinding, maxBytes: number, now = Date.now()): Promise<RoundState | string> {
    if (typeof state !== 'string') return 'requestState must be the string a previous result gave';
    if (state.length > maxBytes) return `requestState is longer than maxRequestStateBytes (${maxBytes}): not a state this server issued`;
    const [ivText, cipherText, extra] = state.split('.');
    const iv = ivText === undefined ? undefined : fromBase64url(ivText);
    const ciphertext = cipherText === undefined || extra !== undefined ? undefined : fromBase64url(cipherText);
    if (!iv || iv.length !== IV_BYTES || !ciphertext) return 'requestState is malformed';
    let sealed: unknown;
    try {
      const plaintext = await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: AAD }, await this.cryptoKey(), ciphertext);
      sealed = JSON.parse(decoder.decode(plaintext));
    } catch {
      return 'requestState failed verification (tampered, or issued by another server)';
    }
    if (!isSealed(sealed)) return 'requestState failed verification (tampered, or issued by another server)';
    const [h, u] = await Promise.all([digest(binding.argsJson), digest(binding.principal)]);
    if (sealed.u !== u) return 'requestState failed verification: it was issued to another caller (another token subject or issuer)';
    if (sealed.t !== binding.tool || sealed.h !== h) return 'requestState failed verification: it was issued for another call (another tool or other arguments)';
    if (!(sealed.x > now)) return 'requestState has expired; call the tool again without it';
    return { answers: sealed.a, pending: sealed.p.filter((key): key is string => typeof key === 'string'), expires: sealed.x };
  }
}
