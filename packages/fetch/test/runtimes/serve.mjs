/**
 * The e2e server: a small toolwire service behind `mcpFetchHandler`, served on 127.0.0.1 with a
 * free port by whichever runtime runs this file — Bun (`Bun.serve`), Deno (`Deno.serve`) or Node
 * (a minimal node:http bridge, since Node has no Fetch-API server of its own). Prints
 * `PORT <n> <runtime> <version>` on stdout once listening; imports the built packages (dist).
 */
/* global Request */
import { ServiceDefinition, ToolDeclaration, integerType, stringType } from '@toolwire/core';
import { mcpFetchHandler } from '@toolwire/fetch';

const decl = new ToolDeclaration('toolwire-fetch-e2e', '1.0.0');
decl.addTool('add', 'Add two integers').addParam('a', integerType(), 'First operand').addParam('b', integerType(), 'Second operand');
decl.addTool('runtime', 'Name the runtime serving this call');
decl.addTool('echo', 'Echo a string').addParam('message', stringType(), 'The message to echo');
decl.addTool('confirm', 'Ask the user to confirm (a 2026-07-28 round trip: the runtime\'s Web Crypto seals the requestState)');

const CONFIRM = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] };

const defs = new ServiceDefinition()
  .registerProcedure('add', (a, b) => a + b)
  .registerProcedure('runtime', () => runtime())
  .registerProcedure('echo', async (message) => message)
  .registerProcedure('confirm', async (ctx) => ((await ctx.elicit({ message: 'Sure?', requestedSchema: CONFIRM })).content?.ok === true ? 'confirmed' : 'not confirmed'));

const handle = mcpFetchHandler(decl, defs, { maxBodyBytes: 64 * 1024 });

function runtime() {
  if (typeof globalThis.Bun !== 'undefined') return `bun ${globalThis.Bun.version}`;
  if (typeof globalThis.Deno !== 'undefined') return `deno ${globalThis.Deno.version.deno}`;
  return `node ${process.versions.node}`;
}

const ready = (port) => console.log(`PORT ${port} ${runtime()}`);

if (typeof globalThis.Bun !== 'undefined') {
  const server = globalThis.Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: handle });
  ready(server.port);
} else if (typeof globalThis.Deno !== 'undefined') {
  globalThis.Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: ({ port }) => ready(port) }, handle);
} else {
  const { createServer } = await import('node:http');
  const { Readable } = await import('node:stream');
  const server = createServer(async (req, res) => {
    const controller = new AbortController();
    res.once('close', () => res.writableFinished || controller.abort());
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const request = new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url}`, {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([name, value]) => (Array.isArray(value) ? value.map((v) => [name, v]) : value === undefined ? [] : [[name, value]])),
      body: hasBody ? Readable.toWeb(req) : undefined,
      duplex: 'half',
      signal: controller.signal,
    });
    const response = await handle(request);
    res.writeHead(response.status, [...response.headers].flat());
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  server.listen(0, '127.0.0.1', () => ready(server.address().port));
}
