/**
 * .ci/prerequisites.mjs (run by `pretest`): with every program there it passes in silence; on a
 * machine that is not Debian/Ubuntu-as-root it stops at once with one message naming each missing
 * program and its install command (apt-get with sudo, Homebrew, or the system's package); as
 * root on Debian/Ubuntu it runs apt-get update and one apt-get install of what is missing. The
 * machine is described by PREREQUISITES_* variables and a PATH of fake programs; apt-get is a
 * fake that records its arguments (and "installs" by creating the programs), never the real one.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SCRIPT = join(__dirname, '..', '..', '.ci', 'prerequisites.mjs');

let dir: string;
let bin: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'prerequisites-'));
  bin = join(dir, 'bin');
  mkdirSync(bin);
  writeFileSync(join(dir, 'debian'), 'PRETTY_NAME="Debian GNU/Linux 13"\nID=debian\n');
  writeFileSync(join(dir, 'ubuntu'), 'ID=ubuntu\nID_LIKE=debian\n');
  writeFileSync(join(dir, 'fedora'), 'ID=fedora\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** An executable file (a program that does nothing). */
function program(path: string): string {
  writeFileSync(path, '#!/bin/sh\nexit 0\n');
  chmodSync(path, 0o755);
  return path;
}

/** A fake apt-get: records each call; `install` creates the programs of the packages it is given (unless `fail`). */
function fakeAptGet(fail = false): string {
  const provides = { 'redis-server': 'redis-server', openssl: 'openssl', chromium: 'chromium', 'util-linux': 'taskset' };
  const source = `#!${process.execPath}
const fs = require('fs'), path = require('path');
fs.appendFileSync(${JSON.stringify(join(dir, 'apt.log'))}, process.argv.slice(2).join(' ') + ' DEBIAN_FRONTEND=' + process.env.DEBIAN_FRONTEND + '\\n');
if (${fail}) process.exit(100);
if (process.argv[2] === 'install') for (const pkg of process.argv.slice(4)) {
  const file = path.join(${JSON.stringify(bin)}, ${JSON.stringify(provides)}[pkg]);
  fs.writeFileSync(file, '#!/bin/sh\\n'); fs.chmodSync(file, 0o755);
}
`;
  const file = join(dir, 'apt-get');
  writeFileSync(file, source);
  chmodSync(file, 0o755);
  return file;
}

function check(env: Record<string, string>) {
  const result = spawnSync(process.execPath, [SCRIPT], {
    env: { PATH: bin, CHROMIUM_PATH: join(bin, 'chromium'), PREREQUISITES_PLATFORM: 'linux', PREREQUISITES_UID: '1000', PREREQUISITES_OS_RELEASE: join(dir, 'debian'), ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stderr: result.stderr, stdout: result.stdout };
}

const aptCalls = () => (existsSync(join(dir, 'apt.log')) ? readFileSync(join(dir, 'apt.log'), 'utf8').trim().split('\n') : []);

describe('the test prerequisites check', () => {
  it('passes in silence when redis-server, openssl, chromium and taskset are all there', () => {
    for (const name of ['redis-server', 'openssl', 'chromium', 'taskset']) program(join(bin, name));
    expect(check({})).toEqual({ status: 0, stderr: '', stdout: '' });
  });

  it('stops at once as a user on Debian with one message naming each missing program and its sudo apt-get command, never running apt-get', () => {
    program(join(bin, 'openssl'));
    const result = check({ PREREQUISITES_APT_GET: fakeAptGet() });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'npm test: 3 programs the tests need are missing — install them and run npm test again:',
      '  - redis-server (the task-store tests start a real Redis): sudo apt-get install -y redis-server',
      `  - chromium (the MCP Apps browser test drives it (looked for at CHROMIUM_PATH, default /usr/bin/chromium)): sudo apt-get install -y chromium`,
      "  - taskset (the bench's CPU pinning test): sudo apt-get install -y util-linux",
    ]);
    expect(aptCalls()).toEqual([]);
  });

  it('gives Homebrew commands on macOS, where taskset is not needed', () => {
    program(join(bin, 'openssl'));
    const result = check({ PREREQUISITES_PLATFORM: 'darwin', PREREQUISITES_UID: '0' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('redis-server (the task-store tests start a real Redis): brew install redis');
    expect(result.stderr).toContain('brew install --cask chromium');
    expect(result.stderr).not.toContain('taskset');
  });

  it('names the system package on another Linux, even as root (no apt-get there)', () => {
    for (const name of ['redis-server', 'chromium', 'taskset']) program(join(bin, name));
    const result = check({ PREREQUISITES_UID: '0', PREREQUISITES_OS_RELEASE: join(dir, 'fedora'), PREREQUISITES_APT_GET: fakeAptGet() });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'npm test: a program the tests need is missing — install it and run npm test again:',
      "  - openssl (the TLS tests make a throwaway CA with it): install your system's openssl package",
    ]);
    expect(aptCalls()).toEqual([]);
  });

  it('as root on Ubuntu installs everything missing with apt-get update and one non-interactive apt-get install, then passes', () => {
    program(join(bin, 'openssl'));
    const result = check({ PREREQUISITES_UID: '0', PREREQUISITES_OS_RELEASE: join(dir, 'ubuntu'), PREREQUISITES_APT_GET: fakeAptGet() });
    expect(result.status).toBe(0);
    expect(aptCalls()).toEqual(['update DEBIAN_FRONTEND=noninteractive', 'install -y redis-server chromium util-linux DEBIAN_FRONTEND=noninteractive']);
  });

  it('as root on Debian reports what apt-get could not install', () => {
    const result = check({ PREREQUISITES_UID: '0', PREREQUISITES_APT_GET: fakeAptGet(true) });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('4 programs the tests need are missing');
    expect(result.stderr).toContain('redis-server (the task-store tests start a real Redis): apt-get install -y redis-server');
    expect(aptCalls()).toEqual(['update DEBIAN_FRONTEND=noninteractive']);
  });
});
