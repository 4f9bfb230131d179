/**
 * overlap: how much two runs measured side by side really shared the CPU — the share of the
 * shorter run during which both ran. The bench computes it for every side-by-side slice, keeps
 * it on both samples and says in its log when a pair's legs did not run at once for most of a
 * slice (on a loaded machine one leg can start late): a check on timing belongs to the bench's
 * own report, not to a test that a busy machine would fail.
 */

/** A measured run's wall-clock span (ms since the epoch). */
export interface Span {
  readonly startedAt?: number;
  readonly endedAt?: number;
}

/** Below this share a side-by-side slice is reported as not side by side. */
export const MIN_OVERLAP = 0.8;

/**
 * The share (0 … 1) of the shorter of `a` and `b` during which both ran: 1 when one lies within
 * the other, 0 when they did not meet (or a span is missing). Two instants at once count as 1.
 */
export function overlapOf(a: Span, b: Span): number {
  if (a.startedAt === undefined || a.endedAt === undefined || b.startedAt === undefined || b.endedAt === undefined) return 0;
  const shared = Math.min(a.endedAt, b.endedAt) - Math.max(a.startedAt, b.startedAt);
  const shorter = Math.min(a.endedAt - a.startedAt, b.endedAt - b.startedAt);
  if (shared < 0) return 0;
  return shorter <= 0 ? 1 : Math.min(1, shared / shorter);
}
