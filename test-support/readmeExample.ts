/**
 * readmeExample: what the tests that run the README's examples share — a TypeScript
 * block under a heading of the root README, that block made runnable (its `app.listen(3000, …)`
 * on a free port that it prints, compiled to CommonJS, its body in an async function when it
 * awaits at the top level), and the spawned process with the port it listens on. Used by the
 * tests that run the README's examples (their type check is test/docs/readmeBlocks.test.ts's).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '..');

/** The `n`th (from 1) ```ts block under `heading` in the root README.md. */
export function readmeBlock(heading: string, n = 1): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const at = readme.indexOf(heading);
  if (at < 0) throw new Error(`README.md has no "${heading}" section`);
  const match = [...readme.slice(at).matchAll(/```ts\n([\s\S]*?)```/g)][n - 1];
  if (!match) throw new Error(`README.md has no TypeScript block ${n} under "${heading}"`);
  return match[1];
}

/** A README example running in its own process. */
export interface RunningExample {
  readonly port: number;
  readonly child: ChildProcess;
  /** Resolves with the exit code once the process has ended. */
  readonly exited: Promise<number | null>;
}

/**
 * Writes `source` as `file` (CommonJS; with `asyncBody`, inside an async function, for a block
 * with top-level `await`), its `listen` line replaced by a listen on a free port that prints
 * `PORT n`, and runs it with `env`: resolves once it listens.
 */
export async function runExample(source: string, listen: string, file: string, options: { asyncBody?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<RunningExample> {
  if (!source.includes(listen)) throw new Error(`the example has no "${listen}"`);
  const server = listen.startsWith('const server = ') ? '' : 'const server = ';
  const freePort = `${server}${listen.replace('(3000, ', '(0, ').replace(/\);$/, ", () => console.log(`PORT ${server.address().port}`));")}`;
  const body = ts.transpileModule(source.replace(listen, freePort), { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true } }).outputText;
  writeFileSync(file, options.asyncBody ? `(async () => {\n${body}\n})().catch((error) => { console.error(error); process.exit(1); });\n` : body);
  const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'inherit'], env: options.env ?? process.env });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /PORT (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the example exited with ${code}`)));
  });
  return { port, child, exited };
}
