/** Bundle-size entry: the three tools on tmcp's `HttpTransport`, a Workers-style module (`export default { fetch }`). */
import { HttpTransport } from '@tmcp/transport-http';
import { tmcpServer } from '../cold/tmcpServer';

const transport = new HttpTransport(tmcpServer(), { path: '/mcp' });
export default { fetch: async (request: Request): Promise<Response> => (await transport.respond(request)) ?? new Response(null, { status: 404 }) };
