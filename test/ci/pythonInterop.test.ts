/**
 * `npm run test:python` (interop/python/run.mjs) on a machine without a usable Python: it stops at
 * once, before building or installing anything, with one message naming the command that
 * installs Python with venv and pip for that machine — never apt-get unless root on
 * Debian/Ubuntu (here the machine is described by PREREQUISITES_* and PYTHON names no program).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RUN = join(__dirname, '..', '..', 'interop', 'python', 'run.mjs');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'python-interop-'));
  writeFileSync(join(dir, 'debian'), 'ID=debian\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function run(env: Record<string, string>) {
  const result = spawnSync(process.execPath, [RUN], {
    env: { PATH: process.env.PATH ?? '', PYTHON: join(dir, 'no-python'), PREREQUISITES_OS_RELEASE: join(dir, 'debian'), PREREQUISITES_APT_GET: join(dir, 'no-apt-get'), ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stderr: result.stderr };
}

describe('the Python interop suite without Python', () => {
  it('stops with the sudo apt-get command for a user on Debian', () => {
    expect(run({ PREREQUISITES_PLATFORM: 'linux', PREREQUISITES_UID: '1000' })).toEqual({
      status: 1,
      stderr: `test:python: the Python interop suite needs Python 3.10 or later with its venv and pip modules (${join(dir, 'no-python')} from PYTHON is missing one): sudo apt-get install -y python3 python3-venv python3-pip\n`,
    });
  });

  it('names Homebrew on macOS', () => {
    const { status, stderr } = run({ PREREQUISITES_PLATFORM: 'darwin', PREREQUISITES_UID: '501' });
    expect(status).toBe(1);
    expect(stderr).toMatch(/: brew install python\n$/);
  });

  it('as root on Debian tries apt-get first, then says what is missing when that did not help', () => {
    const { status, stderr } = run({ PREREQUISITES_PLATFORM: 'linux', PREREQUISITES_UID: '0' });
    expect(status).toBe(1);
    expect(stderr).toContain('test:python: installing python3, python3-venv and python3-pip with apt-get');
    expect(stderr).toMatch(/is missing one\): apt-get install -y python3 python3-venv python3-pip\n$/);
  });
});
