/**
 * duration: the short time spans governance options are written in — `'500ms'`, `'1s'`, `'1m'`,
 * `'1h'`, `'1d'` (a positive integer and a unit) or a number of milliseconds — read once when the
 * options are resolved.
 */

const UNITS: Readonly<Record<string, number>> = Object.freeze({ ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 });

/** A time span: `'1s'`, `'10m'`, `'1h'`, … or milliseconds. */
export type Duration = `${number}${'ms' | 's' | 'm' | 'h' | 'd'}` | number;

/**
 * The milliseconds of `value`, or `undefined` when it is not a duration (a positive safe integer
 * of ms, or a positive integer followed by `ms`, `s`, `m`, `h` or `d`).
 */
export function durationMs(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = /^([1-9][0-9]{0,9})(ms|s|m|h|d)$/.exec(value);
  if (!match) return undefined;
  const ms = Number(match[1]) * UNITS[match[2]];
  return Number.isSafeInteger(ms) ? ms : undefined;
}
