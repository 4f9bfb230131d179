/**
 * hostServer: what a browser test of an MCP App loads, from the Express app that serves the MCP
 * endpoint at `/mcp`, on 127.0.0.1 and an ephemeral port — the host page at `/` and the
 * packages' built modules at `/node_modules/…` (only the files the import map reaches).
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, sep } from 'node:path';
import type { Express } from 'express';
import { moduleGraph } from './importMap';
import { hostPage } from './hostPage';

/** A listening host server. */
export interface HostServer {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  close(): Promise<void>;
}

/** Adds the host page for the view of `toolName` and the modules to `app` (which serves `/mcp`) and listens. */
export async function startHostServer(app: Express, toolName: string): Promise<HostServer> {
  const graph = moduleGraph(['@modelcontextprotocol/client', '@modelcontextprotocol/ext-apps/app-bridge']);
  const page = hostPage(graph.importMap, toolName);
  app.get('/', (_req, res) => {
    res.type('html').send(page);
  });
  app.get(/^\/node_modules\/(.+)$/, (req, res) => {
    const file = join(graph.root, ...(req.params as Record<string, string>)[0].split('/'));
    if (!file.startsWith(graph.root + sep) || !graph.files.has(file)) {
      res.status(404).end();
      return;
    }
    res.type('text/javascript').sendFile(file);
  });
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
