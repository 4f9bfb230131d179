/**
 * Nothing about the server leaks to clients or logs: no reply body or header carries a stack
 * trace, an absolute path or `node_modules`, whatever went wrong; and by default no request data
 * (arguments) is written to the console — the default error line holds the error, never them.
 */
import express from 'express';
import supertest from 'supertest';
import { ServiceDefinition, ToolDeclaration, stringType } from '@toolwire/core';
import { mcpErrorHandler, mcpRouter } from '../../src';

const SECRET = 'SECRET-ARGUMENT-VALUE';

function app(withParser: boolean): express.Express {
  const decl = new ToolDeclaration('leaks', '1');
  const defs = new ServiceDefinition();
  const tools: Record<string, (s: string) => unknown> = {
    crash: () => {
      throw new Error(`failed reading ${__filename}`);
    },
    rejectsObject: () => Promise.reject({ path: __dirname, stack: new Error('x').stack }),
    cycle: () => {
      const o: Record<string, unknown> = {};
      o.o = o;
      return o;
    },
    ok: (s) => s.length,
  };
  for (const [name, fn] of Object.entries(tools)) {
    decl.addTool(name, name).addParam('s', stringType(), 's');
    defs.registerProcedure(name, fn);
  }
  const a = express();
  if (withParser) a.use(express.json({ limit: '1kb' }));
  a.use('/mcp', mcpRouter(decl, defs, { maxBodyBytes: 2048, maxDepth: 8, maxBatch: 2 }), mcpErrorHandler());
  return a;
}

const toolCall = (name: string): string => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: { s: SECRET } } });

/** Requests that fail in every way the endpoint knows. */
const BAD: [name: string, send: (agent: supertest.Agent) => supertest.Test][] = [
  ['a crashing tool', (t) => t.post('/mcp').set('Content-Type', 'application/json').send(toolCall('crash'))],
  ['a tool rejecting with an object holding a path and a stack', (t) => t.post('/mcp').set('Content-Type', 'application/json').send(toolCall('rejectsObject'))],
  ['a cyclic result', (t) => t.post('/mcp').set('Content-Type', 'application/json').send(toolCall('cycle'))],
  ['invalid JSON', (t) => t.post('/mcp').set('Content-Type', 'application/json').send(`{"s":"${SECRET}",`)],
  ['a body over the limit', (t) => t.post('/mcp').set('Content-Type', 'application/json').send(JSON.stringify({ s: SECRET.repeat(200) }))],
  ['a foreign Content-Type', (t) => t.post('/mcp').set('Content-Type', 'text/html').send(SECRET)],
  ['GET', (t) => t.get('/mcp')],
  ['a foreign Origin', (t) => t.post('/mcp').set('Origin', 'https://evil.example').send(toolCall('ok'))],
  ['a foreign Host', (t) => t.post('/mcp').set('Host', 'evil.example').send(toolCall('ok'))],
  ['a message too deep', (t) => t.post('/mcp').set('Content-Type', 'application/json').send(`{"a":${'['.repeat(20)}${']'.repeat(20)}}`)],
  ['a batch too long', (t) => t.post('/mcp').set('Content-Type', 'application/json').send('[{},{},{}]')],
  ['an unknown tool', (t) => t.post('/mcp').set('Content-Type', 'application/json').send(toolCall('nope'))],
  ['an unsupported protocol version', (t) => t.post('/mcp').set('MCP-Protocol-Version', '../../etc/passwd').send(toolCall('ok'))],
];

const LEAKS = [/\n\s+at\s/, /node_modules/, /file:\/\//, /\.[jt]s:\d+/, new RegExp(escape(process.cwd())), new RegExp(escape(__dirname)), /\/(home|usr|tmp|work|var|Users)\//];

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe.each([false, true])('no leaks (express.json() in front: %p)', (withParser) => {
  let consoleOutput: string[];
  let spies: jest.SpyInstance[];
  beforeEach(() => {
    consoleOutput = [];
    spies = (['error', 'log', 'info', 'warn', 'debug'] as const).map((m) => jest.spyOn(console, m).mockImplementation((...args: unknown[]) => void consoleOutput.push(args.map(String).join(' '))));
  });
  afterEach(() => spies.forEach((s) => s.mockRestore()));

  it.each(BAD)('%s: no stack, path or node_modules in the body or the headers', async (_name, send) => {
    const res = await send(supertest.agent(app(withParser)));
    expect(res.status).toBeGreaterThanOrEqual(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const exposed = [res.text, ...Object.entries(res.headers).map(([k, v]) => `${k}: ${String(v)}`)].join('\n');
    for (const leak of LEAKS) expect(exposed).not.toMatch(leak);
    expect(() => JSON.parse(res.text)).not.toThrow();
  });

  it('the default error line names the error and the request, never the arguments; nothing else is logged but the refused Origin and Host', async () => {
    for (const [, send] of BAD) await send(supertest.agent(app(withParser)));
    const refusals = consoleOutput.filter((line) => line.startsWith('toolwire: refused a request (403)'));
    expect(refusals).toEqual([
      'toolwire: refused a request (403) with Origin "https://evil.example": add it to the allowedOrigins option to admit it',
      'toolwire: refused a request (403) with Host "evil.example": add it to the allowedHosts option to admit it',
    ]);
    const errors = consoleOutput.filter((line) => !refusals.includes(line));
    expect(errors).toHaveLength(3); // the crash, the rejection and the cycle: one line each
    for (const line of errors) {
      expect(line).toMatch(/^toolwire: unexpected error \(tools\/call, tool "\w+", request 1\): /);
      expect(line).not.toContain(SECRET);
    }
  });
});
