/** The soak's verdicts: flat memory passes, growth or a wrong answer does not. */
import { FLAT_HEAP_MB, FLAT_RSS_MB, soakReport, type SoakResult, type SoakSample } from '../src/driver/soakSuite';

const MB = 2 ** 20;

function result(rssGrowthMb: number, heapGrowthMb: number, failures = 0): SoakResult {
  const samples: SoakSample[] = Array.from({ length: 120 }, (_, k) => ({
    at: (k + 1) * 5,
    workload: 'call-add',
    ok: 1000,
    rss: (80 + (rssGrowthMb * k) / 119) * MB,
    heapUsed: (8 + (heapGrowthMb * k) / 119) * MB,
  }));
  const start = samples[11];
  return { server: 'toolwire-http', samples, requests: 120_000, failures, start, end: samples[samples.length - 1] };
}

const options = { seconds: 600, connections: 32 };

describe('soakReport', () => {
  it('passes flat memory and right answers, and prints start and end', () => {
    const report = soakReport(result(1, 0.1), options);
    expect(report.pass).toBe(true);
    expect(report.lines.filter((l) => l.startsWith('PASS'))).toHaveLength(3);
    expect(report.lines.join('\n')).toMatch(/start \(60 s\): RSS 80\.\d MB, heap 8\.\d MB; end \(600 s\): RSS 81\.0 MB/);
  });

  it('fails RSS growth beyond the allowance', () => {
    const report = soakReport(result(FLAT_RSS_MB * 2, 0), options);
    expect(report.pass).toBe(false);
    expect(report.lines.find((l) => l.includes('RSS flat'))).toMatch(/^MISS/);
  });

  it('fails a heap that keeps what it should not', () => {
    const report = soakReport(result(0, FLAT_HEAP_MB * 3), options);
    expect(report.pass).toBe(false);
    expect(report.lines.find((l) => l.includes('heap after GC'))).toMatch(/^MISS/);
  });

  it('fails a soak with a wrong answer', () => {
    expect(soakReport(result(0, 0, 1), options).pass).toBe(false);
  });
});
