/**
 * LuaScript: one Lua script run atomically on Redis by its SHA-1 (`EVALSHA`), sent in full
 * (`EVAL`) only when the server does not know it yet (`NOSCRIPT`: first use, a restart, a
 * `SCRIPT FLUSH`), after which Redis caches it again.
 */
import { createHash } from 'node:crypto';
import type { RedisArgument } from '@redis/client';

/** What a script needs of a client: one raw command. */
export interface CommandSender {
  sendCommand<T>(args: readonly RedisArgument[]): Promise<T>;
}

/** A Lua script and its SHA-1. */
export class LuaScript {
  readonly sha1: string;

  constructor(readonly source: string) {
    this.sha1 = createHash('sha1').update(source).digest('hex');
  }

  /** Runs the script with `keys` and `args`; resolves to its reply. */
  async run<T>(client: CommandSender, keys: readonly string[], args: readonly (string | number)[]): Promise<T> {
    const tail = [String(keys.length), ...keys, ...args.map(String)];
    try {
      return await client.sendCommand<T>(['EVALSHA', this.sha1, ...tail]);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return client.sendCommand<T>(['EVAL', this.source, ...tail]);
    }
  }
}
