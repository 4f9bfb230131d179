/** Cold-start program: toolwire's `mcpRouter` on an Express 5 app at `/mcp`, on `PORT`; writes `ready` to stdout once listening. */
import express from 'express';
import { mcpRouter } from '@toolwire/express';
import { coldToolwireService } from './toolwireService';

const { decl, defs } = coldToolwireService();
const app = express();
app.use('/mcp', mcpRouter(decl, defs));
app.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
