/** Cold-start program: the official SDK v2 on Express — `createMcpExpressApp()` of `@modelcontextprotocol/express` and `createMcpHandler(factory)` through `toNodeHandler` with Express's parsed body — on `PORT`; writes `ready` to stdout once listening. */
import { createMcpExpressApp } from '@modelcontextprotocol/express';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { sdk2Server } from './sdk2Server';
import { zodTools } from './zodTools';

const tools = zodTools();
const handler = toNodeHandler(createMcpHandler(() => sdk2Server(tools)));
const app = createMcpExpressApp();
app.post('/mcp', (req, res) => void handler(req, res, req.body));
app.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
