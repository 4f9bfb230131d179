/**
 * tally: counts of what is held at once — in all and per key (a principal's key) — for the
 * caps that bound both. A key whose count falls to zero is forgotten, so the map holds only the
 * callers that hold something now.
 */

/** Counts in all and per key. */
export class Tally {
  private readonly byKey = new Map<string, number>();
  /** The count over every key. */
  total = 0;

  /** The count of `key`. */
  of(key: string): number {
    return this.byKey.get(key) ?? 0;
  }

  /** One more for `key`. */
  add(key: string): void {
    this.byKey.set(key, this.of(key) + 1);
    this.total++;
  }

  /** One less for `key` (which must hold one). */
  remove(key: string): void {
    const left = this.of(key) - 1;
    if (left > 0) this.byKey.set(key, left);
    else this.byKey.delete(key);
    this.total--;
  }
}
