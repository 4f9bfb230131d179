/**
 * Server program: fastmcp in stateless HTTP-stream mode with JSON responses. fastmcp picks its
 * own listener and does not report the port it got, so the program first asks the OS for a free
 * port (listen on 0, close) and hands that to fastmcp. With `RESOURCES=1` it also serves the
 * static resource (`addResource`).
 */
import { createServer } from 'node:net';
import { FastMCP } from 'fastmcp';
import * as z from 'zod/v4';
import { runServerProgram, listenOnLoopback } from './serverIpc';
import { toolCountFromEnv, toolSpecs, type ToolSpec } from '../fixture/toolSpecs';
import { STATIC_RESOURCE, resourcesFromEnv } from '../fixture/resourceSpec';

type Args = Record<string, unknown>;

function parametersOf(spec: ToolSpec): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const p of spec.params) shape[p.name] = (p.type === 'integer' ? z.number().int() : z.string()).describe(p.description);
  return z.object(shape);
}

function run(name: string, args: Args): string {
  if (name === 'add') return String((args.a as number) + (args.b as number));
  if (name === 'echo') return args.message as string;
  return String(args.x);
}

async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listenOnLoopback(probe);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function start(): Promise<number> {
  const server = new FastMCP({ name: 'fastmcp-bench', version: '1.0.0' });
  for (const spec of toolSpecs(toolCountFromEnv())) {
    server.addTool({ name: spec.name, description: spec.description, parameters: parametersOf(spec), execute: async (args: Args) => run(spec.name, args) });
  }
  if (resourcesFromEnv()) {
    // the resources/read workloads' static text resource, fastmcp's documented way
    server.addResource({ uri: STATIC_RESOURCE.uri, name: STATIC_RESOURCE.name, description: STATIC_RESOURCE.description, mimeType: STATIC_RESOURCE.mimeType, load: async () => ({ text: STATIC_RESOURCE.text }) });
  }
  const port = await freePort();
  await server.start({ transportType: 'httpStream', httpStream: { port, host: '127.0.0.1', endpoint: '/mcp', stateless: true, enableJsonResponse: true } });
  return port;
}

runServerProgram(start);
