// The root postinstall: puts back the commands that aliased devDependencies take over. npm links
// every installed package's bins into node_modules/.bin and puts that folder first on the PATH
// of every script and of npx, so
// - the Node binaries (node-22, node-24, node-26 and their arm64 twins: npm aliases of
//   node-linux-*) would make `node` in `npm test` one of them instead of the machine's: the link
//   is removed;
// - typescript-7 (an npm alias of typescript@7, for the type test) would make `tsc` in
//   `npm run build` TypeScript 7 instead of the project's 5.9: the link is pointed back.
// The packages themselves stay where the tests and .ci/run find them.
import { lstatSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', '.bin');
const NODE_RUNTIME = /node-(22|24|26)(-linux-arm64)?[\\/]/;
const TYPESCRIPT_7 = /typescript-7([\\/])/g;

/** The link's target (a POSIX symlink) or text (a Windows shim), or undefined when absent. */
function read(path) {
  try {
    return lstatSync(path).isSymbolicLink() ? { target: readlinkSync(path) } : { text: readFileSync(path, 'utf8') };
  } catch {
    return undefined;
  }
}

for (const name of ['node', 'node.cmd', 'node.ps1']) {
  const link = read(join(bin, name));
  if (link && NODE_RUNTIME.test(link.target ?? link.text)) rmSync(join(bin, name), { force: true });
}

for (const name of ['tsc', 'tsc.cmd', 'tsc.ps1']) {
  const path = join(bin, name);
  const link = read(path);
  if (!link || !TYPESCRIPT_7.test(link.target ?? link.text)) continue;
  TYPESCRIPT_7.lastIndex = 0;
  if (link.target !== undefined) {
    rmSync(path, { force: true });
    symlinkSync(link.target.replace(TYPESCRIPT_7, 'typescript$1'), path);
  } else {
    writeFileSync(path, link.text.replace(TYPESCRIPT_7, 'typescript$1'));
  }
}
