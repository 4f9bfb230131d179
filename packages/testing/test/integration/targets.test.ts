/**
 * Every kind of target the test client talks to, in both eras, with the same calls: a real
 * Express app, a supertest agent, a `node:http` listener, a `node:http` server listening on
 * port 0 (and one that does not listen yet), an endpoint URL, a fetch handler from
 * @toolwire/fetch, a core Dispatcher, a stream pair given to `serveStdio` and a spawned stdio
 * example. And a Fastify-free, Express-free project: the built package drives a fetch handler
 * in a process that never loads Express, supertest or @toolwire/express.
 */
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import express from 'express';
import request from 'supertest';
import { Dispatcher, ServiceDefinition, ToolDeclaration, integerType } from '@toolwire/core';
import { mcpHandler, mcpRouter } from '@toolwire/express';
import { mcpFetchHandler } from '@toolwire/fetch';
import { serveStdio } from '@toolwire/stdio';
import { mcpTestClient } from '../../src';
import type { McpTestClientOptions, McpTestTarget } from '../../src';

const REPO = join(__dirname, '..', '..', '..', '..');

function service(): { decl: ToolDeclaration; defs: ServiceDefinition } {
  const decl = new ToolDeclaration('targets', '1.0.0');
  const add = decl.addTool('add', 'Add two integers').addParam('a', integerType()).addParam('b', integerType());
  return { decl, defs: new ServiceDefinition().registerTool(add, (a, b) => a + b) };
}

/** What `serve` makes of a fresh service. */
function served<T>(serve: (decl: ToolDeclaration, defs: ServiceDefinition) => T): T {
  const { decl, defs } = service();
  return serve(decl, defs);
}

/** A target and what ends it after the test. */
interface Made {
  target: McpTestTarget;
  end?: () => Promise<void> | void;
}

async function listening(): Promise<{ port: number; close(): Promise<void> }> {
  const { decl, defs } = service();
  const server = createServer(mcpHandler(decl, defs));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { port: (server.address() as AddressInfo).port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const targets: [string, () => Made | Promise<Made>][] = [
  ['a real Express app', () => ({ target: express().use('/mcp', served(mcpRouter)) })],
  ['a supertest agent', () => ({ target: request(express().use('/mcp', served(mcpRouter))) })],
  ['a node:http listener (mcpHandler)', () => ({ target: served(mcpHandler) })],
  [
    'a node:http server listening on port 0',
    async () => {
      const { decl, defs } = service();
      const server = createServer(mcpHandler(decl, defs));
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      return { target: server, end: () => new Promise<void>((resolve) => server.close(() => resolve())) };
    },
  ],
  ['a node:http server that does not listen (listened per call)', () => ({ target: createServer(served(mcpHandler)) })],
  [
    'an endpoint URL (Node fetch)',
    async () => {
      const server = await listening();
      return { target: `http://127.0.0.1:${server.port}/mcp`, end: server.close };
    },
  ],
  ['a fetch handler (@toolwire/fetch)', () => ({ target: served(mcpFetchHandler) })],
  ['a Dispatcher', () => ({ target: served((decl, defs) => new Dispatcher(defs, decl)) })],
  [
    'a stream pair (serveStdio)',
    () => {
      const { decl, defs } = service();
      const [stdin, stdout] = [new PassThrough(), new PassThrough()];
      const served = serveStdio(defs, decl, { input: stdin, output: stdout });
      return { target: { stdin, stdout }, end: () => served };
    },
  ],
  [
    'a spawned stdio server (examples/stdio-server)',
    () => {
      const child = spawn(process.execPath, [join(REPO, 'examples', 'stdio-server', 'dist', 'main.js')], { stdio: ['pipe', 'pipe', 'ignore'] });
      const exited = once(child, 'exit');
      return { target: child, end: async () => void (await exited) };
    },
  ],
];

const eras = [
  ['legacy', {}],
  ['modern', { era: 'modern' }],
] as const satisfies readonly (readonly [string, McpTestClientOptions])[];

describe.each(eras)('mcpTestClient targets, %s era', (_era, options) => {
  it.each(targets)('calls a tool and lists the tools of %s', async (_name, make) => {
    const { target, end } = await make();
    const client = mcpTestClient(target, options);
    try {
      expect(await client.callTool('add', { a: 2, b: 3 })).toMatchObject({ text: '5', isError: false, status: 200 });
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['add']));
      await expect(client.callTool('nope')).rejects.toMatchObject({ name: 'McpTestClientError', code: -32602 });
    } finally {
      client.close(); // ends a stdio server's input; nothing for the others
      await end?.();
    }
  });
});

describe('mcpTestClient target kinds', () => {
  it('leaves a server that did not listen as it found it, and one that listens listening', async () => {
    const idle = createServer(served(mcpHandler));
    expect((await mcpTestClient(idle).callTool('add', { a: 1, b: 1 })).text).toBe('2');
    expect(idle.listening).toBe(false);
    const server = createServer(served(mcpHandler));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      expect((await mcpTestClient(server).callTool('add', { a: 1, b: 2 })).text).toBe('3');
      expect(server.listening).toBe(true);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('takes a function of one parameter as a fetch handler and one of two or more as a node:http listener', async () => {
    const { decl, defs } = service();
    const handler = mcpFetchHandler(decl, defs);
    const seen: string[] = [];
    const fetchHandler = (req: Request) => (seen.push(`fetch ${new URL(req.url).pathname}`), handler(req));
    const listener = mcpHandler(decl, defs);
    const nodeListener: typeof listener = (req, res) => (seen.push(`node ${req.url}`), listener(req, res));
    await mcpTestClient(fetchHandler, { path: '/tools' }).callTool('add', { a: 1, b: 1 });
    await mcpTestClient(nodeListener, { path: '/tools' }).callTool('add', { a: 1, b: 1 });
    expect(seen).toEqual(['fetch /tools', 'node /tools']);
  });

  it('names every kind it takes when a target is none of them', () => {
    expect(() => mcpTestClient({} as never)).toThrow(
      /expected an Express app \(or node:http listener or server\), a supertest agent, a fetch handler \(or an object with fetch\(request\)\), an endpoint URL, a Dispatcher or a stdio server \(\{ stdin, stdout \}\), got/,
    );
  });

  it('takes an endpoint URL only when it is an absolute http: or https: URL', () => {
    for (const bad of ['/mcp', 'localhost:3000/mcp', 'ftp://127.0.0.1/mcp']) {
      expect(() => mcpTestClient(bad)).toThrow(/mcpTestClient: expected an endpoint URL to be an absolute http: or https: URL \(e\.g\. 'http:\/\/127\.0\.0\.1:3000\/mcp'\), got/);
    }
    expect(() => mcpTestClient(new URL('https://mcp.example.com/mcp'))).not.toThrow();
  });

  it('tests a fetch handler in a process that loads neither Express, supertest nor @toolwire/express', async () => {
    // the built package, as a fetch or Hono project installs it: @toolwire/testing next to @toolwire/fetch
    const script = `
      const { mcpTestClient } = require('@toolwire/testing');
      const { mcpFetchHandler } = require('@toolwire/fetch');
      const { ServiceDefinition, ToolDeclaration, integerType } = require('@toolwire/core');
      const decl = new ToolDeclaration('no-express', '1.0.0');
      const add = decl.addTool('add', 'Add').addParam('a', integerType()).addParam('b', integerType());
      const defs = new ServiceDefinition().registerTool(add, (a, b) => a + b);
      mcpTestClient(mcpFetchHandler(decl, defs), { era: 'modern' }).callTool('add', { a: 20, b: 22 }).then(({ text }) => {
        const loaded = Object.keys(require.cache).filter((file) => /[\\\\/](node_modules[\\\\/](express|supertest)|packages[\\\\/]express)[\\\\/]/.test(file));
        console.log(JSON.stringify({ text, loaded }));
      });`;
    const output = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ['-e', script], { cwd: REPO, encoding: 'utf8' }, (error, stdout) => (error ? reject(error) : resolve(stdout))),
    );
    expect(JSON.parse(output)).toEqual({ text: '42', loaded: [] });
  });
});
