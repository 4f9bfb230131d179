// The system programs the tests need, checked before `npm test` builds anything (the `pretest`
// script runs this first): redis-server (the task-store tests start a real Redis), openssl (the
// TLS tests make a throwaway CA), Chromium (the MCP Apps browser test drives it with
// playwright-core; CHROMIUM_PATH or /usr/bin/chromium, where the test looks) and, on Linux,
// taskset (the bench's CPU pinning test). On Debian or Ubuntu as root, what is missing is
// installed with apt-get (one `apt-get install` for all of it, as CI needs); anywhere else the
// check stops at once with one message naming each missing program and the command that
// installs it — rather than a ten-minute run that ends in failures.
//
// For its own test, the machine can be described by environment variables: PREREQUISITES_PLATFORM
// (process.platform), PREREQUISITES_UID (the user id), PREREQUISITES_OS_RELEASE (the os-release
// file) and PREREQUISITES_APT_GET (the apt-get command).
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What the tests run: the program, where it is looked for (the PATH, or a fixed file), why the
 * tests need it, and its package on Debian/Ubuntu and on Homebrew.
 */
export const PREREQUISITES = [
  { program: 'redis-server', why: 'the task-store tests start a real Redis', apt: 'redis-server', brew: 'brew install redis' },
  { program: 'openssl', why: 'the TLS tests make a throwaway CA with it', apt: 'openssl', brew: 'brew install openssl' },
  {
    program: 'chromium',
    file: (env) => env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    why: 'the MCP Apps browser test drives it (looked for at CHROMIUM_PATH, default /usr/bin/chromium)',
    apt: 'chromium',
    brew: 'brew install --cask chromium, then CHROMIUM_PATH="/Applications/Chromium.app/Contents/MacOS/Chromium"',
  },
  { program: 'taskset', linuxOnly: true, why: "the bench's CPU pinning test", apt: 'util-linux', brew: undefined },
];

/** Whether `file` exists and may be executed. */
function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether `program` is found on `path` (a PATH value). */
function onPath(program, path) {
  return (path ?? '').split(delimiter).some((dir) => dir !== '' && executable(join(dir, program)));
}

/** The machine as the check sees it, from the process or the PREREQUISITES_* variables. */
export function machineOf(env = process.env) {
  const platform = env.PREREQUISITES_PLATFORM ?? process.platform;
  const uid = env.PREREQUISITES_UID !== undefined ? Number(env.PREREQUISITES_UID) : (process.getuid?.() ?? -1);
  let osRelease = '';
  try {
    osRelease = readFileSync(env.PREREQUISITES_OS_RELEASE ?? '/etc/os-release', 'utf8');
  } catch {
    // not Linux, or no os-release: not Debian
  }
  const ids = /^(?:ID|ID_LIKE)=(.*)$/gm;
  let debian = false;
  for (let match = ids.exec(osRelease); match; match = ids.exec(osRelease)) debian ||= /\b(debian|ubuntu)\b/.test(match[1]);
  return { platform, root: uid === 0, debian: platform === 'linux' && debian, aptGet: env.PREREQUISITES_APT_GET ?? 'apt-get' };
}

/** The prerequisites missing on this machine. */
export function missing(env = process.env, machine = machineOf(env)) {
  return PREREQUISITES.filter((p) => !(p.linuxOnly && machine.platform !== 'linux')).filter((p) => (p.file ? !executable(p.file(env)) : !onPath(p.program, env.PATH)));
}

/** How a user installs `prerequisite` on `machine`. */
export function installCommand(prerequisite, machine) {
  if (machine.debian) return `${machine.root ? '' : 'sudo '}apt-get install -y ${prerequisite.apt}`;
  if (machine.platform === 'darwin' && prerequisite.brew) return prerequisite.brew;
  return `install your system's ${prerequisite.apt} package`;
}

/** The one message naming every missing program and how to install it. */
export function report(absent, machine) {
  const lines = absent.map((p) => `  - ${p.program} (${p.why}): ${installCommand(p, machine)}`);
  return [`npm test: ${absent.length === 1 ? 'a program the tests need is' : `${absent.length} programs the tests need are`} missing — install ${absent.length === 1 ? 'it' : 'them'} and run npm test again:`, ...lines].join('\n');
}

/** apt-get update, then one apt-get install of every missing package; whether both succeeded. */
function aptInstall(absent, machine, env) {
  const packages = [...new Set(absent.map((p) => p.apt))];
  console.error(`prerequisites: installing ${packages.join(', ')} with apt-get`);
  const options = { stdio: 'inherit', env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } };
  const update = spawnSync(machine.aptGet, ['update'], options);
  if (update.status !== 0) return false;
  return spawnSync(machine.aptGet, ['install', '-y', ...packages], options).status === 0;
}

/**
 * Checks (and on Debian/Ubuntu as root installs) the prerequisites.
 * @returns the exit code: 0 when everything is there, 1 with the message on stderr otherwise.
 */
export function checkPrerequisites(env = process.env) {
  const machine = machineOf(env);
  let absent = missing(env, machine);
  if (absent.length === 0) return 0;
  if (machine.debian && machine.root) {
    aptInstall(absent, machine, env);
    absent = missing(env, machine);
    if (absent.length === 0) return 0;
  }
  console.error(report(absent, machine));
  return 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = checkPrerequisites();
