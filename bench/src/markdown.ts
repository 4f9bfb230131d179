/**
 * Entry: `node bench/dist/markdown.js [FILE.json] [--write]` — `bench/README.md`'s results section
 * and the root README's Performance table rendered from a saved run (default: the newest
 * `bench/results/bench-*.json` that has HTTP samples), printed on stdout, or written between each
 * README's markers with `--write`.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readResults } from './driver/results';
import { defaultSections, writeGenerated } from './driver/markdown';

const RESULTS_DIR = join(__dirname, '..', 'results');

function newestFullRun(): string {
  const files = readdirSync(RESULTS_DIR).filter((f) => /^bench-.*\.json$/.test(f)).sort().reverse();
  for (const f of files) {
    const file = join(RESULTS_DIR, f);
    if (readResults(file).http.length) return file;
  }
  throw new Error(`no results file with HTTP samples in ${RESULTS_DIR}: run npm run bench first`);
}

function main(argv: readonly string[]): void {
  const file = argv.find((a) => !a.startsWith('--')) ?? newestFullRun();
  const run = readResults(file);
  if (argv.includes('--write')) {
    for (const written of writeGenerated(run)) process.stderr.write(`${written}: generated section rewritten from ${file}\n`);
  } else {
    for (const section of defaultSections()) process.stdout.write(`<!-- ${section.file} -->\n\n${section.render(run)}\n\n`);
  }
}

try {
  main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}
