/**
 * The built package as users get it: `require()` and `import` both work on this Node with the
 * same classes, types ship beside the code, and core has no runtime dependencies.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

function node(args: string[]): string {
  return execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
}

describe('@toolwire/core package entry', () => {
  it('has no runtime dependencies', () => {
    expect(pkg.dependencies ?? {}).toEqual({});
    // a peer is allowed only as optional: @opentelemetry/api, for the telemetry option, which core never loads
    const optional = Object.entries(pkg.peerDependenciesMeta ?? {}).filter(([, meta]) => (meta as { optional?: boolean }).optional === true).map(([name]) => name);
    expect(Object.keys(pkg.peerDependencies ?? {})).toEqual(optional);
    expect(optional).toEqual(['@opentelemetry/api']);
  });

  it('ships type declarations for its entry', () => {
    expect(existsSync(join(root, pkg.types))).toBe(true);
    expect(readFileSync(join(root, pkg.types), 'utf8')).toContain('ToolDeclaration');
  });

  it('works with require()', () => {
    const out = node([
      '-e',
      `const c = require('@toolwire/core');
       const d = new c.ToolDeclaration('s', '1'); d.addTool('add').addParam('a', c.integerType());
       const defs = new c.ServiceDefinition().registerProcedure('add', (a) => a + 1);
       const r = new c.Dispatcher(defs, d).dispatchSync('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{"a":1}}}');
       process.stdout.write(r.body);`,
    ]);
    expect(JSON.parse(out).result.content[0].text).toBe('2');
  });

  it('works with import, with named exports', () => {
    const out = node([
      '--input-type=module',
      '-e',
      `import { ToolDeclaration, ServiceDefinition, Dispatcher, stringType, ErrorCodes } from '@toolwire/core';
       const d = new ToolDeclaration('s', '1'); d.addTool('echo').addParam('m', stringType());
       const defs = new ServiceDefinition().registerProcedure('echo', async (m) => m);
       const r = await new Dispatcher(defs, d).dispatch('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"m":"hi"}}}');
       process.stdout.write(JSON.stringify([JSON.parse(r.body).result.content[0].text, ErrorCodes.ParseError]));`,
    ]);
    expect(JSON.parse(out)).toEqual(['hi', -32700]);
  });

  it('gives import and require the same classes (no dual-package hazard)', () => {
    const out = node([
      '--input-type=module',
      '-e',
      `import { createRequire } from 'node:module';
       import { RemotingFault } from '@toolwire/core';
       const cjs = createRequire(import.meta.url)('@toolwire/core');
       process.stdout.write(String(cjs.RemotingFault === RemotingFault));`,
    ]);
    expect(out).toBe('true');
  });

  it.each([
    ['transport', 'createDispatcher', 'refusalResponse'],
    ['http', 'HttpPipeline', 'NodeExchange'],
    ['task-store', 'TaskEvents', 'checkTaskInit'],
  ])('has the entry @toolwire/core/%s, for require() and import alike, with its types', (entry, first, second) => {
    expect(pkg.exports[`./${entry}`]).toEqual({ types: `./dist/${entry}.d.ts`, module: `./dist/esm/${entry}.js`, default: `./dist/cjs/${entry}.js` });
    expect(pkg.typesVersions['*'][entry]).toEqual([`dist/${entry}.d.ts`]);
    expect(existsSync(join(root, 'dist', `${entry}.d.ts`))).toBe(true);
    const out = node([
      '--input-type=module',
      '-e',
      `import { createRequire } from 'node:module';
       import { ${first}, ${second} } from '@toolwire/core/${entry}';
       const cjs = createRequire(import.meta.url)('@toolwire/core/${entry}');
       process.stdout.write(JSON.stringify([typeof ${first}, typeof ${second}, cjs.${first} === ${first}]));`,
    ]);
    expect(JSON.parse(out)).toEqual(['function', 'function', true]);
  });

  it('the HTTP entry answers with core\'s refusals (405 for a method it does not serve)', () => {
    const out = node(['-e', `process.stdout.write(String(require('@toolwire/core/http').HttpRefusals.methodNotAllowed.status))`]);
    expect(out).toBe('405');
  });

  it('keeps the transport, HTTP and task-store names out of the main entry', () => {
    const main = node(['-e', `process.stdout.write(JSON.stringify(['HttpPipeline', 'HttpRules', 'EventQueue', 'DEFAULT_MAX_BODY_BYTES', 'checkDispatcherArguments', 'refusalResponse', 'Session', 'TaskEvents', 'checkTaskInit', 'createTaskId'].filter((n) => n in require('@toolwire/core'))))`]);
    expect(JSON.parse(main)).toEqual([]);
  });
});
