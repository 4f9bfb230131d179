/**
 * Server program: a hand-written Express 5 handler — `express.json()` then the hand-written
 * JSON-RPC answerer, sent with `res.send()` (Express defaults kept, ETag included). The
 * framework's ceiling: what toolwire's router is compared with.
 */
import express from 'express';
import { createServer } from 'node:http';
import { createHandRpc } from './handRpc';
import { listenOnLoopback, runServerProgram } from './serverIpc';
import { toolCountFromEnv } from '../fixture/toolSpecs';

const answer = createHandRpc(toolCountFromEnv());

const app = express();
app.post('/mcp', express.json({ limit: '4mb' }), (req, res) => {
  const body = answer(req.body, req.headers);
  if (body === undefined) res.status(202).end();
  else res.type('application/json').send(body);
});

runServerProgram(() => listenOnLoopback(createServer(app)));
