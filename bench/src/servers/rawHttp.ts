/**
 * Server program: raw `node:http` with the hand-written JSON-RPC answerer — the ceiling. No
 * framework, no header checks beyond POST, the body read into a Buffer and parsed once.
 */
import { createServer } from 'node:http';
import { createHandRpc } from './handRpc';
import { listenOnLoopback, runServerProgram } from './serverIpc';
import { toolCountFromEnv } from '../fixture/toolSpecs';

const answer = createHandRpc(toolCountFromEnv());

const server = createServer((req, res) => {
  if (req.method !== 'POST') {
    res.writeHead(405, { allow: 'POST' }).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    let message: unknown;
    try {
      message = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      const body = '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}';
      res.writeHead(400, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
      return;
    }
    const body = answer(message, req.headers);
    if (body === undefined) {
      res.writeHead(202).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  });
});

runServerProgram(() => listenOnLoopback(server));
