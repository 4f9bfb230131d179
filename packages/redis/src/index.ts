/**
 * @toolwire/redis — a Redis `TaskStore` for toolwire: `RedisTaskStore.connect({ url })` shares
 * tasks between every server instance behind one Redis. Built on node-redis (`@redis/client`).
 * The only barrel.
 */
export { RedisTaskStore } from './RedisTaskStore';
export { redactRedisUrl } from './redactRedisUrl';
export { DEFAULT_KEY_PREFIX, DEFAULT_REDIS_MAX_TASKS } from './RedisTaskStoreOptions';
export type { RedisTaskStoreOptions } from './RedisTaskStoreOptions';
export type { Pem, RedisTlsOptions } from './RedisTlsOptions';
