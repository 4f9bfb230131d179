/**
 * logLevels: the eight MCP logging levels (RFC 5424 severities, least severe first), how they
 * compare, and the check that a value names one. `log()` sends a message only at or above the
 * level in force; `logging/setLevel` accepts exactly these names.
 */

/** An MCP logging level, least severe first: `debug` … `emergency`. */
export type LoggingLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';

/** Every logging level, least severe first. */
export const LOGGING_LEVELS: readonly LoggingLevel[] = Object.freeze(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);

const RANK: ReadonlyMap<string, number> = new Map(LOGGING_LEVELS.map((level, i) => [level, i]));

/** The level a declaration with `logging: true` applies when no `logging/setLevel` is in force. */
export const DEFAULT_LOGGING_LEVEL: LoggingLevel = 'info';

/** Whether `value` names a logging level. */
export function isLoggingLevel(value: unknown): value is LoggingLevel {
  return typeof value === 'string' && RANK.has(value);
}

/** Whether a message at `level` passes the threshold `floor` (at or above it). */
export function passes(level: LoggingLevel, floor: LoggingLevel): boolean {
  return (RANK.get(level) as number) >= (RANK.get(floor) as number);
}

/** The declaration's `logging` option as an object: the level in force until a client sets one. */
export interface LoggingOptions {
  /**
   * The level applied where no `logging/setLevel` is in force: on a stdio connection until the
   * client sets one, and for every stateless HTTP request (a level cannot outlive its request
   * there). Default {@link DEFAULT_LOGGING_LEVEL} (`info`).
   */
  defaultLevel?: LoggingLevel;
}
