/** Cold-start program: fastmcp in stateless HTTP-stream mode with JSON responses on `PORT`; writes `ready` to stdout once started. */
import { fastmcpServer } from './fastmcpServer';

void fastmcpServer()
  .start({ transportType: 'httpStream', httpStream: { port: Number(process.env.PORT), host: '127.0.0.1', endpoint: '/mcp', stateless: true, enableJsonResponse: true } })
  .then(() => process.stdout.write('ready\n'));
