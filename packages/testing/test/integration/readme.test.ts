/**
 * The package README's TypeScript blocks, as written, type-check (strict, against the built
 * packages' declarations): each block is its own module, after a preamble that declares what the
 * README takes as given — the app, the declaration, a Fastify instance, a Hono app — and imports
 * what a block uses without importing it. So the usage the README leads with stays true to the API.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strictTypeCheck } from '../../../../test-support/strictTypeCheck';

jest.setTimeout(120_000);

const REPO = join(__dirname, '..', '..', '..', '..');

/** What the README takes as given, each with the import or declaration that provides it. */
const GIVEN: readonly (readonly [name: RegExp, line: string])[] = [
  [/\bmcpTestClient\b/, "import { mcpTestClient } from '@toolwire/testing';"],
  [/\bhttp\./, "import http from 'node:http';"],
  [/\bspawn\(/, "import { spawn } from 'node:child_process';"],
  [/\bPassThrough\b/, "import { PassThrough } from 'node:stream';"],
  [/\bDispatcher\b/, "import { Dispatcher } from '@toolwire/core';"],
  [/\bmcpHandler\b/, "import { mcpHandler } from '@toolwire/express';"],
  [/\bserveStdio\b/, "import { serveStdio } from '@toolwire/stdio';"],
  [/\bapp\b/, "declare const app: import('express').Express;"],
  [/\bdecl\b/, "declare const decl: import('@toolwire/core').ToolDeclaration;"],
  [/\bdefs\b/, "declare const defs: import('@toolwire/core').ServiceDefinition;"],
  [/\bfastify\b/, "declare const fastify: import('fastify').FastifyInstance;"],
  [/\bhonoApp\b/, "declare const honoApp: import('hono').Hono;"],
  [/\bclient\.callTool\('nope'\)/, "declare const client: import('@toolwire/testing').McpTestClient;"],
];

function blocks(): string[] {
  const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
  return [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]);
}

/** The block with the preamble it needs: what it uses and neither imports nor declares itself. */
function module(block: string): string {
  const own = (line: string): boolean => {
    const names = /import (?:\{ (\w+) \}|(\w+)) from|declare const (\w+)/.exec(line);
    const name = names?.[1] ?? names?.[2] ?? names?.[3] ?? '';
    return new RegExp(`(import[^\\n]*\\b${name}\\b[^\\n]*from|const \\{?[^=]*\\b${name}\\b[^=]*=)`).test(block);
  };
  const preamble = GIVEN.filter(([uses, line]) => uses.test(block) && !own(line)).map(([, line]) => line);
  return `${preamble.join('\n')}\n${block}\nexport {};\n`;
}

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(REPO, 'packages', 'testing', '.readme-')); // inside the repo, so its packages resolve
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the @toolwire/testing README', () => {
  it('has TypeScript blocks to check (usage by target, asks, tasks)', () => {
    expect(blocks().length).toBeGreaterThanOrEqual(3);
  });

  it('type-checks every TypeScript block as strict TypeScript against the built packages', () => {
    const files = blocks().map((block, i) => {
      const file = join(dir, `block${i}.ts`);
      writeFileSync(file, module(block));
      return file;
    });
    const problems = strictTypeCheck(files, ['node', 'jest']);
    expect(problems).toEqual([]);
  });
});
