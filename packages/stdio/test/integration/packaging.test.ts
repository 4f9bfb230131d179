/**
 * What `npm publish` would upload for each published package (all seven; `npm run pack` packs the
 * same set): `npm pack --dry-run --json` on the built workspace (`npm test` builds first, in pretest). Scripts are skipped (`--ignore-scripts`):
 * prepack would only rerun the up-to-date build, and other test files read dist meanwhile.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

const repo = join(__dirname, '..', '..', '..', '..');
/** Every packages/* folder published publicly, as `npm run pack` (.ci/pack.mjs) finds them. */
const published = readdirSync(join(repo, 'packages')).filter((dir) => {
  const path = join(repo, 'packages', dir, 'package.json');
  if (!existsSync(path)) return false;
  const m = JSON.parse(readFileSync(path, 'utf8')) as { private?: boolean; publishConfig?: { access?: string } };
  return !m.private && m.publishConfig?.access === 'public';
});

interface PackResult {
  name: string;
  files: { path: string }[];
}

/** npm itself: the one running this test when there is one (npm test, npx jest), else npm on PATH. */
function npm(args: string[]): string {
  const execPath = process.env.npm_execpath;
  const [cmd, cmdArgs] =
    execPath && /npm-cli\.js$/.test(execPath) ? [process.execPath, [execPath, ...args]] : ['npm', args];
  return execFileSync(cmd, cmdArgs, {
    cwd: repo,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: cmd === 'npm' && process.platform === 'win32',
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** The packages whose runtime builds `.ci/bundle.mjs` makes (dist/cjs, dist/esm). */
const BUNDLED = ['core', 'stdio', 'express', 'fetch'];

const manifest = (pkg: string) => JSON.parse(readFileSync(join(repo, 'packages', pkg, 'package.json'), 'utf8'));

let packs: Map<string, string[]>;

beforeAll(() => {
  for (const pkg of published) {
    if (!existsSync(join(repo, 'packages', pkg, 'dist', 'index.js'))) {
      throw new Error(`packages/${pkg}/dist is missing: run \`npm run build\` first (npm test does)`);
    }
  }
  const workspaces = published.flatMap((pkg) => ['--workspace', manifest(pkg).name]);
  const out = npm(['pack', '--dry-run', '--json', '--ignore-scripts', ...workspaces]);
  const results = JSON.parse(out) as PackResult[];
  packs = new Map(results.map((r) => [r.name, r.files.map((f) => f.path.replace(/\\/g, '/')).sort()]));
}, 60_000);

describe.each(published)('the @toolwire/%s tarball', (pkg) => {
  const dir = join(repo, 'packages', pkg);
  const files = (): string[] => {
    const list = packs.get(manifest(pkg).name);
    if (!list) throw new Error(`npm pack reported nothing for ${manifest(pkg).name}`);
    return list;
  };

  it('holds LICENSE, README.md and package.json', () => {
    expect(files()).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'package.json']));
  });

  it('ships the MIT license with its copyright line', () => {
    const license = readFileSync(join(dir, 'LICENSE'), 'utf8');
    expect(license).toMatch(/^MIT License/);
    expect(license).toContain('Copyright (c) 2026 the toolwire authors');
    expect(manifest(pkg).license).toBe('MIT');
  });

  it('is published publicly (a scoped package is private by default)', () => {
    expect(manifest(pkg).publishConfig).toEqual(expect.objectContaining({ access: 'public' }));
  });

  it('holds the compiled entry and a declaration file for every module', () => {
    const list = files();
    const js = list.filter((f) => f.startsWith('dist/') && f.endsWith('.js'));
    expect(js.length).toBeGreaterThan(1);
    if (!BUNDLED.includes(pkg)) {
      expect(list).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts']));
      expect(js.filter((f) => !list.includes(f.replace(/\.js$/, '.d.ts')))).toEqual([]);
      return;
    }
    // the bundled packages (.ci/bundle.mjs): the CommonJS entries with their shared chunks, and one ES module per source file
    expect(list).toEqual(expect.arrayContaining(['dist/cjs/index.js', 'dist/esm/index.js', 'dist/esm/package.json', 'dist/index.d.ts']));
    const declared = (f: string): boolean => list.includes(f.replace(/^dist\/(cjs|esm)\//, 'dist/').replace(/\.js$/, '.d.ts'));
    expect(js.filter((f) => !/^dist\/(cjs|esm)\//.test(f))).toEqual([]); // no per-file CommonJS: nothing loads it
    expect(js.filter((f) => !f.startsWith('dist/cjs/chunks/') && !declared(f))).toEqual([]);
  });

  it('holds every file package.json points at (main, types, exports)', () => {
    const m = manifest(pkg);
    const targets: string[] = [m.main, m.types];
    const walk = (v: unknown): void => {
      if (typeof v === 'string') targets.push(v);
      else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    };
    walk(m.exports);
    const missing = targets.map((t) => posix.normalize(t)).filter((t) => !files().includes(t));
    expect(missing).toEqual([]);
  });

  it('holds no build info, no tsconfig and no tests', () => {
    const unwanted = files().filter(
      (f) =>
        f.endsWith('.tsbuildinfo') ||
        /(^|\/)tsconfig[^/]*\.json$/.test(f) ||
        /(^|\/)(test|tests|__tests__)\//.test(f) ||
        /\.(test|spec)\.[cm]?[jt]sx?$/.test(f),
    );
    expect(unwanted).toEqual([]);
  });

  it('holds no source map without the sources it maps to, and no reference to a map it lacks', () => {
    const list = files();
    const problems: string[] = [];
    for (const f of list.filter((p) => p.endsWith('.map'))) {
      const map = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { sourceRoot?: string; sources?: string[] };
      for (const source of map.sources ?? []) {
        const path = posix.normalize(posix.join(posix.dirname(f), map.sourceRoot ?? '', source));
        if (!list.includes(path)) problems.push(`${f} maps ${path}, which is not in the tarball`);
      }
    }
    for (const f of list.filter((p) => /\.(js|d\.ts)$/.test(p))) {
      const ref = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(readFileSync(join(dir, f), 'utf8'));
      if (ref && !ref[1].startsWith('data:')) {
        const path = posix.normalize(posix.join(posix.dirname(f), ref[1]));
        if (!list.includes(path)) problems.push(`${f} points at ${path}, which is not in the tarball`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has a README whose links work on the registry page (no relative links)', () => {
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    const links = [...readme.matchAll(/\]\(([^)\s]+)[^)]*\)/g)].map((m) => m[1]);
    expect(links.filter((l) => !/^(https?:|mailto:|#)/.test(l))).toEqual([]);
  });
});

it('publishes all eight packages', () => {
  expect([...published].sort()).toEqual(['core', 'express', 'fastify', 'fetch', 'jwt', 'redis', 'stdio', 'testing']);
});

it('packs exactly the published packages', () => {
  expect([...packs.keys()].sort()).toEqual(published.map((pkg) => manifest(pkg).name).sort());
});
