/**
 * auditProblem: the check of the `audit` option, once when the dispatcher is made.
 */

/** Why `value` is not an `audit` option ({ sink, maxQueue?, values? }), or `undefined`. */
export function auditProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return `an object { sink, maxQueue?, values? }, got ${value === null ? 'null' : typeof value}`;
  const { sink, maxQueue, values, ...rest } = value as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) return `no field "${unknown}" (known: sink, maxQueue, values)`;
  if (typeof sink !== 'function') return `sink: a function (jsonLinesAudit(stream) makes one), got ${typeof sink}`;
  if (maxQueue !== undefined && (typeof maxQueue !== 'number' || !Number.isSafeInteger(maxQueue) || maxQueue < 1)) return `maxQueue: a positive integer, got ${String(maxQueue)}`;
  if (values !== undefined && typeof values !== 'function') return `values: a function, got ${typeof values}`;
  return undefined;
}
