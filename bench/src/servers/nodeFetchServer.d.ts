/**
 * The part of `@remix-run/node-fetch-server`'s API the tmcp program uses: its types are
 * published for the `node16`/`bundler` resolutions only, which this CommonJS build does not use.
 */
declare module '@remix-run/node-fetch-server' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  /** Turns a fetch handler (Request → Response) into a `node:http` request listener. */
  export function createRequestListener(handler: (request: Request) => Response | Promise<Response>): (req: IncomingMessage, res: ServerResponse) => void;
}
