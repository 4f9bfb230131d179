/**
 * importMap: lets a browser load npm packages' built ES modules straight from node_modules, with
 * nothing bundled and nothing fetched from the network. From the entry specifiers it follows
 * every import of the installed files, resolves each bare specifier as a browser would want it
 * (package `exports` under the conditions browser → import → default) and returns the import
 * map plus the set of files reached — the only files the test server may serve.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** An import map and the files it reaches. */
export interface ModuleGraph {
  /** The `<script type="importmap">` JSON: bare specifier → URL path under `/node_modules/`. */
  readonly importMap: { imports: Record<string, string> };
  /** The absolute paths of every module reached (served; nothing else is). */
  readonly files: ReadonlySet<string>;
  /** The node_modules folder the URL paths are relative to. */
  readonly root: string;
}

const CONDITIONS = ['browser', 'import', 'default'];

/** The package name and subpath (`./x`) of a bare specifier. */
function split(specifier: string): [string, string] {
  const parts = specifier.split('/');
  const n = specifier.startsWith('@') ? 2 : 1;
  return [parts.slice(0, n).join('/'), ['.', ...parts.slice(n)].join('/')];
}

function pick(entry: unknown): string | undefined {
  if (typeof entry === 'string') return entry;
  if (Array.isArray(entry)) return pick(entry[0]);
  if (typeof entry !== 'object' || entry === null) return undefined;
  for (const condition of CONDITIONS) {
    const target = pick((entry as Record<string, unknown>)[condition]);
    if (target) return target;
  }
  return undefined;
}

/** The folder holding `name` as Node would find it from this file. */
function packageDir(name: string): string | undefined {
  for (const dir of require.resolve.paths(name) ?? []) if (existsSync(join(dir, name, 'package.json'))) return join(dir, name);
  return undefined;
}

/** The file a bare specifier names for a browser, or `undefined` when it is not an installed package's module. */
function resolveBare(specifier: string): string | undefined {
  const [name, subpath] = split(specifier);
  const dir = packageDir(name);
  if (!dir) return undefined;
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { exports?: unknown; module?: string; main?: string };
  let target: string | undefined;
  const exports = manifest.exports;
  if (exports !== undefined) {
    const sugar = typeof exports === 'string' || (typeof exports === 'object' && exports !== null && !Object.keys(exports).some((k) => k.startsWith('.')));
    target = pick(sugar ? (subpath === '.' ? exports : undefined) : (exports as Record<string, unknown>)[subpath]);
  } else if (subpath === '.') {
    target = manifest.module ?? manifest.main ?? 'index.js';
  }
  return target ? join(dir, target) : undefined;
}

/** Follows the imports of `entries` (bare specifiers) through the installed files. */
export function moduleGraph(entries: readonly string[]): ModuleGraph {
  const files = new Set<string>();
  const resolved = new Map<string, string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"'\s]+)["']/g)) {
      const specifier = match[1];
      if (specifier.startsWith('.')) {
        let target = resolve(dirname(file), specifier);
        if (!existsSync(target) && existsSync(`${target}.js`)) target = `${target}.js`;
        if (existsSync(target)) visit(target);
      } else if (!resolved.has(specifier) && !specifier.startsWith('node:')) {
        const target = resolveBare(specifier);
        if (target && existsSync(target)) {
          resolved.set(specifier, target);
          visit(target);
        }
      }
    }
  };
  for (const entry of entries) {
    const target = resolveBare(entry);
    if (!target) throw new Error(`importMap: ${entry} is not installed`);
    resolved.set(entry, target);
    visit(target);
  }
  const root = packageDir(split(entries[0])[0])!.split(`${sep}node_modules${sep}`)[0] + `${sep}node_modules`;
  const imports: Record<string, string> = {};
  for (const [specifier, file] of resolved) imports[specifier] = `/node_modules/${relative(root, file).split(sep).join('/')}`;
  return { importMap: { imports }, files, root };
}
