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
