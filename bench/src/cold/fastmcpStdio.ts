/** Cold-start program: fastmcp over stdio (`start({ transportType: 'stdio' })`). */
import { fastmcpServer } from './fastmcpServer';

void fastmcpServer().start({ transportType: 'stdio' });
