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
 * @types/node checks that core and fetch need none. And the README's "new project" — its
 * tsconfig.json and its quick start as src/server.ts, in an ES-module package — compiles under
 * both and runs: the emitted server starts (on a free port) and answers tools/call.
 */
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

jest.setTimeout(240_000);

const REPO = join(__dirname, '..', '..', '..', '..');
const PACKAGES = ['core', 'express', 'fetch', 'stdio', 'jwt', 'testing'];
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

/** Links `name` and the (hoisted) packages it depends on from this repository's node_modules into `modules`. */
function linkFromRepo(modules: string, name: string): void {
  const target = join(modules, name);
  if (existsSync(target)) return;
  const source = join(REPO, 'node_modules', name);
  if (!existsSync(source)) return; // not hoisted: it sits inside the package that needs it
  mkdirSync(dirname(target), { recursive: true });
  symlinkSync(source, target, 'junction');
  const manifest = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  for (const dependency of Object.keys(manifest.dependencies ?? {})) linkFromRepo(modules, dependency);
}

const CONSUMER = `// every package's public names, used the way a server uses them
import * as core from '@toolwire/core';
import * as express from '@toolwire/express';
import * as testing from '@toolwire/testing';
import * as deprecatedTesting from '@toolwire/express/testing';
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
const tested: Promise<testing.ToolCallResult> = testing.mcpTestClient(handle).callTool('add', { a: 1, b: 2 });
const same: typeof testing.mcpTestClient = deprecatedTesting.mcpTestClient;
export const used: unknown[] = [core, express, testing, fetch, stdio, jwt, router, handle, serving, tested, same];
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
    // --ignore-scripts: the packages' prepack would rebuild dist/ (tsc and the bundler) while other
    // test files, running in parallel workers, load it; npm test's pretest built it already
    const packed = await run('npm', ['pack', '--silent', '--ignore-scripts', ...PACKAGES.flatMap((name) => ['-w', `@toolwire/${name}`]), '--pack-destination', packs], REPO);
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

  // TypeScript 5.9 loads every @types package it finds, so only 7 shows whether stdio's declarations reference the Node types they use
  it('compile under TypeScript 7 in a stdio project with @types/node and no Express types', async () => {
    const dir = await project('stdio', ['core', 'stdio'], ['@types/node'], STDIO_CONSUMER);
    const { code, output } = await run(process.execPath, [COMPILERS['TypeScript 7'], '-p', dir, '--strict'], dir);
    expect(output).toBe('');
    expect(code).toBe(0);
  });

  it.each(Object.keys(COMPILERS))("compile the README's new project (its tsconfig, its quick start) under %s, and it runs", async (compiler) => {
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    const install = readme.slice(readme.indexOf('**A new project**'));
    const tsconfig = /`tsconfig.json`:\n\n```json\n([\s\S]*?)```/.exec(install)?.[1];
    const quickStart = /```ts\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## Quick start')))?.[1];
    if (!tsconfig || !quickStart) throw new Error('README.md lost its new-project tsconfig.json or its quick start block');
    expect(install).toContain('npm pkg set type=module');
    expect(quickStart).toContain("app.listen(3000, '127.0.0.1');");
    const dir = await project(`new-${compiler.replace(/\W/g, '')}`, ['core', 'express'], ['@types/node', '@types/express', 'express'], '');
    writeFileSync(join(dir, 'tsconfig.json'), tsconfig);
    mkdirSync(join(dir, 'src'));
    // a free port instead of 3000, printed so the test can call it
    writeFileSync(join(dir, 'src', 'server.ts'), quickStart.replace("app.listen(3000, '127.0.0.1');", "const server = app.listen(0, '127.0.0.1', () => console.log(`PORT ${JSON.stringify(server.address())}`));"));
    const compiled = await run(process.execPath, [COMPILERS[compiler], '-p', dir], dir);
    expect(compiled.output).toBe('');
    expect(compiled.code).toBe(0);
    const child = spawn(process.execPath, [join(dir, 'dist', 'server.js')], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let out = '';
        let err = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /"port":(\d+)/.exec(out);
          if (match) resolve(Number(match[1]));
        });
        child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
        child.once('exit', (code) => reject(new Error(`dist/server.js exited with ${code}: ${err}`)));
      });
      const response = await globalThis.fetch(`http://127.0.0.1:${port}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add', arguments: { a: 6, b: 7 } } }),
      });
      expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: '13' }], isError: false } });
    } finally {
      child.kill();
      await once(child, 'exit');
    }
  });

  it.each(Object.keys(COMPILERS))('need no Node types for core and fetch under %s', async (compiler) => {
    const dir = await project(`web-${compiler.replace(/\W/g, '')}`, ['core', 'fetch'], [], WEB_CONSUMER);
    const { code, output } = await run(process.execPath, [COMPILERS[compiler], '-p', dir, '--strict'], dir);
    expect(output).toBe('');
    expect(code).toBe(0);
  });
});
