/**
 * The published type declarations, as a user gets them: every package is packed (`npm pack`, so
 * exactly what `npm publish` uploads), unpacked into a fresh ES-module project's node_modules,
 * and a consumer file importing every package's public names is compiled with `--strict` (and
 * the declarations checked: no skipLibCheck) by TypeScript 5.9 and TypeScript 7 (the
 * devDependency typescript-7). The project holds what a user installs next to the packages —
 * @types/node and @types/express, linked from this repository's node_modules — and no tsconfig
 * `types`, so each compiler loads types its own default way (7 loads none it is not told of).
 * A stdio project (core and stdio, @types/node, no Express types: nothing else pulls Node's types
 * in) checks that stdio's declarations reference the Node types they use; a project without
 * @types/node checks that core and fetch need none.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

jest.setTimeout(240_000);

const REPO = join(__dirname, '..', '..', '..', '..');
const PACKAGES = ['core', 'express', 'fetch', 'stdio', 'jwt'];
const COMPILERS: Record<string, string> = {
  'TypeScript 5.9': join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'),
  'TypeScript 7': join(REPO, 'node_modules', 'typescript-7', 'bin', 'tsc'),
};

/** Runs a command; resolves with its exit code and output (never rejects). */
function run(command: string, args: string[], cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, timeout: 180_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

/** Links `name` and the packages it depends on from this repository's node_modules into `modules`. */
function linkFromRepo(modules: string, name: string): void {
  const target = join(modules, name);
  if (existsSync(target)) return;
  const source = join(REPO, 'node_modules', name);
  mkdirSync(dirname(target), { recursive: true });
  symlinkSync(source, target, 'junction');
  const manifest = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  for (const dependency of Object.keys(manifest.dependencies ?? {})) linkFromRepo(modules, dependency);
}

const CONSUMER = `// every package's public names, used the way a server uses them
import * as core from '@toolwire/core';
import * as express from '@toolwire/express';
import * as testing from '@toolwire/express/testing';
import * as fetch from '@toolwire/fetch';
import * as stdio from '@toolwire/stdio';
import * as jwt from '@toolwire/jwt';
import { ServiceDefinition, ToolDeclaration, integerType, NullableType, stringType } from '@toolwire/core';

const decl = new ToolDeclaration('consumer', '1.0.0', { schemaDialect: 'portable' });
const add = decl.addTool('add', 'Add').addParam('a', integerType()).addParam('b', integerType());
const greet = decl.addTool('greet', 'Greet').addParam('name', new NullableType(stringType()));
const defs = new ServiceDefinition();
defs.registerTool(add, (a, b) => a + b);
defs.registerTool(greet, (name) => \`hello \${name ?? 'you'}\`);
const router = express.mcpRouter(decl, defs);
const handle: (request: Request) => Promise<Response> = fetch.mcpFetchHandler(decl, defs);
const serving: Promise<void> = stdio.serveStdio(defs, decl);
export const used: unknown[] = [core, express, testing, fetch, stdio, jwt, router, handle, serving];
`;

const STDIO_CONSUMER = `// a local tool process: core and stdio only (@types/node installed, as the stdio README says)
import { ServiceDefinition, ToolDeclaration, stringType } from '@toolwire/core';
import * as stdio from '@toolwire/stdio';
const decl = new ToolDeclaration('local', '1.0.0');
const echo = decl.addTool('echo').addParam('message', stringType());
const defs = new ServiceDefinition().registerTool(echo, (message) => message);
export const serving: Promise<void> = stdio.serveStdio(defs, decl);
export const used: unknown = stdio;
`;

const WEB_CONSUMER = `// a Web-standard project (Workers, Deno, Bun): no Node types
import * as core from '@toolwire/core';
import { mcpFetchHandler } from '@toolwire/fetch';
const decl = new core.ToolDeclaration('web', '1.0.0');
const echo = decl.addTool('echo').addParam('message', core.stringType());
const defs = new core.ServiceDefinition().registerTool(echo, (message) => message);
export const handle: (request: Request) => Promise<Response> = mcpFetchHandler(decl, defs);
`;

const TSCONFIG = JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022', 'dom'], noEmit: true }, files: ['index.ts'] });

describe('the packed packages’ type declarations', () => {
  let work: string;
  let tarballs: Record<string, string>;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'toolwire-types-'));
    const packs = join(work, 'packs');
    mkdirSync(packs);
    const packed = await run('npm', ['pack', '--silent', ...PACKAGES.flatMap((name) => ['-w', `@toolwire/${name}`]), '--pack-destination', packs], REPO);
    if (packed.code !== 0) throw new Error(`npm pack failed:\n${packed.output}`);
    tarballs = Object.fromEntries(PACKAGES.map((name) => [name, join(packs, readdirSync(packs).find((file) => file.startsWith(`toolwire-${name}-`)) as string)]));
  });

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** A fresh ES-module project with `packages` unpacked and `types` linked, holding `source` as index.ts. */
  async function project(name: string, packages: string[], types: string[], source: string): Promise<string> {
    const dir = join(work, name);
    mkdirSync(join(dir, 'node_modules', '@toolwire'), { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
    writeFileSync(join(dir, 'tsconfig.json'), TSCONFIG);
    writeFileSync(join(dir, 'index.ts'), source);
    for (const pkg of packages) {
      const into = join(dir, 'node_modules', '@toolwire', pkg);
      mkdirSync(into);
      const untar = await run('tar', ['-xzf', tarballs[pkg], '-C', into, '--strip-components=1'], dir);
      if (untar.code !== 0) throw new Error(`tar failed: ${untar.output}`);
    }
    for (const type of types) linkFromRepo(join(dir, 'node_modules'), type);
    return dir;
  }

  it.each(Object.keys(COMPILERS))('compile with --strict under %s in a Node project that imports every package', async (compiler) => {
    const dir = await project(`node-${compiler.replace(/\W/g, '')}`, PACKAGES, ['@types/node', '@types/express', 'jose'], CONSUMER);
    const { code, output } = await run(process.execPath, [COMPILERS[compiler], '-p', dir, '--strict'], dir);
    expect(output).toBe('');
    expect(code).toBe(0);
  });

  it.each(Object.keys(COMPILERS))('compile under %s in a stdio project with @types/node and no Express types', async (compiler) => {
    const dir = await project(`stdio-${compiler.replace(/\W/g, '')}`, ['core', 'stdio'], ['@types/node'], STDIO_CONSUMER);
    const { code, output } = await run(process.execPath, [COMPILERS[compiler], '-p', dir, '--strict'], dir);
    expect(output).toBe('');
    expect(code).toBe(0);
  });

  it.each(Object.keys(COMPILERS))('need no Node types for core and fetch under %s', async (compiler) => {
    const dir = await project(`web-${compiler.replace(/\W/g, '')}`, ['core', 'fetch'], [], WEB_CONSUMER);
    const { code, output } = await run(process.execPath, [COMPILERS[compiler], '-p', dir, '--strict'], dir);
    expect(output).toBe('');
    expect(code).toBe(0);
  });
});
