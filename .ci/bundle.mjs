// The runtime builds of the published packages whose start-up and bundle size users feel (core,
// stdio, express, fetch), made after `tsc -b` (which still writes the declarations and the
// per-file CommonJS the tests and examples never load directly):
// - dist/cjs/: what `require()` and Node's `import` load — each public entry (the subpaths of the
//   package's `exports`) bundled with its shared code in chunks, so a stdio server opens a handful
//   of files instead of ~150 (every opened module cost Node about as much as the rest of its start);
//   the chunks are ES-module splitting converted to CommonJS, and each entry keeps the export-name
//   annotation Node reads to give `import { … }` its named exports;
// - dist/esm/: one ES module per source file, with file extensions (`"type": "module"` there), for
//   bundlers (the `module` condition): they keep only what a server reaches, so a stdio server's
//   bundle holds no HTTP code.
// Other @toolwire packages and every dependency stay outside the bundles.
// Usage: node .ci/bundle.mjs [core stdio …] (default: all four).
import { build, transform } from 'esbuild';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The packages built here. */
export const BUNDLED_PACKAGES = ['core', 'stdio', 'express', 'fetch'];

/** Every .ts source file under `dir`. */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The source file of each public entry: `exports["./http"].default` → `dist/cjs/http.js` → `src/http.ts`. */
function entries(pkgDir, manifest) {
  const out = {};
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    if (typeof target !== 'object' || typeof target.types !== 'string') continue;
    const name = target.types.replace(/^\.\/dist\//, '').replace(/\.d\.ts$/, '');
    out[name] = join(pkgDir, 'src', `${name}.ts`);
    if (!existsSync(out[name])) throw new Error(`${manifest.name}: no source for the entry ${subpath} (${relative(ROOT, out[name])})`);
  }
  return out;
}

/** A relative import of a source file, as the per-file ES module output names it (`./a` → `./a.js`, `./dir` → `./dir/index.js`). */
function withExtension(importer, specifier) {
  const base = resolve(dirname(importer), specifier);
  if (existsSync(`${base}.ts`)) return `${specifier}.js`;
  if (existsSync(join(base, 'index.ts'))) return `${specifier}/index.js`;
  throw new Error(`${relative(ROOT, importer)}: cannot resolve ${specifier}`);
}

/** `(require('x') as typeof import('x'))`, a dependency CommonJS loads on first use (Express in @toolwire/express). */
const LAZY_REQUIRE = /\(require\('([^']+)'\) as typeof import\('\1'\)\)/g;

/**
 * An ES module cannot require(): in the per-file ES modules a lazy require becomes a static import
 * of the same package, which a bundler keeps only when the module that needs it is reached.
 */
const staticRequires = {
  name: 'static-requires',
  setup: (b) =>
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      const packages = [...new Set([...text.matchAll(LAZY_REQUIRE)].map((m) => m[1]))];
      if (packages.length === 0) return undefined;
      const name = (pkg) => `__lazy_${pkg.replace(/\W/g, '_')}`;
      const imports = packages.map((pkg) => `import * as ${name(pkg)} from '${pkg}';`).join('\n');
      return { contents: `${imports}\n${text.replace(LAZY_REQUIRE, (_, pkg) => name(pkg))}`, loader: 'ts' };
    }),
};

const externalPackages = { name: 'external-packages', setup: (b) => b.onResolve({ filter: /^[^./]/ }, (args) => ({ path: args.path, external: true })) };

/** One package: dist/esm per file, dist/cjs per entry with chunks. */
export async function bundlePackage(name) {
  const pkgDir = join(ROOT, 'packages', name);
  const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  const tsconfig = join(pkgDir, 'tsconfig.json');
  const common = { tsconfig, target: 'es2022', platform: 'node', logLevel: 'warning', legalComments: 'none' };

  const esm = join(pkgDir, 'dist', 'esm');
  rmSync(esm, { recursive: true, force: true });
  const keepRelative = {
    name: 'per-file',
    setup: (b) => b.onResolve({ filter: /^\.\.?\// }, (args) => (args.kind === 'entry-point' ? undefined : { path: withExtension(args.importer, args.path), external: true })),
  };
  await build({ ...common, entryPoints: sources(join(pkgDir, 'src')), outbase: join(pkgDir, 'src'), outdir: esm, bundle: true, format: 'esm', plugins: [keepRelative, externalPackages, staticRequires] });
  writeFileSync(join(esm, 'package.json'), '{ "type": "module", "sideEffects": false }\n');

  const cjs = join(pkgDir, 'dist', 'cjs');
  const staging = join(pkgDir, 'dist', '.cjs-staging');
  rmSync(cjs, { recursive: true, force: true });
  rmSync(staging, { recursive: true, force: true });
  const split = await build({ ...common, entryPoints: entries(pkgDir, manifest), outdir: staging, bundle: true, splitting: true, format: 'esm', chunkNames: 'chunks/[name]-[hash]', plugins: [externalPackages], metafile: true, write: false });
  for (const file of split.outputFiles) {
    const converted = await transform(file.text, { format: 'cjs', platform: 'node', target: 'es2022', logLevel: 'warning' });
    const target = join(cjs, relative(staging, file.path));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, converted.code);
  }
  rmSync(staging, { recursive: true, force: true });
  return { name, files: split.outputFiles.length };
}

async function main() {
  const names = process.argv.slice(2).length ? process.argv.slice(2) : BUNDLED_PACKAGES;
  for (const name of names) {
    if (!BUNDLED_PACKAGES.includes(name)) throw new Error(`bundle: unknown package ${name} (expected ${BUNDLED_PACKAGES.join(', ')})`);
    await bundlePackage(name);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
