/** The part of autocannon's API the load worker uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Options {
      url: string;
      method?: 'POST' | 'GET';
      body?: string;
      headers?: Record<string, string>;
      connections?: number;
      duration?: number;
      timeout?: number;
      /** How often (ms) autocannon samples — and checks whether the duration is over (default 1000). */
      sampleInt?: number;
      /** Called with each response body; a falsy return counts the response as a mismatch. */
      verifyBody?: (body: string) => boolean;
      /** Requests each client cycles through in order (instead of `body`/`headers`). */
      requests?: Request[];
      /** Called with each client once it is made. */
      setupClient?: (client: Client) => void;
    }
    interface Request {
      method?: 'POST' | 'GET';
      body?: string;
      headers?: Record<string, string>;
      /** Rebuilds the request from the client's context before each send (then the request is built anew each time). */
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
      /** Called with the status and body of this request's response. */
      onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
    }
    /** The part of a client the load worker touches: its request iterator's per-client context. */
    interface Client {
      requestIterator: { initialContext: Record<string, unknown>; resetContext(): void; rebuildRequest(): unknown };
    }
    interface Result {
      errors: number;
      timeouts: number;
      non2xx: number;
      mismatches: number;
    }
    interface Instance extends EventEmitter {
      stop(): void;
    }
  }

  function autocannon(options: autocannon.Options, done: (error: Error | null, result: autocannon.Result) => void): autocannon.Instance;
  export = autocannon;
}
