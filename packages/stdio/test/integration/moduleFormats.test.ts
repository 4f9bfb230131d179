/**
 * The runtime builds `.ci/bundle.mjs` makes beside the declarations (`npm run build` runs it), for
 * every public entry of core, stdio, express and fetch: `require()` and Node's `import` both load
 * the CommonJS build (dist/cjs) with the same named exports, the per-file ES module build
 * (dist/esm, the `module` condition bundlers follow) exports the same names, and a bundler given
 * only the package names takes the ES modules and shakes them (a stdio server's bundle holds none
 * of core's HTTP code). Each check runs in a fresh `node`, outside Jest's module registry.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const repo = join(__dirname, '..', '..', '..', '..');

/** Every public entry of the bundled packages: its specifier and its ES module file. */
const entries = ['core', 'stdio', 'express', 'fetch'].flatMap((pkg) => {
  const manifest = JSON.parse(readFileSync(join(repo, 'packages', pkg, 'package.json'), 'utf8')) as { name: string; exports: Record<string, string | { module?: string }> };
  return Object.entries(manifest.exports)
    .filter(([subpath]) => subpath !== './package.json')
    .map(([subpath, target]) => ({ specifier: `${manifest.name}${subpath.slice(1)}`, esm: join(repo, 'packages', pkg, (target as { module: string }).module) }));
});

/** The export names of each entry loaded three ways, from one child process. */
function loadedNames(): Record<string, { required: string[]; imported: string[]; esm: string[] }> {
  const script = `
    import { createRequire } from 'node:module';
    import { pathToFileURL } from 'node:url';
    const require = createRequire(${JSON.stringify(join(repo, 'package.json'))});
    const entries = ${JSON.stringify(entries)};
    const names = (m) => Object.keys(m).filter((k) => k !== 'default' && k !== 'module.exports' && k !== '__esModule').sort(); // Node's interop names
    const out = {};
    for (const { specifier, esm } of entries) {
      out[specifier] = { required: Object.keys(require(specifier)).sort(), imported: names(await import(specifier)), esm: names(await import(pathToFileURL(esm).href)) };
    }
    process.stdout.write(JSON.stringify(out));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repo, encoding: 'utf8' })) as Record<string, { required: string[]; imported: string[]; esm: string[] }>;
}

describe('the CommonJS and ES module builds', () => {
  let loaded: ReturnType<typeof loadedNames>;
  beforeAll(() => {
    loaded = loadedNames();
  }, 60_000);

  it.each(entries.map((e) => e.specifier))('%s: require(), import and the ES module build export the same names', (specifier) => {
    const { required, imported, esm } = loaded[specifier];
    expect(required.length).toBeGreaterThan(0);
    expect(imported).toEqual(required);
    expect(esm).toEqual(required);
  });

  it('a bundler takes the ES modules and leaves core’s HTTP code out of a stdio server', async () => {
    const entry = `import { ToolDeclaration, ServiceDefinition, integerType } from '@toolwire/core';
      import { serveStdio } from '@toolwire/stdio';
      const decl = new ToolDeclaration('formats', '1.0.0');
      const defs = new ServiceDefinition();
      defs.registerTool(decl.addTool('add', 'Adds').addParam('a', integerType()).addParam('b', integerType()), (a, b) => a + b);
      void serveStdio(defs, decl);`;
    const result = await build({ stdin: { contents: entry, resolveDir: repo, loader: 'ts' }, bundle: true, write: false, metafile: true, format: 'esm', platform: 'node', logLevel: 'silent' });
    const inputs = Object.keys(result.metafile.inputs).filter((input) => input.includes('packages/'));
    expect(inputs.length).toBeGreaterThan(20);
    expect(inputs.filter((input) => !/packages\/(core|stdio)\/dist\/esm\//.test(input))).toEqual([]);
    expect(inputs.filter((input) => /\/(httpRules|pipeline)\/|\/http\.js$/.test(input))).toEqual([]);
  });
});
