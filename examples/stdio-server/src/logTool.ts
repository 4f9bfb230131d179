/**
 * logTool: the stdio example's extra tool, `log`, which prints with console.log — to show that
 * tool output cannot corrupt the protocol stream (serveStdio sends console output to stderr).
 */
import { stringType } from '@toolwire/core';
import type { DemoService } from '@toolwire/example-demo-tools';

/** Adds `log(message)` to the demo service and returns it. */
export function withLogTool(service: DemoService): DemoService {
  service.decl.addTool('log', 'Print a line with console.log (it goes to stderr; stdout carries only the protocol)')
    .addParam('message', stringType(), 'The line to print');
  service.defs.registerProcedure('log', (message: string) => {
    console.log(message); // lands on stderr while serveStdio runs
    return `logged: ${message}`;
  });
  return service;
}
