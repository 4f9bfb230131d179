/**
 * fleet: the everything server's governance flags made into options — `--rate-limit N/WINDOW`
 * (per principal, on tools/call), `--redis redis://HOST:PORT` (the limits' counters and
 * `ctx.state` in that Redis, beside the tasks), `--audit-log FILE` (one JSON line per
 * tools/call, resources/read and prompts/get, appended) — and the stores and file they open,
 * closed again on exit.
 */
import { createWriteStream } from 'node:fs';
import { jsonLinesAudit } from '@toolwire/core';
import type { DispatcherOptions } from '@toolwire/core';
import { RedisRateLimitStore, RedisStateStore } from '@toolwire/redis';
import type { RedisTlsOptions } from '@toolwire/redis';

/** The governance flags as given. */
export interface FleetArgs {
  readonly stdio: boolean;
  /** `--rate-limit`: N per WINDOW. */
  readonly rateLimit?: { readonly max: number; readonly window: string };
  /** `--redis`: the Redis of the limits and the state (and the tasks). */
  readonly redis?: string;
  readonly redisTls?: RedisTlsOptions;
  /** `--audit-log`: the file events are appended to. */
  readonly auditLog?: string;
}

/**
 * `N/WINDOW` (`5/1s`, `100/1m`; a bare unit is one of it: `5/s`) as a limit, or the usage error.
 * @example parseRateLimit('10/1m') // { max: 10, window: '1m' }
 */
export function parseRateLimit(value: string | undefined): { max: number; window: string } | string {
  const match = /^([1-9][0-9]{0,8})\/([1-9][0-9]{0,5})?(ms|s|m|h|d)$/.exec(value ?? '');
  if (!match) return `--rate-limit needs N/WINDOW, such as 5/1s or 100/1m (units ms, s, m, h, d), got ${JSON.stringify(value ?? '')}`;
  return { max: Number(match[1]), window: `${match[2] ?? '1'}${match[3]}` };
}

/** The options the flags give, and what closes what they opened. */
export async function fleetOptions(args: FleetArgs, report: (what: string, error: unknown) => void): Promise<{ options: DispatcherOptions; close(): Promise<void> }> {
  const closers: Array<() => Promise<void>> = [];
  const options: Record<string, unknown> = {};
  const connection = { url: args.redis, ...(args.redisTls && { tls: args.redisTls }), connectTimeoutMs: 5_000 };
  if (args.redis !== undefined) {
    const state = await RedisStateStore.connect({ ...connection, onError: (error) => report('state store', error) });
    closers.push(() => state.close());
    options.state = { store: state, allowConnection: args.stdio };
  } else if (args.stdio) {
    options.state = { allowConnection: true }; // stdio's one user: its connection
  }
  if (args.rateLimit) {
    const store = args.redis === undefined ? undefined : await RedisRateLimitStore.connect({ ...connection, onError: (error) => report('rate-limit store', error) });
    if (store) closers.push(() => store.close());
    options.rateLimit = { limits: [{ ...args.rateLimit, per: 'principal', methods: ['tools/call'] }], ...(store && { store }) };
  }
  if (args.auditLog !== undefined) {
    const file = createWriteStream(args.auditLog, { flags: 'a' });
    await new Promise<void>((resolve, reject) => file.once('open', () => resolve()).once('error', reject));
    closers.push(() => new Promise<void>((resolve) => file.end(() => resolve())));
    options.audit = { sink: jsonLinesAudit(file) };
  }
  return { options: options as DispatcherOptions, close: async () => void (await Promise.allSettled(closers.map((close) => close()))) };
}
