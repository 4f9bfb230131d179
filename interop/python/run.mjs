// `npm run test:python`: the Python interop suite (see README.md beside this file). It makes
// sure Python can run it — python3 with venv and pip (on Debian/Ubuntu as root, apt-get installs
// python3-venv and python3-pip when they are missing, as the test prerequisites do; anywhere else
// it stops with one message naming what to install) — installs the pinned clients
// (requirements.txt: mcp 2.3.0, fastmcp 4.0.10) into a virtual environment of its own
// (interop/python/.venv, again only when requirements.txt changed), builds the repository (tsc -b:
// only what is out of date), starts the everything-server on a free port and runs interop.py
// against it over HTTP and, spawning it itself, over stdio. Its exit status is the suite's.
//
// PYTHON names another interpreter (default python3); PREREQUISITES_* describe the machine as in
// .ci/prerequisites.mjs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineOf } from '../../.ci/prerequisites.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..');
const VENV = join(HERE, '.venv');
const VENV_PYTHON = join(VENV, process.platform === 'win32' ? 'Scripts/python.exe' : 'bin/python');
const REQUIREMENTS = join(HERE, 'requirements.txt');
const STAMP = join(VENV, 'installed-requirements.txt');
const SERVER = join(ROOT, 'examples', 'everything-server', 'dist', 'main.js');

/** Stops with `message` on stderr. */
function stop(message) {
  console.error(`test:python: ${message}`);
  process.exit(1);
}

/** Runs a command, its output on ours; its exit status. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
  if (result.error) return -1;
  return result.status ?? 1;
}

/** Whether `python -c code` succeeds (quietly). */
function pythonCan(python, code) {
  const result = spawnSync(python, ['-c', code], { stdio: 'ignore' });
  return !result.error && result.status === 0;
}

/** python3 with venv and ensurepip/pip, installing them on Debian/Ubuntu as root when missing. */
function ensurePython() {
  const python = process.env.PYTHON ?? 'python3';
  const ready = () => pythonCan(python, 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 10))');
  if (ready()) return python;
  const machine = machineOf();
  if (machine.debian && machine.root) {
    console.error('test:python: installing python3, python3-venv and python3-pip with apt-get');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (run(machine.aptGet, ['update'], { env }) === 0) run(machine.aptGet, ['install', '-y', 'python3', 'python3-venv', 'python3-pip'], { env });
    if (ready()) return python;
  }
  const install = machine.debian ? `${machine.root ? '' : 'sudo '}apt-get install -y python3 python3-venv python3-pip` : machine.platform === 'darwin' ? 'brew install python' : "install Python 3.10+ with venv and pip from your system's packages";
  return stop(`the Python interop suite needs Python 3.10 or later with its venv and pip modules (${python}${process.env.PYTHON ? ' from PYTHON' : ''} is missing one): ${install}`);
}

/** The suite's virtual environment with requirements.txt installed (pip runs only when the requirements changed). */
function ensureClients(python) {
  const wanted = readFileSync(REQUIREMENTS, 'utf8');
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === wanted && existsSync(VENV_PYTHON)) return;
  if (!existsSync(VENV_PYTHON) && run(python, ['-m', 'venv', VENV]) !== 0) stop(`${python} -m venv ${VENV} failed (on Debian/Ubuntu: apt-get install -y python3-venv)`);
  if (!pythonCan(VENV_PYTHON, 'import pip')) stop(`the virtual environment ${VENV} has no pip (on Debian/Ubuntu: apt-get install -y python3-pip python3-venv, then delete ${VENV})`);
  console.error('test:python: installing the Python clients (requirements.txt) into interop/python/.venv');
  // one retry, not pip's five with backoff: on a machine that reaches only a local mirror (an extra
  // index) every lookup on the unreachable default index otherwise sleeps ~8 s before moving on
  if (run(VENV_PYTHON, ['-m', 'pip', 'install', '--disable-pip-version-check', '--retries', '1', '-r', REQUIREMENTS]) !== 0) {
    stop(`pip could not install ${REQUIREMENTS} (mcp and fastmcp from your package index or mirror; see pip's messages above)`);
  }
  writeFileSync(STAMP, wanted);
}

/** Starts the everything-server on a free port; resolves with it and its URL once it listens. */
function startServer() {
  const child = spawn(process.execPath, [SERVER, '--port', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      const url = /listening on (http:\/\/\S+)/.exec(stderr)?.[1];
      if (url) resolve({ child, url });
    });
    child.on('exit', (code) => reject(new Error(`the everything-server exited (${code}) before it listened: ${stderr}`)));
  });
}

const python = ensurePython();
ensureClients(python);
if (run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'tsconfig.build.json']) !== 0) stop('the build failed');
const { child, url } = await startServer();
try {
  process.exitCode = run(VENV_PYTHON, [join(HERE, 'interop.py'), url, process.execPath, SERVER]);
} finally {
  child.kill();
}
