/**
 * The load worker counts only right answers: against a server that answers tools/call add with
 * the wrong sum, every response is bad and none counts as throughput.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LoadClient } from '../src/load/LoadClient';

jest.setTimeout(20_000);

const RIGHT = '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"5"}],"isError":false}}';
const WRONG = RIGHT.replace('"5"', '"6"');

let load: LoadClient;
let server: Server;
let answer = RIGHT;
let url = '';

beforeAll(async () => {
  load = LoadClient.start();
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
});

afterAll(async () => {
  await load.close();
  await new Promise((resolve) => server.close(resolve));
});

it('verifies a right answer and counts right responses under load', async () => {
  answer = RIGHT;
  const verified = await load.verify({ url, workload: 'call-add' });
  expect(verified.problem).toBeUndefined();
  const outcome = await load.load({ url, workload: 'call-add', connections: 4, duration: 0.3, reference: verified.body });
  expect(outcome.ok).toBeGreaterThan(0);
  expect(outcome.bad).toBe(0);
  expect(outcome.p50).toBeGreaterThan(0);
});

it('reports a wrong answer on verify and counts none of the wrong responses as ok', async () => {
  answer = WRONG;
  const verified = await load.verify({ url, workload: 'call-add' });
  expect(verified.problem).toMatch(/expected text "5"/);
  const outcome = await load.load({ url, workload: 'call-add', connections: 4, duration: 0.3, reference: RIGHT });
  expect(outcome.ok).toBe(0);
  expect(outcome.bad).toBeGreaterThan(0);
  expect(outcome.firstBad).toMatch(/expected text "5", got "6"/);
});
