/**
 * The 413 for a body over maxBodyBytes reaches a client that is still sending: the endpoint
 * answers at once, drains the rest of the body (bounded) and only then closes, so a raw client
 * that writes its whole 20 MiB body before reading gets the answer instead of EPIPE/ECONNRESET.
 */
import { createServer, Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { mcpRouter } from '../../src';
import { testService } from '../helpers/testService';

const MiB = 1024 * 1024;

/** What a raw client saw: everything it read, and the socket error, if any. */
interface Exchange {
  response: string;
  error?: NodeJS.ErrnoException;
  wroteAll: boolean;
}

let server: Server;
let port: number;

beforeAll(async () => {
  const { decl, defs } = testService();
  const app = express();
  app.use('/mcp', mcpRouter(decl, defs));
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Writes the request head and `body` in full, then reads until the server closes. */
function exchange(head: string, body: Buffer | Buffer[]): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const result: Exchange = { response: '', wroteAll: false };
    const chunks: Buffer[] = [];
    socket.on('error', (error: NodeJS.ErrnoException) => (result.error ??= error));
    socket.on('close', () => {
      result.response = Buffer.concat(chunks).toString('utf8');
      resolve(result);
    });
    socket.pause(); // read nothing until the whole body is written
    socket.write(head);
    const parts = Array.isArray(body) ? body : [body];
    parts.forEach((part, i) =>
      socket.write(part, (error) => {
        if (error || i < parts.length - 1) return;
        result.wroteAll = true;
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.resume();
      }),
    );
  });
}

const head = (length?: number): string =>
  `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
  (length === undefined ? 'Transfer-Encoding: chunked\r\n' : `Content-Length: ${length}\r\n`) +
  '\r\n';

function expect413(result: Exchange): void {
  expect(result.error?.code).toBeUndefined();
  expect(result.wroteAll).toBe(true);
  expect(result.response).toMatch(/^HTTP\/1\.1 413 /);
  expect(result.response).toMatch(/\r\nconnection: close\r\n/i);
  const body = result.response.slice(result.response.indexOf('\r\n\r\n') + 4);
  expect(JSON.parse(body)).toEqual({
    jsonrpc: '2.0',
    id: null,
    error: { code: -32600, message: `Payload Too Large: the request body exceeds ${4 * MiB} bytes` },
  });
}

describe('lingering close after 413', () => {
  it('a raw client that writes a 20 MiB body with Content-Length, then reads, gets the 413 (three runs)', async () => {
    for (let run = 0; run < 3; run++) expect413(await exchange(head(20 * MiB), Buffer.alloc(20 * MiB, 0x20)));
  });

  it('a chunked 20 MiB body (no Content-Length) that crosses the limit while arriving gets the 413', async () => {
    const chunk = Buffer.alloc(MiB, 0x20);
    const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
    expect413(await exchange(head(), [...Array.from({ length: 20 }, () => frame), Buffer.from('0\r\n\r\n')]));
  });

  it('drains a bounded amount: a client that would send 1 GiB is cut off after about 64 MiB, having been answered', async () => {
    const socket = connect(port, '127.0.0.1');
    let response = '';
    let sent = 0;
    socket.on('data', (chunk: Buffer) => (response += chunk.toString('utf8')));
    socket.on('error', () => undefined); // the reset that ends an over-long drain
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(head(1024 * MiB));
    const chunk = Buffer.alloc(MiB, 0x20);
    const pump = (): void => {
      while (!socket.destroyed && sent < 1024 * MiB) {
        sent += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
    };
    pump();
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 413 /);
    expect(sent).toBeGreaterThan(32 * MiB); // it lingered, reading
    expect(sent).toBeLessThan(200 * MiB); // and stopped
  });
});
