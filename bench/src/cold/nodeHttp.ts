/** Cold-start program, the floor: `node:http` with the hand-written answerer of the ceilings (`handRpc.ts`), no library, on `PORT`; writes `ready` to stdout once listening. */
import { createServer } from 'node:http';
import { createHandRpc } from '../servers/handRpc';

const answer = createHandRpc(3);
createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    const reply = answer(JSON.parse(body));
    res.writeHead(reply === undefined ? 202 : 200, { 'content-type': 'application/json' }).end(reply);
  });
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
