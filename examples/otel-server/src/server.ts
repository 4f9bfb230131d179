/**
 * server: an MCP server (`add`, `fail`) on node:http with the `telemetry` option, its spans
 * exported as OTLP over HTTP (JSON) to `otlpUrl` — the OpenTelemetry setup a real deployment
 * does once at startup (a context manager, the W3C propagators, a tracer provider with a batch
 * processor and the OTLP exporter), kept explicit so it can be read in one screen.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as api from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ServiceDefinition, ToolDeclaration, integerType, toolError } from '@toolwire/core';
import { mcpHandler } from '@toolwire/express';

/** A running server. */
export interface OtelServer {
  /** The MCP endpoint, `http://127.0.0.1:PORT/mcp`. */
  readonly url: string;
  /** Sends the spans still batched to the collector. */
  flush(): Promise<void>;
  /** Stops the server and the tracer provider (after a last flush). */
  close(): Promise<void>;
}

/**
 * Starts the server on `127.0.0.1:port` (0: any free port).
 * @param otlpUrl - the collector's traces endpoint, e.g. `http://127.0.0.1:4318/v1/traces`.
 */
export async function startOtelServer(otlpUrl: string, port = 0): Promise<OtelServer> {
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }));
  const provider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: otlpUrl }))] });

  const decl = new ToolDeclaration('otel-server', '1.0.0');
  decl.addTool('add', 'Add two integers').addParam('a', integerType()).addParam('b', integerType());
  decl.addTool('fail', 'Always a tool error');
  const defs = new ServiceDefinition().registerProcedure('add', (a: number, b: number) => a + b).registerProcedure('fail', () => toolError('it failed'));

  const handle = mcpHandler(decl, defs, { telemetry: { api, tracer: provider.getTracer('otel-server', '1.0.0') } });
  const server = createServer((req, res) => {
    if (req.url === '/mcp') return handle(req, res);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    flush: () => provider.forceFlush(),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await provider.shutdown();
      api.context.disable();
      api.propagation.disable();
    },
  };
}
