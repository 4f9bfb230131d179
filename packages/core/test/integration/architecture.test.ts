/**
 * Architecture rules that keep the design honest: core is platform-neutral, transports use only
 * core's public entry, and only core maps methods to responses.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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

/** Every import (and re-export) of a file, type-only ones included. */
const allImports = (file: string): string[] => [...readFileSync(file, 'utf8').matchAll(/\b(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?'([^']+)'/g)].map((m) => m[1]);

/** The strongly connected groups of more than one file among `files` (Tarjan), each as relative paths. */
function importCycles(files: string[], importsOf: (file: string) => string[] = allImports): string[][] {
  const known = new Set(files);
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const targets = importsOf(file)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => join(file, '..', spec))
      .map((target) => [`${target}.ts`, join(target, 'index.ts')].find((candidate) => known.has(candidate)))
      .filter((target): target is string => target !== undefined);
    edges.set(file, targets);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(relative(packages, member));
    } while (member !== file);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}

/**
 * Core's folders from the bottom up. Layer 2 is the protocol engine: its folders import one
 * another, but no two of them both ways; nothing in a layer may import the layers above.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['brand.ts', 'guards.ts'],
  // the schema types, the token/scope model and the wire faults (ErrorCodes, RemotingFault,
  // JsonRpcFault) import nothing of the engine (what names a declaration's unportable schemas
  // lives in declaration; the HTTP bearer rule in httpRules); the notification bus contract
  // (CatalogChange, NotificationBus, MemoryNotificationBus) imports nothing but itself
  ['schema', 'auth', 'faults', 'notifications'],
  // tasks joined the engine when the dispatcher began to run tasks (dispatch/tasks uses the TaskStore and MemoryTaskStore)
  // governance: the options and stores of rate limits, per-principal state and the audit log (issue 42)
  ['protocol', 'content', 'remoting', 'declaration', 'dispatch', 'httpRules', 'telemetry', 'identity', 'tasks', 'governance'],
  ['pipeline'],
  ['index.ts', 'transport.ts', 'http.ts', 'task-store.ts'],
];

/** Every (importing folder, imported folder) pair between different top-level parts of core's src. */
function folderImports(): [string, string][] {
  const src = join(packages, 'core', 'src');
  const top = (path: string): string => relative(src, path).split(/[\\/]/)[0];
  const pairs = new Set<string>();
  for (const file of sources(src)) {
    for (const spec of imports(file).filter((s) => s.startsWith('.'))) {
      const target = join(file, '..', spec);
      const [from, to] = [top(file), top(existsSync(target) ? target : `${target}.ts`)];
      if (from !== to) pairs.add(`${from}>${to}`);
    }
  }
  return [...pairs].map((p) => p.split('>') as [string, string]);
}

describe('architecture', () => {
  it('dependencies: core none, stdio, fetch and testing only core (installing them never pulls in express), express core and testing (its deprecated testing entry) plus express as a peer', () => {
    expect(manifest('core').dependencies ?? {}).toEqual({});
    expect(Object.keys(manifest('stdio').dependencies)).toEqual(['@toolwire/core']);
    expect(manifest('stdio').peerDependencies ?? {}).toEqual({});
    expect(Object.keys(manifest('fetch').dependencies)).toEqual(['@toolwire/core']);
    expect(manifest('fetch').peerDependencies ?? {}).toEqual({});
    expect(Object.keys(manifest('testing').dependencies)).toEqual(['@toolwire/core']);
    expect(manifest('testing').peerDependencies ?? {}).toEqual({});
    expect(Object.keys(manifest('express').dependencies)).toEqual(['@toolwire/core', '@toolwire/testing']);
    expect(Object.keys(manifest('express').peerDependencies)).toEqual(['express']);
  });

  it('testing imports only core (its public entries), node: built-ins and its own files — never express or supertest, whose shapes it reads structurally', () => {
    for (const file of sources(join(packages, 'testing', 'src'))) {
      const specs = [...code(file).matchAll(/\bfrom\s+'([^']+)'|require\('([^']+)'\)/g)].map((m) => m[1] ?? m[2]); // not the JSDoc examples'
      for (const spec of specs) expect(`${relative(packages, file)} -> ${spec}`).toMatch(/ -> (\.\/|@toolwire\/core(\/transport)?$|node:[a-z_]+$)/);
    }
  });

  it('every example declares in its package.json every package its sources and tests import (node: built-ins aside)', () => {
    const examples = join(packages, '..', 'examples');
    const packageOf = (spec: string): string => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');
    for (const example of readdirSync(examples).filter((name) => existsSync(join(examples, name, 'package.json')))) {
      const { name, dependencies = {}, devDependencies = {} } = JSON.parse(readFileSync(join(examples, example, 'package.json'), 'utf8'));
      const declared = new Set([name, ...Object.keys(dependencies), ...Object.keys(devDependencies)]);
      const files = ['src', 'test'].filter((dir) => existsSync(join(examples, example, dir))).flatMap((dir) => sources(join(examples, example, dir)));
      for (const file of files) {
        for (const spec of imports(file).filter((s) => !s.startsWith('.') && !s.startsWith('node:'))) {
          expect(`${relative(examples, file)} imports ${packageOf(spec)}: ${declared.has(packageOf(spec)) ? 'declared' : 'not declared'}`).toMatch(/: declared$/);
        }
      }
    }
  });

  it('fastify: only core, fastify 5 as a peer (tested against an exact dev version), so core keeps no dependency', () => {
    expect(Object.keys(manifest('fastify').dependencies)).toEqual(['@toolwire/core']);
    expect(manifest('fastify').peerDependencies).toEqual({ fastify: '^5.0.0' });
    expect(manifest('fastify').devDependencies.fastify).toMatch(/^5\.\d+\.\d+$/);
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
      for (const spec of imports(file)) expect(`${relative(packages, file)} -> ${spec}`).toMatch(/ -> (\.\.?\/|@toolwire\/core(\/task-store)?$|@redis\/client$|node:[a-z_]+$)/);
    }
  });

  it('only the protocol profile knows versions: no other source file compares a version string or names a revision date', () => {
    const profile = join(packages, 'core', 'src', 'protocol', 'profile.ts');
    const all = ['core', 'express', 'stdio', 'fetch', 'jwt', 'redis', 'testing'].flatMap((pkg) => sources(join(packages, pkg, 'src')));
    for (const file of all.filter((f) => f !== profile)) {
      const text = code(file);
      expect(`${relative(packages, file)}: ${text.match(/['"`]\d{4}-\d{2}-\d{2}['"`]/)?.[0] ?? 'no date literal'}`).toMatch(/: no date literal$/);
      expect(`${relative(packages, file)}: ${text.match(/[vV]ersion\w*\s*[<>]=?\s*\S+/)?.[0] ?? 'no version comparison'}`).toMatch(/: no version comparison$/);
    }
  });

  it('only the method descriptors name MCP methods: no server source file but protocol/methodNames.ts spells a method name', () => {
    const names = join(packages, 'core', 'src', 'protocol', 'methodNames.ts');
    const spec = String.raw`initialize|ping|server/discover|tools/(list|call)|resources/(list|read|templates/list|subscribe|unsubscribe)|prompts/(list|get)|completion/complete|logging/setLevel|tasks/(get|update|cancel|result|list)|notifications/[a-z_/]+|sampling/createMessage|elicitation/create|roots/list|subscriptions/listen`;
    const literal = new RegExp(String.raw`['"\`](${spec})['"\`]`);
    // the test client is a client: it sends methods by name (it is no part of a server)
    const servers = ['core', 'express', 'stdio', 'fetch', 'jwt', 'redis', 'fastify'].flatMap((pkg) => sources(join(packages, pkg, 'src'))).filter((f) => !/[\\/]testing[\\/]/.test(f));
    expect(servers.length).toBeGreaterThan(100);
    const named = servers.filter((f) => f !== names).map((f) => `${relative(packages, f)}: ${code(f).match(literal)?.[0] ?? 'none'}`);
    expect(named.filter((line) => !line.endsWith(': none'))).toEqual([]);
    // and the names file does spell them (the pattern can match)
    expect(code(names)).toMatch(literal);
  });

  it('no file-level import cycle in any package (type-only imports included)', () => {
    const cycles = ['core', 'express', 'stdio', 'fetch', 'jwt', 'redis', 'fastify', 'testing'].flatMap((pkg) => importCycles(sources(join(packages, pkg, 'src'))));
    expect(cycles).toEqual([]);
    // the check finds a cycle where there is one
    expect(importCycles([join(__dirname, 'cycle', 'a.ts'), join(__dirname, 'cycle', 'b.ts')], (file) => (file.endsWith('a.ts') ? ['./b'] : ['./a']))).toHaveLength(1);
  });

  it('core imports nothing but its own files (no node:, express, http, streams)', () => {
    for (const file of sources(join(packages, 'core', 'src'))) {
      for (const spec of imports(file)) expect(`${relative(packages, file)} -> ${spec}`).toMatch(/ -> \.\.?\//);
    }
  });

  it('fetch imports nothing but core and its own files (it runs where there is no node:)', () => {
    for (const file of sources(join(packages, 'fetch', 'src'))) {
      for (const spec of imports(file)) expect(`${relative(packages, file)} -> ${spec}`).toMatch(/ -> (\.\.?\/|@toolwire\/core(\/transport|\/http)?$)/);
    }
  });

  it.each(['express', 'stdio', 'fetch', 'fastify', 'jwt', 'redis', 'testing'])('%s uses only the public entries of core (@toolwire/core and its transport, http and task-store entries)', (pkg) => {
    for (const file of sources(join(packages, pkg, 'src'))) {
      for (const spec of imports(file)) {
        expect(`${relative(packages, file)} -> ${spec}`).not.toMatch(/@toolwire\/core\/(?!(transport|http|task-store)$)|\.\.\/\.\.\/core/);
      }
    }
  });

  it('each entry of core serves its audience: stdio takes nothing of the HTTP entry, the HTTP adapters nothing of the task-store entry, and the main entry re-exports nothing of the HTTP rules or pipeline at run time', () => {
    const specs = (pkg: string): string[] => sources(join(packages, pkg, 'src')).flatMap(imports);
    expect(specs('stdio').filter((spec) => spec === '@toolwire/core/http')).toEqual([]);
    for (const pkg of ['express', 'fetch', 'fastify']) expect(specs(pkg).filter((spec) => spec === '@toolwire/core/task-store')).toEqual([]);
    const runtime = (entry: string): string[] => [...readFileSync(join(packages, 'core', 'src', entry), 'utf8').matchAll(/^export \{[^}]*\} from '([^']+)'/gm)].map((m) => m[1]);
    for (const entry of ['index.ts', 'transport.ts']) expect(runtime(entry).filter((spec) => /^\.\/(httpRules|pipeline)\//.test(spec))).toEqual([]);
    expect(runtime('http.ts').filter((spec) => /^\.\/(httpRules|pipeline)\//.test(spec)).length).toBeGreaterThan(5);
  });

  it('core is layered: brand and the guards, then the schema types and the auth model, then the protocol engine (tasks included), then the HTTP pipeline, then the two entries — no import goes up', () => {
    const layer = (folder: string): number => LAYERS.findIndex((names) => names.includes(folder));
    for (const [from, to] of folderImports()) {
      expect(`${from} (layer ${layer(from)}) -> ${to} (layer ${layer(to)})`).toMatch(/\(layer (\d+)\) -> .*\(layer (?!-1)(\d+)\)$/);
      expect(`${from} -> ${to}: ${layer(to) <= layer(from) ? 'down or across' : 'up'}`).toMatch(/: down or across$/);
    }
  });

  it("core's folders form no cycle of two: no two folders import each other", () => {
    const edges = new Set(folderImports().map(([from, to]) => `${from}>${to}`));
    const cycles = [...edges].map((e) => e.split('>')).filter(([a, b]) => a < b && edges.has(`${b}>${a}`)).map(([a, b]) => `${a}<->${b}`);
    expect(cycles).toEqual([]);
  });

  it("core's folders form no longer cycle either", () => {
    const next = new Map<string, string[]>();
    for (const [from, to] of folderImports()) next.set(from, [...(next.get(from) ?? []), to]);
    const cycles: string[] = [];
    // every simple cycle once: from its alphabetically first folder, through later ones only
    const walk = (start: string, path: string[]): void => {
      for (const to of next.get(path[path.length - 1]) ?? []) {
        if (to === start) cycles.push([...path, start].join(' -> '));
        else if (to > start && !path.includes(to)) walk(start, [...path, to]);
      }
    };
    for (const start of next.keys()) walk(start, [start]);
    expect(cycles).toEqual([]);
  });

  it('the Streamable HTTP pipeline depends on nothing platform-specific: it reaches the request only through HttpExchange', () => {
    for (const file of sources(join(packages, 'core', 'src', 'pipeline')).filter((f) => !f.endsWith('NodeExchange.ts'))) {
      expect(`${relative(packages, file)}: ${/\b(IncomingMessage|ServerResponse|Buffer|process\.)\b/.test(code(file))}`).toMatch(/: false$/);
    }
  });

  it("only the era's writer writes a result's serverInfo _meta and resultType: no other core source names the serverInfo key or writes a resultType", () => {
    const src = join(packages, 'core', 'src');
    const at = (...path: string[]) => join(src, ...path);
    // the key's definition; the payloads, which build the serverInfo members for the writer and the cached list and discover payloads; the result types (no value)
    const serverInfoAllowed = [at('protocol', 'meta.ts'), at('declaration', 'ServerPayloads.ts'), at('declaration', 'results.ts')];
    // the writer; the cached list and discover payloads; the CallToolResult nested in a DetailedTask (the writer reaches only the top level); the result types
    const resultTypeAllowed = [at('dispatch', 'eras.ts'), at('declaration', 'ServerPayloads.ts'), at('dispatch', 'tasks', 'taskWire.ts'), at('declaration', 'results.ts')];
    const serverInfo = /io\.modelcontextprotocol\/serverInfo|META\.serverInfo|\bserverMetaMembers\b/;
    const resultType = /\bresultType['"]?\s*:|"resultType"/;
    const offenders = (pattern: RegExp, allowed: string[]) =>
      sources(src)
        .filter((file) => !allowed.includes(file))
        .map((file) => `${relative(packages, file)}: ${code(file).match(pattern)?.[0] ?? 'none'}`)
        .filter((line) => !line.endsWith(': none'));
    expect(offenders(serverInfo, [...serverInfoAllowed, at('dispatch', 'eras.ts')])).toEqual([]);
    expect(offenders(resultType, resultTypeAllowed)).toEqual([]);
    // the writer asks the payloads for the serverInfo members and writes them (the patterns can match)
    expect(code(at('dispatch', 'eras.ts'))).toMatch(serverInfo);
    expect(code(at('dispatch', 'eras.ts'))).toMatch(resultType);
  });

  it('core spells no JSON-RPC error code but in ErrorCodes: every other file names them', () => {
    const codes = join(packages, 'core', 'src', 'faults', 'ErrorCodes.ts');
    const literals = sources(join(packages, 'core', 'src'))
      .filter((file) => file !== codes)
      .map((file) => `${relative(packages, file)}: ${code(file).match(/-32[0-9]{3}/)?.[0] ?? 'none'}`)
      .filter((line) => !line.endsWith(': none'));
    expect(literals).toEqual([]);
    expect(code(codes)).toMatch(/-32[0-9]{3}/);
  });

  it.each(['express', 'stdio', 'fetch'])('%s picks no JSON-RPC codes itself (it calls core\'s response builders)', (pkg) => {
    for (const file of sources(join(packages, pkg, 'src'))) {
      expect(`${relative(packages, file)}: ${/\bErrorCodes\b|-32[0-9]{3}/.test(code(file))}`).toMatch(/: false$/);
    }
  });

  it.each(['express', 'stdio', 'fetch'])('%s never decides protocol behaviour (no method names, no result building)', (pkg) => {
    // (the test client, which names methods and reads results, is its own package: @toolwire/testing)
    for (const file of sources(join(packages, pkg, 'src'))) {
      const text = code(file);
      expect(`${relative(packages, file)}: ${/'(tools\/call|tools\/list|initialize|ping)'|"result":|isError/.test(text)}`).toMatch(/: false$/);
    }
  });
});
