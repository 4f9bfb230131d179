/**
 * governanceScripts: the Lua scripts of the rate-limit and state stores, each one atomic step
 * on Redis that reads Redis's own clock (`TIME`), so instances whose clocks disagree still share
 * one quota and one expiry. Times are integers: microseconds for rate limits (a window's share
 * per request is rarely a whole millisecond), milliseconds for state.
 */
import { LuaScript } from './LuaScript';

/**
 * GCRA over every limit of a request: KEYS are the counters, ARGV per key its window and its
 * interval (window / max), in µs. Counts the request against all of them only when all admit it.
 * Replies `{1, 0, -1}` (admitted) or `{0, wait ms, index of the refusing limit}`.
 */
export const RATE_HIT = new LuaScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local nexts = {}
for i, key in ipairs(KEYS) do
  local window = tonumber(ARGV[2 * i - 1])
  local interval = tonumber(ARGV[2 * i])
  local tat = tonumber(redis.call('GET', key) or '0')
  if tat < now then tat = now end
  local nxt = tat + interval
  local over = nxt - now - window
  if over > 0 then return {0, math.ceil(over / 1000), i - 1} end
  nexts[i] = nxt
end
for i, key in ipairs(KEYS) do
  redis.call('SET', key, string.format('%.0f', nexts[i]), 'PX', math.ceil((nexts[i] - now) / 1000) + 1)
end
return {1, 0, -1}
`);

/**
 * Sets one state entry: KEYS[1] the entry, KEYS[2] its owner's index (member → expiry ms);
 * ARGV the member, the JSON, the ttl (ms), the owner's maxEntries. Expired members leave the
 * index first; a new member past maxEntries is refused (0). The index lives as long as its
 * longest-lived entry.
 */
export const STATE_SET = new LuaScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if not redis.call('ZSCORE', KEYS[2], ARGV[1]) and redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return 0 end
local expires = now + tonumber(ARGV[3])
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
redis.call('ZADD', KEYS[2], string.format('%.0f', expires), ARGV[1])
local last = redis.call('ZRANGE', KEYS[2], -1, -1, 'WITHSCORES')
redis.call('PEXPIREAT', KEYS[2], string.format('%.0f', tonumber(last[2])))
return 1
`);

/** Deletes one state entry and its index member; replies 1 when the entry was there. */
export const STATE_DELETE = new LuaScript(`
redis.call('ZREM', KEYS[2], ARGV[1])
return redis.call('DEL', KEYS[1])
`);
