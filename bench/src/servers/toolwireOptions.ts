/**
 * The options a toolwire server program's environment asks for — the telemetry option
 * (`TELEMETRY=1`), a Redis task store (`TASKS=redis`), a rate limit (`RATE_LIMIT=…`) — each
 * feature's library (the OpenTelemetry SDK, the Redis client) loaded only when its variant asks
 * for it, so that every other process holds what a user's server holds: the RSS figures compare
 * toolwire with the hand-written servers, not with the bench's unused fixtures.
 */
import type { DispatcherOptions } from '@toolwire/core';
import { telemetryFromEnv } from '../fixture/toolSpecs';
import { taskStoreOptions } from './benchTaskStore';
import { rateLimitOptions } from './benchGovernance';

/** The dispatcher options `env` (default: this process's environment) names, none by default. */
export async function toolwireOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<Pick<DispatcherOptions, 'telemetry' | 'taskStore' | 'rateLimit'>> {
  const telemetry = telemetryFromEnv(env) ? { telemetry: (await import('../fixture/telemetryOption')).telemetryOption() } : {};
  return { ...telemetry, ...(await taskStoreOptions(env)), ...(await rateLimitOptions(env)) };
}
