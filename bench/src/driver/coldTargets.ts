/**
 * The cold-start and bundle-size targets (issue 43): toolwire's spawn → first answer at most 0.6×
 * SDK v2's on the same transport and framework (stdio, node:http, Express), and the fastest of every library; its bundles at most a third of
 * SDK v2's and the smallest of every library, and its stdio bundle free of core's HTTP code.
 * Medians over the spawns of one run (the servers took turns); sizes are exact.
 */
import { coldRows, sdk2Twin, type ColdRow, type ColdStartRun } from './coldStartSuite';
import { bundleSpec, type BundleSample } from './bundleSuite';
import type { TargetResult } from './targets';

function verdict(label: string, value: number, pass: (v: number) => boolean, detail: (v: number) => string): TargetResult {
  if (!Number.isFinite(value)) return { pass: undefined, text: `${label}: not measured`, label, detail: 'not measured', value };
  return { pass: pass(value), text: `${label}: ${detail(value)}`, label, detail: detail(value), value };
}

const x = (v: number): string => `${v.toFixed(2)}×`;

/** toolwire's row ÷ the fastest other library's row of the same transport, and which that is. */
function againstFastest(rows: readonly ColdRow[], own: ColdRow | undefined): { ratio: number; peer: string } {
  const peers = rows.filter((r) => r.spec.transport === own?.spec.transport && !r.spec.floor && !r.spec.id.startsWith('toolwire') && Number.isFinite(r.median));
  if (!own || peers.length === 0) return { ratio: NaN, peer: '' };
  const fastest = peers.reduce((a, b) => (b.median < a.median ? b : a));
  return { ratio: own.median / fastest.median, peer: fastest.spec.label };
}

/** The cold-start targets of a run (none when it had no cold-start suite). */
export function coldStartTargets(run: ColdStartRun): TargetResult[] {
  const rows = coldRows(run);
  if (rows.length === 0) return [];
  const row = (id: string): ColdRow | undefined => rows.find((r) => r.spec.id === id);
  const ms = (id: string): number => row(id)?.median ?? NaN;
  const out: TargetResult[] = [];
  // what the library adds above Node itself: a loaded machine stretches the floor too, which pulls the plain ratio towards 1
  const floor = (transport: 'stdio' | 'http'): number => rows.find((r) => r.spec.floor && r.spec.transport === transport)?.median ?? NaN;
  // each against SDK v2 on the same transport and framework: an Express server's start includes loading Express
  for (const own of ['toolwire-stdio', 'toolwire-http', 'toolwire-express'] as const) {
    const sdk2 = sdk2Twin(own);
    const node = floor(row(own)?.spec.transport ?? 'stdio');
    const above = (ms(own) - node) / (ms(sdk2) - node);
    out.push(
      verdict(`cold start: ${row(own)?.spec.label ?? own} ≤ 0.6× ${row(sdk2)?.spec.label ?? sdk2} (spawn → first tools/call answer, median)`, ms(own) / ms(sdk2), (v) => v <= 0.6, (v) => `${x(v)} (${ms(own).toFixed(0)} against ${ms(sdk2).toFixed(0)} ms${Number.isFinite(above) ? `; above Node's ${node.toFixed(0)} ms: ${x(above)}` : ''})`),
    );
  }
  for (const own of ['toolwire-stdio', 'toolwire-http'] as const) {
    const { ratio, peer } = againstFastest(rows, row(own));
    out.push(verdict(`cold start: ${row(own)?.spec.label ?? own} the fastest of every library on its transport`, ratio, (v) => v < 1, (v) => `${x(v)} the fastest peer's (${peer})`));
  }
  return out;
}

/** The bundle-size targets of a run (none when it had no bundle-size suite). */
export function bundleTargets(samples: readonly BundleSample[]): TargetResult[] {
  if (samples.length === 0) return [];
  const gz = (id: string): number => samples.find((s) => s.id === id && s.failure === undefined)?.gzipBytes ?? NaN;
  const out: TargetResult[] = [];
  for (const kind of ['fetch', 'stdio'] as const) {
    const own = gz(`toolwire-${kind}`);
    out.push(verdict(`bundle size: toolwire's ${kind} server ≤ 1/3 of SDK v2's (gzip)`, own / gz(`sdk2-${kind}`), (v) => v <= 1 / 3, (v) => `${x(v)} (${(own / 1024).toFixed(1)} against ${(gz(`sdk2-${kind}`) / 1024).toFixed(1)} KiB)`));
    const peers = samples.filter((s) => bundleSpec(s.id).kind === kind && !s.id.startsWith('toolwire') && s.failure === undefined);
    const smallest = peers.length ? peers.reduce((a, b) => (b.gzipBytes < a.gzipBytes ? b : a)) : undefined;
    out.push(verdict(`bundle size: toolwire's ${kind} server the smallest of every library (gzip)`, smallest ? own / smallest.gzipBytes : NaN, (v) => v < 1, (v) => `${x(v)} the smallest peer's (${smallest ? bundleSpec(smallest.id).label : ''})`));
  }
  const stdio = samples.find((s) => s.id === 'toolwire-stdio' && s.failure === undefined);
  out.push(verdict("bundle size: toolwire's stdio bundle holds none of core's HTTP code (metafile inputs)", stdio ? stdio.httpInputs.length : NaN, (v) => v === 0, (v) => (v === 0 ? `none of its ${stdio?.inputs} inputs` : `${v} files: ${stdio?.httpInputs.slice(0, 3).join(', ')}`)));
  return out;
}
