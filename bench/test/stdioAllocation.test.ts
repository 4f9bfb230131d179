/** The stdio allocation probe runs (on the built bench) and prints a figure per run; without its flags it refuses to. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const PROGRAM = join(__dirname, '..', 'dist', 'stdioAllocation.js');
const FLAGS = ['--expose-gc', '--min-semi-space-size=256', '--max-semi-space-size=256'];

describe('stdioAllocation', () => {
  it('prints the KB allocated per round trip of two measured runs', () => {
    const run = spawnSync(process.execPath, [...FLAGS, PROGRAM, '--trips=300'], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatch(/^run [12]: \d+\.\d\d KB allocated per round trip, [\d.]+ µs per round trip \(300 round trips, in-process\)$/);
  });

  it('refuses to measure without --expose-gc', () => {
    const run = spawnSync(process.execPath, [PROGRAM], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/run with node --expose-gc --min-semi-space-size=256/);
  });
});
