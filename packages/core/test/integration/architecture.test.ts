/**
 * Architecture rules that keep the design honest: core is platform-neutral, transports use only
 * core's public entry, and only core maps methods to responses.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const packages = join(__dirname, '..', '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** A source file without its comments and JSDoc (examples there may mention methods and codes). */
const code = (file: string): string =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
    .join('\n');

const imports = (file: string): string[] => [...readFileSync(file, 'utf8').matchAll(/\bfrom\s+'([^']+)'|require\('([^']+)'\)/g)].map((m) => m[1] ?? m[2]);

const manifest = (pkg: string) => JSON.parse(readFileSync(join(packages, pkg, 'package.json'), 'utf8'));

describe('architecture', () => {
  it('dependencies: core none, stdio and fetch only core (installing them never pulls in express), express core plus express as a peer', () => {
    expect(manifest('core').dependencies ?? {}).toEqual({});
    expect(Object.keys(manifest('stdio').dependencies)).toEqual(['@toolwire/core']);
    expect(manifest('stdio').peerDependencies ?? {}).toEqual({});
    expect(Object.keys(manifest('fetch').dependencies)).toEqual(['@toolwire/core']);
    expect(manifest('fetch').peerDependencies ?? {}).toEqual({});
    expect(Object.keys(manifest('express').dependencies)).toEqual(['@toolwire/core']);
    expect(Object.keys(manifest('express').peerDependencies)).toEqual(['express']);
  });

  it('jwt: only core and jose (an exact version), so the protected-resource rules add no dependency to core, express or stdio', () => {
    expect(Object.keys(manifest('jwt').dependencies).sort()).toEqual(['@toolwire/core', 'jose']);
    expect(manifest('jwt').dependencies.jose).toMatch(/^\d+\.\d+\.\d+$/);
    for (const file of sources(join(packages, 'jwt', 'src'))) {
      for (const spec of imports(file)) expect(`${relative(packages, file)} -> ${spec}`).toMatch(/ -> (\.\.?\/|@toolwire\/core$|jose$)/);
    }
  });

  it('redis: only core and @redis/client (an exact version) plus node: built-ins, so core keeps no dependency', () => {
    expect(Object.keys(manifest('redis').dependencies).sort()).toEqual(['@redis/client', '@toolwire/core']);
    expect(manifest('redis').dependencies['@redis/client']).toMatch(/^\d+\.\d+\.\d+$/);
    for (const file of sources(join(packages, 'redis', 'src'))) {
      for (const spec of imports(file)) expect(`${relative(packages, file)} -> ${spec}`).toMatch(/ -> (\.\.?\/|@toolwire\/core$|@redis\/client$|node:crypto$)/);
    }
  });

  it('only the protocol profile knows versions: no other source file compares a version string or names a revision date', () => {
    const profile = join(packages, 'core', 'src', 'protocol', 'profile.ts');
    const all = ['core', 'express', 'stdio', 'fetch', 'jwt', 'redis'].flatMap((pkg) => sources(join(packages, pkg, 'src')));
    for (const file of all.filter((f) => f !== profile)) {
      const text = code(file);
      expect(`${relative(packages, file)}: ${text.match(/['"`]\d{4}-\d{2}-\d{2}['"`]/)?.[0] ?? 'no date literal'}`).toMatch(/: no date literal$/);
      expect(`${relative(packages, file)}: ${text.match(/[vV]ersion\w*\s*[<>]=?\s*\S+/)?.[0] ?? 'no version comparison'}`).toMatch(/: no version comparison$/);
    }
  });

  it('core imports nothing but its own files (no node:, express, http, streams)', () => {
    for (const file of sources(join(packages, 'core', 'src'))) {
      for (const spec of imports(file)) expect(`${relative(packages, file)} -> ${spec}`).toMatch(/ -> \.\.?\//);
    }
  });

  it('fetch imports nothing but core and its own files (it runs where there is no node:)', () => {
    for (const file of sources(join(packages, 'fetch', 'src'))) {
      for (const spec of imports(file)) expect(`${relative(packages, file)} -> ${spec}`).toMatch(/ -> (\.\.?\/|@toolwire\/core$)/);
    }
  });

  it.each(['express', 'stdio', 'fetch', 'jwt', 'redis'])('%s uses only the public entry of core', (pkg) => {
    for (const file of sources(join(packages, pkg, 'src'))) {
      for (const spec of imports(file)) {
        expect(`${relative(packages, file)} -> ${spec}`).not.toMatch(/@toolwire\/core\/|\.\.\/\.\.\/core/);
      }
    }
  });

  it.each(['express', 'stdio', 'fetch'])('%s picks no JSON-RPC codes itself (it calls core\'s response builders)', (pkg) => {
    for (const file of sources(join(packages, pkg, 'src'))) {
      expect(`${relative(packages, file)}: ${/\bErrorCodes\b|-32[0-9]{3}/.test(code(file))}`).toMatch(/: false$/);
    }
  });

  it.each(['express', 'stdio', 'fetch'])('%s never decides protocol behaviour (no method names, no result building)', (pkg) => {
    // express's testing entry is a client: it names methods and reads results; the server never does
    const client = join(packages, 'express', 'src', 'testing');
    for (const file of sources(join(packages, pkg, 'src')).filter((f) => !f.startsWith(client))) {
      const text = code(file);
      expect(`${relative(packages, file)}: ${/'(tools\/call|tools\/list|initialize|ping)'|"result":|isError/.test(text)}`).toMatch(/: false$/);
    }
  });
});
