/**
 * A `node:http` server built with `mcpHandler` does not load Express: the package's entry holds
 * the Express routers too, but Express is required only when the first router is made (it cost
 * such a server ~150 modules at start-up). Checked in a fresh `node`, outside Jest's registry.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const repo = join(__dirname, '..', '..', '..', '..');

function expressModulesAfter(code: string): number {
  const script = `
    const { ToolDeclaration, ServiceDefinition } = require('@toolwire/core');
    const { mcpHandler, mcpRouter } = require('@toolwire/express');
    const decl = new ToolDeclaration('lazy', '1.0.0');
    const defs = new ServiceDefinition();
    ${code}
    process.stdout.write(String(Object.keys(require.cache).filter((file) => /[\\\\/]node_modules[\\\\/]express[\\\\/]/.test(file)).length));`;
  return Number(execFileSync(process.execPath, ['-e', script], { cwd: repo, encoding: 'utf8' }));
}

it('loads no Express module for a server built with mcpHandler alone', () => {
  expect(expressModulesAfter('mcpHandler(decl, defs);')).toBe(0);
});

it('loads Express when a router is made', () => {
  expect(expressModulesAfter('mcpRouter(decl, defs);')).toBeGreaterThan(0);
});
