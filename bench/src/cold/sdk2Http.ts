/** Cold-start program: the official SDK v2's `createMcpHandler(factory)` through `toNodeHandler` on `node:http`, on `PORT`; writes `ready` to stdout once listening. */
import { createServer } from 'node:http';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { sdk2Server } from './sdk2Server';
import { zodTools } from './zodTools';

const tools = zodTools();
const handler = toNodeHandler(createMcpHandler(() => sdk2Server(tools)));
createServer((req, res) => void handler(req, res)).listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
