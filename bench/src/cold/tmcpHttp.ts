/** Cold-start program: tmcp's `HttpTransport` inside `createRequestListener` of `@remix-run/node-fetch-server` on `node:http`, on `PORT`; writes `ready` to stdout once listening. */
import { createServer } from 'node:http';
import { HttpTransport } from '@tmcp/transport-http';
import { createRequestListener } from '@remix-run/node-fetch-server';
import { tmcpServer } from './tmcpServer';

const transport = new HttpTransport(tmcpServer(), { path: '/mcp' });
const listener = createRequestListener(async (request) => (await transport.respond(request)) ?? new Response(null, { status: 404 }));
createServer(listener).listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
