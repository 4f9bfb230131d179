/**
 * Every ```ts block of every README type-checks, as written, strictly against the built packages
 * (test-support/readmeBlocks: one program, each block its own module). What a block takes as
 * given — the declaration, the app, a helper the prose names — is declared in GIVEN (or, for one
 * block, FOR_BLOCK); a name a published toolwire entry exports is imported from it. A line marked
 * `// does not compile` must not (the README shows a mistake the types catch), every other line
 * must; a block that cannot be compiled at all is listed in FRAGMENTS with the reason. A new
 * block that does not compile fails this test. MUST_NOT_COMPILE makes mistakes in blocks (a
 * misspelt argument, a result the output schema refuses) that their types must catch. The complete programs among the blocks also run,
 * in their own tests: the quick start (examples/http-server/test/readmeQuickStart.test.ts), the
 * schemas, tasks and prompts examples (examples/everything-server/test/readme*.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { blocksOf, checkBlocks, readmeFiles, ROOT } from '../../test-support/readmeBlocks';
import type { ReadmeBlock } from '../../test-support/readmeBlocks';

jest.setTimeout(240_000);

/** What the READMEs take as given, by name: the line that provides it. */
const GIVEN: Readonly<Record<string, string>> = {
  decl: "declare const decl: import('@toolwire/core').ToolDeclaration;",
  defs: "declare const defs: import('@toolwire/core').ServiceDefinition;",
  app: "declare const app: import('express').Express;",
  express: "import express from 'express';",
  client: "declare const client: import('@toolwire/testing').McpTestClient;",
  service: "declare const service: import('@toolwire/stdio').StdioService;",
  handle: 'declare const handle: (request: Request) => Promise<Response>;',
  server: "declare const server: import('node:http').Server;",
  options: "declare const options: import('@toolwire/core').HttpOptions;",
  fastify: "declare const fastify: import('fastify').FastifyInstance;",
  honoApp: "declare const honoApp: import('hono').Hono;",
  http: "import http from 'node:http';",
  spawn: "import { spawn } from 'node:child_process';",
  PassThrough: "import { PassThrough } from 'node:stream';",
  readFileSync: "import { readFileSync } from 'node:fs';",
  writeFileSync: "import { writeFileSync } from 'node:fs';",
  unlink: "import { unlink } from 'node:fs/promises';",
  z: "import { z } from 'zod';",
  Bun: 'declare const Bun: { serve(options: { hostname: string; port: number; fetch: (request: Request) => Promise<Response> }): unknown };',
  Deno: 'declare const Deno: { serve(options: { hostname: string; port: number }, handler: (request: Request) => Promise<Response>): unknown };',
  // helpers the prose names
  board: "declare const board: import('@toolwire/core').ObjectType;",
  boardHtml: 'declare const boardHtml: string;',
  logoBytes: 'declare const logoBytes: Uint8Array;',
  notes: 'declare const notes: Map<number, string>;',
  lookUp: 'declare function lookUp(id: string, format: string | undefined): string;',
  step: 'declare function step(i: number, options: { signal: AbortSignal }): Promise<void>;',
  listFiles: 'declare function listFiles(root: string, options: { signal: AbortSignal }): Promise<string[]>;',
  indexFile: 'declare function indexFile(file: string, options: { signal: AbortSignal }): Promise<void>;',
  requireBearerToken: "declare const requireBearerToken: import('express').RequestHandler;",
  // @toolwire/redis's "store's own API": a store, the caller, and the runner's own bookkeeping
  store: "declare const store: import('@toolwire/redis').RedisTaskStore;",
  auth: 'declare const auth: { issuer: string; subject: string };',
  controllers: 'declare const controllers: Map<string, AbortController>;',
  resume: "declare function resume(taskId: string, answers: import('@toolwire/core/task-store').TaskInputResponses): void;",
  taskId: 'declare const taskId: string;',
  owner: 'declare const owner: string;',
  answers: "declare const answers: import('@toolwire/core/task-store').TaskInputResponses;",
};

/** Per block, what it takes as given differently (another framework's `app`, a function of the example). */
const FOR_BLOCK: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'README.md#Serving from Web-standard runtimes — `@toolwire/fetch`#1': { app: "declare const app: import('hono').Hono;" },
  'README.md#From Fastify — `@toolwire/fastify`#1': { app: "declare const app: import('fastify').FastifyInstance;" },
  'packages/fetch/README.md#Authorization#1': { app: "declare const app: import('hono').Hono;" },
  'examples/apps-server/README.md#examples/apps-server#1': { notesBoardHtml: 'declare function notesBoardHtml(): string;' },
  'packages/redis/README.md#Rate limits and state#1': { auth: "declare const auth: import('@toolwire/core').AuthOptions;" },
};

/** Blocks that are not compiled, each with the reason. */
const FRAGMENTS: Readonly<Record<string, string>> = {};

/**
 * Mistakes the types of a block must catch: the block with `from` replaced by `to` must not
 * compile, with a problem matching `problem` (each compiled in the same program, as its own module).
 */
const MUST_NOT_COMPILE: readonly { block: string; what: string; from: string; to: string; problem: RegExp }[] = [
  {
    block: 'README.md#Running a fleet: rate limits, per-user state, an audit log#1',
    what: 'a string parameter treated as a number',
    from: '[...notes, note]',
    to: '[...notes, note.toFixed(1)]',
    problem: /toFixed/,
  },
  {
    block: 'README.md#Schemas you already use (zod, valibot, arktype)#1',
    what: 'a property the zod input lacks',
    from: '({ name, guests }) => ({ reference: `${name.toUpperCase()}',
    to: '({ nme, guests }) => ({ reference: `${nme.toUpperCase()}',
    problem: /nme/,
  },
  {
    block: 'README.md#Schemas you already use (zod, valibot, arktype)#1',
    what: 'a result the output schema refuses',
    from: '`${name.toUpperCase()}-${guests}`, guests }',
    to: '`${name.toUpperCase()}-${guests}`, guests: String(guests) }',
    problem: /Type 'string' is not assignable to type 'number'/,
  },
  {
    block: 'README.md#Prompts and completion#1',
    what: 'an undeclared prompt argument read',
    from: "({ code, language }) => `Review this ${language ?? 'code'}:\\n\\n${code}`",
    to: "({ cod, language }) => `Review this ${language ?? 'code'}:\\n\\n${cod}`",
    problem: /cod/,
  },
  {
    block: 'README.md#Prompts and completion#2',
    what: 'a property the Standard Schema arguments lack',
    from: '({ topic, tone }) => `Write a ${tone ?? \'neutral\'} brief on ${topic}',
    to: '({ topik, tone }) => `Write a ${tone ?? \'neutral\'} brief on ${topik}',
    problem: /topik/,
  },
];

/** The 1-based lines of `block` marked as not compiling. */
const markedLines = (block: ReadmeBlock): number[] =>
  block.source.split('\n').flatMap((line, i) => (/\/\/ does not compile\b/.test(line) ? [i + 1] : []));

const blocks = readmeFiles().flatMap(blocksOf);
let results: ReturnType<typeof checkBlocks>;
let dir = '';

/** The block `id` with `mistake` made, as a block of its own (`id ~ what`). */
function withMistake(mistake: (typeof MUST_NOT_COMPILE)[number]): ReadmeBlock {
  const block = blocks.find((candidate) => candidate.id === mistake.block);
  return { id: `${mistake.block} ~ ${mistake.what}`, file: block?.file ?? '', source: block?.source.replace(mistake.from, mistake.to) ?? '' };
}

beforeAll(() => {
  dir = mkdtempSync(join(ROOT, 'test', 'docs', '.readme-blocks-')); // inside the repo, so its packages resolve
  const checked = [...blocks.filter((block) => !(block.id in FRAGMENTS)), ...MUST_NOT_COMPILE.map(withMistake)];
  results = checkBlocks(checked, dir, (block) => ({ ...GIVEN, ...FOR_BLOCK[block.id.split(' ~ ')[0]] }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the README code blocks', () => {
  it('are found in the root README and the package READMEs (a block is `ts`-fenced)', () => {
    expect(blocks.filter((block) => block.file === 'README.md').length).toBeGreaterThanOrEqual(15);
    expect(new Set(blocks.map((block) => block.file.split('/')[1])).size).toBeGreaterThanOrEqual(8);
    expect(new Set(blocks.map((block) => block.id)).size).toBe(blocks.length);
  });

  it('lists as fragments and gives per block only blocks that exist', () => {
    const ids = new Set(blocks.map((block) => block.id));
    expect([...Object.keys(FRAGMENTS), ...Object.keys(FOR_BLOCK)].filter((id) => !ids.has(id))).toEqual([]);
  });

  it.each(blocks.filter((block) => !(block.id in FRAGMENTS)).map((block) => [block.id, block] as const))('%s type-checks (strict), its `does not compile` lines excepted', (_id, block) => {
    const { problems } = results.get(block.id)!;
    const marked = markedLines(block);
    expect(problems.filter((problem) => !marked.includes(problem.line)).map((problem) => `line ${problem.line}: ${problem.message}`)).toEqual([]);
    // each marked line fails to compile, as the README says
    expect(marked.filter((line) => !problems.some((problem) => problem.line === line))).toEqual([]);
  });

  it.each(MUST_NOT_COMPILE.map((mistake) => [`${mistake.block} ~ ${mistake.what}`, mistake] as const))('%s does not compile', (id, mistake) => {
    const block = blocks.find((candidate) => candidate.id === mistake.block);
    expect(block?.source).toContain(mistake.from); // the mistake is made in the block as it reads now
    expect(results.get(id)!.problems.map((problem) => problem.message).join('\n')).toMatch(mistake.problem);
  });
});
