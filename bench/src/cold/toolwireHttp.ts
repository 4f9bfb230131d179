/** Cold-start program: toolwire's `mcpHandler` as a `node:http` listener on `PORT`; writes `ready` to stdout once listening. */
import { createServer } from 'node:http';
import { mcpHandler } from '@toolwire/express';
import { coldToolwireService } from './toolwireService';

const { decl, defs } = coldToolwireService();
createServer(mcpHandler(decl, defs)).listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
