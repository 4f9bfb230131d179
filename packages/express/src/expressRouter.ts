/**
 * expressRouter: a new Express `Router`, with Express loaded when the first one is made. The
 * package's entry holds both `mcpHandler` (plain `node:http`) and the Express routers; loading
 * Express at import time cost a `node:http` server ~150 more modules at start-up (and Express, a
 * peer dependency, had to be installed for a server that never uses it).
 */
import type { Router } from 'express';

let makeRouter: (typeof import('express'))['Router'] | undefined;

/** A new Express Router (Express is required on the first call). */
export function expressRouter(): Router {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see the module comment
  makeRouter ??= (require('express') as typeof import('express')).Router;
  return makeRouter();
}
