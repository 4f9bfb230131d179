/** LatencyRecorder: keeps every latency sample of one run (a growable Float64Array) and reports percentiles. */
export class LatencyRecorder {
  private samples = new Float64Array(1 << 16);
  private count = 0;

  /** Adds one latency in milliseconds. */
  record(ms: number): void {
    if (this.count === this.samples.length) {
      const grown = new Float64Array(this.samples.length * 2);
      grown.set(this.samples);
      this.samples = grown;
    }
    this.samples[this.count++] = ms;
  }

  /** The given percentiles (0–100, nearest rank), NaN without samples. */
  percentiles(ps: readonly number[]): number[] {
    if (this.count === 0) return ps.map(() => NaN);
    const sorted = this.samples.slice(0, this.count).sort();
    return ps.map((p) => sorted[Math.min(this.count - 1, Math.max(0, Math.ceil((p / 100) * this.count) - 1))]);
  }
}
