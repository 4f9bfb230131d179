/**
 * readmeBlocks: every ```ts block of every README in the repository (the root's, each package's
 * and each example's), each with a stable id (`file#heading#n`, n counting the blocks under that
 * heading from 1), and a type check of all of them in one TypeScript program: each block is its
 * own module, compiled strictly against the built packages; a name the block uses without
 * importing or declaring is provided — from the GIVEN declarations (what the READMEs take as
 * given: the app, the declaration, …) or, when a published toolwire entry exports it, by an
 * import from that entry. What remains is the block's problems.
 */
import { readFileSync, readdirSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** The repository's root. */
export const ROOT = join(__dirname, '..');

/** One TypeScript block of a README. */
export interface ReadmeBlock {
  /** `README.md#Heading text#1`, the file relative to the root. */
  readonly id: string;
  readonly file: string;
  readonly source: string;
}

/** Every README.md of the repository: the root's, then packages/*, examples/*, bench, interop/*. */
export function readmeFiles(): string[] {
  const under = (folder: string) =>
    existsSync(join(ROOT, folder)) ? readdirSync(join(ROOT, folder)).map((name) => `${folder}/${name}/README.md`).sort() : [];
  return ['README.md', ...under('packages'), ...under('examples'), 'bench/README.md', ...under('interop')].filter((file) => existsSync(join(ROOT, file)));
}

/** The ```ts blocks of `file` (relative to the root), in order. */
export function blocksOf(file: string): ReadmeBlock[] {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  const blocks: ReadmeBlock[] = [];
  const counts = new Map<string, number>();
  let heading = '';
  for (let i = 0; i < lines.length; i++) {
    const fence = /^(`{3,})(\S*)/.exec(lines[i]);
    if (!fence) {
      const title = /^#{1,6} (.*)$/.exec(lines[i]);
      if (title) heading = title[1].trim();
      continue;
    }
    let end = i + 1;
    while (end < lines.length && lines[end] !== fence[1]) end++;
    if (fence[2] === 'ts') {
      const n = (counts.get(heading) ?? 0) + 1;
      counts.set(heading, n);
      blocks.push({ id: `${file}#${heading}#${n}`, file, source: lines.slice(i + 1, end).join('\n') });
    }
    i = end;
  }
  return blocks;
}

/** The compiler options of a README block: strict, an ES module (blocks await at the top level). */
const OPTIONS: ts.CompilerOptions = {
  noEmit: true,
  strict: true,
  module: ts.ModuleKind.ES2022,
  target: ts.ScriptTarget.ES2022,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  esModuleInterop: true,
  skipLibCheck: true,
  types: ['node', 'jest'],
};

/** The published entries whose exports a block may use without importing them. */
const ENTRIES = ['@toolwire/core', '@toolwire/express', '@toolwire/fetch', '@toolwire/stdio', '@toolwire/jwt', '@toolwire/redis', '@toolwire/fastify', '@toolwire/testing'];

/**
 * The diagnostics of a name used but not in scope: TS2304 "Cannot find name", TS2552 (… "Did you
 * mean"), TS2503 (a namespace), TS2580/TS2591/TS2867/TS2868 (… "Do you need to install type
 * definitions") and TS18004 (a shorthand property with no value in scope).
 */
const MISSING_NAME = new Set([2304, 2552, 2503, 2580, 2591, 2867, 2868, 18004]);

/** A problem of a block: its line (1-based, in the block as the README shows it) and the message. */
export interface BlockProblem {
  readonly line: number;
  readonly message: string;
}

/** A block's module with `preamble` first (after a `#!` line, which must stay first). */
function moduleText(block: ReadmeBlock, preamble: readonly string[]): string {
  const shebang = /^#!.*\n/.exec(block.source)?.[0] ?? '';
  return `${shebang}${[...preamble, block.source.slice(shebang.length)].join('\n')}\nexport {};\n`;
}

/**
 * Type-checks `blocks` in `dir` (a folder inside the repository, so the packages resolve).
 * `given(block)` maps a name to the line that provides it. Answers, by block id, the block's
 * problems (`[]` when it compiles) and the lines it was given.
 */
export function checkBlocks(blocks: readonly ReadmeBlock[], dir: string, given: (block: ReadmeBlock) => Readonly<Record<string, string>>): Map<string, { problems: BlockProblem[]; given: string[] }> {
  const files = blocks.map((_, i) => join(dir, `block${i}.ts`));
  const entries = join(dir, 'entries.ts');
  writeFileSync(entries, ENTRIES.map((entry, i) => `import * as entry${i} from '${entry}';\nexport { entry${i} };`).join('\n'));
  blocks.forEach((block, i) => writeFileSync(files[i], moduleText(block, [])));
  const first = ts.createProgram([...files, entries], OPTIONS);
  // what each published entry exports, by name (the first entry that has it)
  const checker = first.getTypeChecker();
  const exported = new Map<string, string>();
  ENTRIES.forEach((entry, i) => {
    const symbol = checker.getSymbolAtLocation(first.getSourceFile(entries)!.statements.filter(ts.isImportDeclaration)[i].moduleSpecifier);
    for (const name of symbol ? checker.getExportsOfModule(symbol).map((s) => s.name) : []) if (!exported.has(name)) exported.set(name, entry);
  });
  const preambles = files.map((file, i) => {
    const provided = given(blocks[i]);
    const missing = new Set<string>();
    for (const d of ts.getPreEmitDiagnostics(first, first.getSourceFile(file))) {
      if (MISSING_NAME.has(d.code) && d.file && d.start !== undefined) missing.add(d.file.text.slice(d.start, d.start + (d.length ?? 0)));
    }
    return [...missing].sort().map((name) => provided[name] ?? (exported.has(name) ? `import { ${name} } from '${exported.get(name)}';` : undefined)).filter((line): line is string => line !== undefined);
  });
  blocks.forEach((block, i) => writeFileSync(files[i], moduleText(block, preambles[i])));
  const second = ts.createProgram(files, OPTIONS, undefined, first);
  const answer = new Map<string, { problems: BlockProblem[]; given: string[] }>();
  blocks.forEach((block, i) => {
    const shebang = block.source.startsWith('#!') ? 1 : 0;
    const problems = ts.getPreEmitDiagnostics(second, second.getSourceFile(files[i])).map((d) => {
      const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
      // the preamble's lines come first (after a #! line); a problem there is line 0
      const line = at > shebang && at <= shebang + preambles[i].length ? 0 : at > shebang ? at - preambles[i].length : at;
      return { line, message: ts.flattenDiagnosticMessageText(d.messageText, '\n') };
    });
    answer.set(block.id, { problems, given: preambles[i] });
  });
  return answer;
}
