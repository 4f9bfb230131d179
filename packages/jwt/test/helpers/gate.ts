/**
 * gate: a real HTTP server on 127.0.0.1 (port 0) that a test puts in front of the authorization
 * server to make it fail on demand and to count what the verifier asks: in mode `up` it relays
 * each GET to the authorization server; otherwise it answers the way an ailing server does —
 * 500 to everything, metadata that is not JSON, a JWKS that answers 500, is not JSON, is not
 * a key set, or is larger than the verifier reads (with a Content-Length, or chunked). Every
 * request's path is recorded in `requests`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the gate answers. */
export type GateMode = 'up' | 'status500' | 'metadataNotJson' | 'jwks500' | 'jwksNotJson' | 'jwksNotKeySet' | 'jwksTooLarge' | 'jwksTooLargeChunked';

export interface Gate {
  /** `http://127.0.0.1:<port>`: the issuer the verifier is given. */
  readonly url: string;
  mode: GateMode;
  /** The path of every request received, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

/** Starts a gate relaying to `upstream` (the authorization server's URL). */
export async function startGate(upstream: string): Promise<Gate> {
  const requests: string[] = [];
  const gate = { url: '', mode: 'up' as GateMode, requests, close: async () => {} };
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    const send = (status: number, body: string): void => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
    };
    const jwks = path === '/jwks';
    if (gate.mode === 'status500' || (jwks && gate.mode === 'jwks500')) return send(500, '{"error":"server_error"}');
    if (!jwks && gate.mode === 'metadataNotJson') return send(200, '<html>maintenance</html>');
    if (jwks && gate.mode === 'jwksNotJson') return send(200, '{"keys": [');
    if (jwks && gate.mode === 'jwksNotKeySet') return send(200, '{"keys": "none"}');
    if (jwks && gate.mode === 'jwksTooLarge') return send(200, `{"keys": [], "pad": "${'x'.repeat(1024 * 1024)}"}`);
    if (jwks && gate.mode === 'jwksTooLargeChunked') {
      res.writeHead(200, { 'Content-Type': 'application/json' }); // no Content-Length: chunked
      for (let i = 0; i < 20; i++) res.write('x'.repeat(64 * 1024));
      return res.end();
    }
    fetch(`${upstream}${path}`).then(
      async (answer) => send(answer.status, await answer.text()),
      () => send(502, '{"error":"bad_gateway"}'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gate.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  gate.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return gate;
}

/** A loopback URL where nothing listens: a port the system gave and took back. */
export async function unusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** Waits `ms` milliseconds: only for a backoff window to pass (time is what is awaited). */
export function elapse(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
