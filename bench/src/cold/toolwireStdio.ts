/** Cold-start program: toolwire's `serveStdio` over stdin/stdout with the three tools. */
import { serveStdio } from '@toolwire/stdio';
import { coldToolwireService } from './toolwireService';

const { decl, defs } = coldToolwireService();
void serveStdio(defs, decl);
