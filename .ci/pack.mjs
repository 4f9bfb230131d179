// `npm run pack`: builds the repository and packs every published package — each packages/*
// folder whose package.json says `publishConfig.access: "public"` (core, express, stdio, fetch,
// jwt, redis, fastify) — into one folder, dist-pack/ (emptied first, gitignored), then prints
// the tarballs and the command that installs them. The tarballs hold exactly what
// `npm publish` uploads. `--publish-dry-run` runs `npm publish --dry-run` for every one of them
// instead (what .ci/run does: it checks what would be published without publishing).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DESTINATION = join(ROOT, 'dist-pack');

/** The names of the published packages, in folder order. */
export function publishedPackages(root = ROOT) {
  return readdirSync(join(root, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      try {
        return JSON.parse(readFileSync(join(root, 'packages', entry.name, 'package.json'), 'utf8'));
      } catch {
        return undefined;
      }
    })
    .filter((manifest) => manifest && !manifest.private && manifest.publishConfig?.access === 'public')
    .map((manifest) => manifest.name);
}

/** npm itself: the one running this script when there is one, else npm on PATH. */
function npm(args) {
  const cli = process.env.npm_execpath;
  const [command, commandArgs] = cli && /npm-cli\.js$/.test(cli) ? [process.execPath, [cli, ...args]] : ['npm', args];
  const result = spawnSync(command, commandArgs, { cwd: ROOT, stdio: 'inherit', shell: command === 'npm' && process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function main() {
  const names = publishedPackages();
  const workspaces = names.flatMap((name) => ['--workspace', name]);
  const build = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const bundle = spawnSync(process.execPath, [join(ROOT, '.ci', 'bundle.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (bundle.status !== 0) process.exit(bundle.status ?? 1);
  // built and bundled just above: each package's prepack would only run the same up-to-date build again
  if (process.argv.includes('--publish-dry-run')) {
    npm(['publish', '--dry-run', '--ignore-scripts', ...workspaces]);
    console.log(`pack: npm publish --dry-run passed for ${names.length} packages: ${names.join(', ')}`);
    return;
  }
  rmSync(DESTINATION, { recursive: true, force: true });
  mkdirSync(DESTINATION);
  npm(['pack', '--ignore-scripts', '--pack-destination', DESTINATION, ...workspaces]);
  const tarballs = readdirSync(DESTINATION).filter((file) => file.endsWith('.tgz')).sort();
  if (tarballs.length !== names.length) {
    console.error(`pack: expected ${names.length} tarballs in ${DESTINATION}, found ${tarballs.length}`);
    process.exit(1);
  }
  console.log(`\npack: ${tarballs.length} tarballs in ${relative(process.cwd(), DESTINATION) || '.'}/:`);
  for (const file of tarballs) console.log(`  ${file}`);
  console.log(`install the ones you use together, e.g.:\n  npm install ${join(DESTINATION, tarballs.find((t) => t.includes('core')) ?? tarballs[0])} ${join(DESTINATION, tarballs.find((t) => t.includes('express')) ?? '')} express`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
