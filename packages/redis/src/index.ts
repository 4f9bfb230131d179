/**
 * @toolwire/redis — toolwire's stores in Redis, for a fleet of instances behind one Redis:
 * `RedisTaskStore` (tasks), `RedisNotificationBus` (live lists: list_changed and resource
 * updates reach every instance's listeners), `RedisRateLimitStore` (the `rateLimit` option's
 * counters: the quota holds in total) and `RedisStateStore` (`ctx.state`). Built on node-redis
 * (`@redis/client`).
 * The only barrel.
 */
export { RedisTaskStore } from './RedisTaskStore';
export { RedisNotificationBus, DEFAULT_NOTIFICATION_CHANNEL } from './RedisNotificationBus';
export type { RedisNotificationBusOptions } from './RedisNotificationBus';
export { redactRedisUrl } from './redactRedisUrl';
export { DEFAULT_KEY_PREFIX, DEFAULT_REDIS_MAX_TASKS } from './RedisTaskStoreOptions';
export type { RedisTaskStoreOptions } from './RedisTaskStoreOptions';
export type { Pem, RedisTlsOptions } from './RedisTlsOptions';
export { RedisRateLimitStore, DEFAULT_RATE_LIMIT_PREFIX } from './RedisRateLimitStore';
export type { RedisRateLimitStoreOptions } from './RedisRateLimitStore';
export { RedisStateStore, DEFAULT_STATE_PREFIX } from './RedisStateStore';
export type { RedisStateStoreOptions } from './RedisStateStore';
export type { RedisConnectionOptions } from './RedisConnectionOptions';
export type { StoreConnectionOptions } from './storeConnection';
