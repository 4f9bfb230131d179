/** Cold-start program, Express's floor: Express 5 with `express.json()` and the hand-written answerer of the ceilings (`handRpc.ts`), no MCP library, on `PORT`; writes `ready` to stdout once listening. */
import express from 'express';
import { createHandRpc } from '../servers/handRpc';

const answer = createHandRpc(3);
const app = express();
app.post('/mcp', express.json(), (req, res) => {
  const reply = answer(req.body);
  if (reply === undefined) res.status(202).end();
  else res.type('application/json').send(reply);
});
app.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
