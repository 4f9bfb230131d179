/**
 * @toolwire/redis — a Redis `TaskStore` and `NotificationBus` for toolwire:
 * `RedisTaskStore.connect({ url })` shares tasks and `RedisNotificationBus.connect({ url })` live
 * lists (list_changed, resource updates) between every server instance behind one Redis. Built
 * on node-redis (`@redis/client`).
 * The only barrel.
 */
export { RedisTaskStore } from './RedisTaskStore';
export { RedisNotificationBus, DEFAULT_NOTIFICATION_CHANNEL } from './RedisNotificationBus';
export type { RedisNotificationBusOptions } from './RedisNotificationBus';
export type { RedisConnectionOptions } from './connectRedis';
export { redactRedisUrl } from './redactRedisUrl';
export { DEFAULT_KEY_PREFIX, DEFAULT_REDIS_MAX_TASKS } from './RedisTaskStoreOptions';
export type { RedisTaskStoreOptions } from './RedisTaskStoreOptions';
export type { Pem, RedisTlsOptions } from './RedisTlsOptions';
