/**
 * Entry: summarizes V8 CPU profiles (`--cpu-prof`, e.g. from `npm run bench -- --profile`) —
 * `node bench/dist/profileSummary.js FILE.cpuprofile [--top=25]`. Prints self time per function
 * and per file, so "where does the time go" has an answer with names and places.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function isProfile(value: unknown): value is Profile {
  const p = value as Partial<Profile> | null;
  return typeof p === 'object' && p !== null && Array.isArray(p.nodes) && Array.isArray(p.samples) && Array.isArray(p.timeDeltas);
}

function where(url: string): string {
  if (!url) return '(native)';
  const path = url.replace(/^file:\/\//, '');
  return path.startsWith('/') ? relative(process.cwd(), path) : path;
}

/** Self time (µs) per function and per file, biggest first. */
export function summarize(profile: Profile): { total: number; functions: [string, number][]; files: [string, number][] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const functions = new Map<string, number>();
  const files = new Map<string, number>();
  let total = 0;
  for (const [id, micros] of self) {
    const frame = (byId.get(id) as ProfileNode).callFrame;
    const file = where(frame.url);
    const name = `${frame.functionName || '(anonymous)'}  ${file}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
    files.set(file, (files.get(file) ?? 0) + micros);
    total += micros;
  }
  const sorted = (m: Map<string, number>): [string, number][] => [...m].sort((a, b) => b[1] - a[1]);
  return { total, functions: sorted(functions), files: sorted(files) };
}

function main(argv: readonly string[]): void {
  const top = Number(argv.find((a) => a.startsWith('--top='))?.slice(6) ?? 25);
  for (const file of argv.filter((a) => !a.startsWith('--'))) {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!isProfile(parsed)) throw new TypeError(`${file}: not a V8 CPU profile`);
    const { total, functions, files } = summarize(parsed);
    const idle = functions.find(([name]) => name.startsWith('(idle)'))?.[1] ?? 0;
    const busy = total - idle;
    const pct = (v: number): string => `${((100 * v) / busy).toFixed(1).padStart(5)}%`;
    console.log(`${file}: ${(busy / 1000).toFixed(0)} ms busy of ${(total / 1000).toFixed(0)} ms sampled (percentages of busy time)`);
    console.log('  self time by function:');
    for (const [name, v] of functions.filter(([n]) => !n.startsWith('(idle)')).slice(0, top)) console.log(`  ${pct(v)}  ${name}`);
    console.log('  self time by file:');
    for (const [name, v] of files.slice(0, top)) console.log(`  ${pct(v - (name === '(native)' ? idle : 0))}  ${name}`);
  }
}

if (require.main === module) main(process.argv.slice(2));
