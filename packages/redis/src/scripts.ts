/**
 * scripts: the Lua scripts behind every change a RedisTaskStore makes, each one atomic on the
 * server, so concurrent instances can never both settle a task, lose an answer or fail a task
 * twice. Time is Redis's own clock (`TIME`), the same for every instance.
 *
 * A task is one hash, `<prefix>t:<taskId>`, expiring with the task's time to live, with fields
 * o owner, s status, m status message, c created (ms), u last updated (ms), t ttlMs, p
 * pollIntervalMs, r result (JSON), e error (JSON), x cancel requested ("1"), h lease holder, l
 * lease expiry (ms), n unanswered input requests, `i:<key>` an input request (JSON) and
 * `a:<key>` its answer (JSON). The sorted set `<prefix>leases` scores live tasks by lease expiry
 * for the sweep; `<prefix>o:<owner>` scores an owner's task ids by creation order (the counter
 * `<prefix>seq`, one for every instance, so the order is exact) for `list`, and
 * loses an id once its task expired (the oldest at each create, any that `list` passes), and
 * expires itself with the owner's longest-lived task. The sorted set `<prefix>all` scores every
 * task id by its expiry (`+inf` without one) for the store's global bound. A place is freed only
 * within the owner creating a task (its oldest dead id or finished task). Events go to
 * the holder's channel `<prefix>i:<instanceId>`.
 */
import { LuaScript } from './LuaScript';

const COMMON = `
local function now()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local function terminal(s)
  return s == 'completed' or s == 'failed' or s == 'cancelled'
end
`;

const script = (body: string): LuaScript => new LuaScript(COMMON + body);

/**
 * KEYS task, leases, owner index, creation counter, all tasks; ARGV id, owner, ttlMs|'',
 * pollIntervalMs|'', hasMessage, message, holder, leaseMs, task key prefix, maxTasks,
 * maxTasksPerOwner → created ms, 0 when the id exists, -1 when the owner holds
 * maxTasksPerOwner live tasks, -2 when the store holds maxTasks and none of the owner's is finished.
 */
export const CREATE = script(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local t = now()
-- frees a place of the owner's, oldest first (its index is in creation order): the first dead id
-- (when deadFrees) or its first finished task; false when every task it holds is live
local function room(deadFrees)
  local offset = 0
  while true do
    local ids = redis.call('ZRANGE', KEYS[3], offset, offset + 99)
    if #ids == 0 then return false end
    for _, id in ipairs(ids) do
      local s = redis.call('HGET', ARGV[9] .. id, 's')
      if not s then
        redis.call('ZREM', KEYS[3], id)
        redis.call('ZREM', KEYS[5], id)
        offset = offset - 1
        if deadFrees then return true end
      elseif terminal(s) then
        redis.call('DEL', ARGV[9] .. id)
        redis.call('ZREM', KEYS[3], id)
        redis.call('ZREM', KEYS[5], id)
        return true
      end
    end
    offset = offset + 100
  end
end
if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[11]) and not room(true) then return -1 end
redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', t)
if redis.call('ZCARD', KEYS[5]) >= tonumber(ARGV[10]) and not room(false) then return -2 end
redis.call('HSET', KEYS[1], 'o', ARGV[2], 's', 'working', 'c', t, 'u', t, 'h', ARGV[7], 'l', t + tonumber(ARGV[8]), 'n', 0)
if ARGV[3] ~= '' then
  redis.call('HSET', KEYS[1], 't', ARGV[3])
  redis.call('PEXPIREAT', KEYS[1], t + tonumber(ARGV[3]))
end
if ARGV[4] ~= '' then redis.call('HSET', KEYS[1], 'p', ARGV[4]) end
if ARGV[5] == '1' then redis.call('HSET', KEYS[1], 'm', ARGV[6]) end
redis.call('ZADD', KEYS[2], t + tonumber(ARGV[8]), ARGV[1])
if ARGV[3] == '' then redis.call('ZADD', KEYS[5], '+inf', ARGV[1]) else redis.call('ZADD', KEYS[5], t + tonumber(ARGV[3]), ARGV[1]) end
local indexed = redis.call('EXISTS', KEYS[3])
redis.call('ZADD', KEYS[3], redis.call('INCR', KEYS[4]), ARGV[1])
for _, id in ipairs(redis.call('ZRANGE', KEYS[3], 0, 1)) do
  if redis.call('EXISTS', ARGV[9] .. id) == 0 then redis.call('ZREM', KEYS[3], id) end
end
if ARGV[3] == '' then
  redis.call('PERSIST', KEYS[3])
else
  local left = redis.call('PTTL', KEYS[3])
  if indexed == 0 or (left >= 0 and left < tonumber(ARGV[3])) then redis.call('PEXPIRE', KEYS[3], tonumber(ARGV[3])) end
end
return t
`);

/** Most index entries one LIST looks at (a page may end early; its position lets the next go on). */
const LIST_SCAN = 1000;

/**
 * KEYS owner index; ARGV task key prefix, after (a creation number; 0 from the start), limit →
 * {next creation number|'', id1, fields1, id2, fields2, …}: the tasks created after the position,
 * oldest first; ids whose task expired are dropped from the index on the way.
 */
export const LIST = script(`
local limit = tonumber(ARGV[3])
local out = {''}
local dead = {}
local count, scanned, offset = 0, 0, 0
local last
local stop = false
while not stop do
  local batch = redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. ARGV[2], '+inf', 'WITHSCORES', 'LIMIT', offset, 200)
  if #batch == 0 then break end
  offset = offset + 200
  for i = 1, #batch, 2 do
    if count == limit or scanned == ${LIST_SCAN} then
      out[1] = last
      stop = true
      break
    end
    scanned = scanned + 1
    local fields = redis.call('HGETALL', ARGV[1] .. batch[i])
    if #fields == 0 then
      table.insert(dead, batch[i])
    else
      table.insert(out, batch[i])
      table.insert(out, fields)
      count = count + 1
    end
    last = batch[i + 1]
  end
end
for _, id in ipairs(dead) do redis.call('ZREM', KEYS[1], id) end
return out
`);

/** KEYS task, leases; ARGV id, status, field ('r' | 'e' | '-'), payload, hasMessage, message → 1 applied, 0 refused. */
export const SETTLE = script(`
local s = redis.call('HGET', KEYS[1], 's')
if not s or terminal(s) then return 0 end
redis.call('HSET', KEYS[1], 's', ARGV[2], 'u', now())
if ARGV[3] ~= '-' then redis.call('HSET', KEYS[1], ARGV[3], ARGV[4]) end
if ARGV[5] == '1' then redis.call('HSET', KEYS[1], 'm', ARGV[6]) end
redis.call('HDEL', KEYS[1], 'h', 'l')
redis.call('ZREM', KEYS[2], ARGV[1])
return 1
`);

/** KEYS task; ARGV hasMessage, message, key1, request1, … → {1} applied, {0} refused, {-1, key} a key used before. */
export const REQUIRE_INPUT = script(`
local s = redis.call('HGET', KEYS[1], 's')
if not s or terminal(s) then return {0} end
for i = 3, #ARGV, 2 do
  if redis.call('HEXISTS', KEYS[1], 'i:' .. ARGV[i]) == 1 then return {-1, ARGV[i]} end
end
for i = 3, #ARGV, 2 do redis.call('HSET', KEYS[1], 'i:' .. ARGV[i], ARGV[i + 1]) end
redis.call('HINCRBY', KEYS[1], 'n', (#ARGV - 2) / 2)
redis.call('HSET', KEYS[1], 's', 'input_required', 'u', now())
if ARGV[1] == '1' then redis.call('HSET', KEYS[1], 'm', ARGV[2]) end
return {1}
`);

/** KEYS task; ARGV owner, channel prefix, id, key1, answer1, … → the task's fields, or nil when unknown or another owner's. */
export const UPDATE = script(`
local o = redis.call('HGET', KEYS[1], 'o')
if not o or o ~= ARGV[1] then return false end
local s = redis.call('HGET', KEYS[1], 's')
if not terminal(s) then
  local accepted = {}
  local count = 0
  for i = 4, #ARGV, 2 do
    local k = ARGV[i]
    if redis.call('HEXISTS', KEYS[1], 'i:' .. k) == 1 and redis.call('HSETNX', KEYS[1], 'a:' .. k, ARGV[i + 1]) == 1 then
      accepted[k] = ARGV[i + 1]
      count = count + 1
    end
  end
  if count > 0 then
    local t = now()
    local n = redis.call('HINCRBY', KEYS[1], 'n', -count)
    redis.call('HSET', KEYS[1], 'u', t)
    if n <= 0 and s == 'input_required' then redis.call('HSET', KEYS[1], 's', 'working') end
    local h = redis.call('HGET', KEYS[1], 'h')
    if h and tonumber(redis.call('HGET', KEYS[1], 'l') or '0') > t then
      redis.call('PUBLISH', ARGV[2] .. h, cjson.encode({type = 'input', taskId = ARGV[3], inputResponses = accepted}))
    end
  end
end
return redis.call('HGETALL', KEYS[1])
`);

/** KEYS task, leases; ARGV owner, channel prefix, id → the task's fields, or nil when unknown or another owner's. */
export const CANCEL = script(`
local o = redis.call('HGET', KEYS[1], 'o')
if not o or o ~= ARGV[1] then return false end
local s = redis.call('HGET', KEYS[1], 's')
if not terminal(s) then
  local t = now()
  redis.call('HSET', KEYS[1], 'x', '1', 'u', t)
  local h = redis.call('HGET', KEYS[1], 'h')
  if h and tonumber(redis.call('HGET', KEYS[1], 'l') or '0') > t then
    redis.call('PUBLISH', ARGV[2] .. h, cjson.encode({type = 'cancel', taskId = ARGV[3]}))
  else
    redis.call('HSET', KEYS[1], 's', 'cancelled')
    redis.call('HDEL', KEYS[1], 'h', 'l')
    redis.call('ZREM', KEYS[2], ARGV[3])
  end
end
return redis.call('HGETALL', KEYS[1])
`);

/** KEYS task; ARGV message → 1 applied, 0 refused. */
export const STATUS_MESSAGE = script(`
local s = redis.call('HGET', KEYS[1], 's')
if not s or terminal(s) then return 0 end
redis.call('HSET', KEYS[1], 'm', ARGV[1], 'u', now())
return 1
`);

/**
 * KEYS leases, task1, task2, …; ARGV holder, leaseMs, id1, id2, … → per task 1 renewed, 2
 * renewed and a cancel is requested, 0 no longer this holder's to run (gone, terminal, another's).
 */
export const RENEW = script(`
local t = now()
local expiry = t + tonumber(ARGV[2])
local out = {}
for i = 2, #KEYS do
  local f = redis.call('HMGET', KEYS[i], 's', 'h', 'x')
  if f[1] and not terminal(f[1]) and f[2] == ARGV[1] then
    redis.call('HSET', KEYS[i], 'l', expiry)
    redis.call('ZADD', KEYS[1], expiry, ARGV[i + 1])
    if f[3] == '1' then out[i - 1] = 2 else out[i - 1] = 1 end
  else
    out[i - 1] = 0
  end
end
return out
`);

/** KEYS task, leases; ARGV id, holder → 1 when the holder's lease now ends, 0 otherwise. */
export const RELEASE = script(`
local f = redis.call('HMGET', KEYS[1], 's', 'h')
if not f[1] or terminal(f[1]) or f[2] ~= ARGV[2] then return 0 end
local t = now()
redis.call('HSET', KEYS[1], 'l', t)
redis.call('ZADD', KEYS[2], t, ARGV[1])
return 1
`);

/** KEYS leases; ARGV task key prefix, batch size, error JSON, message → the ids this call failed. */
export const SWEEP = script(`
local t = now()
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', t, 'LIMIT', 0, tonumber(ARGV[2]))
local failed = {}
for _, id in ipairs(ids) do
  local key = ARGV[1] .. id
  local f = redis.call('HMGET', key, 's', 'l')
  if not f[1] or terminal(f[1]) then
    redis.call('ZREM', KEYS[1], id)
  elseif tonumber(f[2] or '0') <= t then
    redis.call('HSET', key, 's', 'failed', 'e', ARGV[3], 'm', ARGV[4], 'u', t)
    redis.call('HDEL', key, 'h', 'l')
    redis.call('ZREM', KEYS[1], id)
    failed[#failed + 1] = id
  else
    redis.call('ZADD', KEYS[1], tonumber(f[2]), id)
  end
end
return failed
`);
