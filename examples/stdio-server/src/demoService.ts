/**
 * demoService: the example's tools — the seed's demo server (add, echo, an image tool) plus
 * `log`, which prints with console.log to show that tool output cannot corrupt the stdio
 * stream (serveStdio sends it to stderr).
 */
import { ServiceDefinition, ToolDeclaration, imageContent, integerType, stringType } from '@toolwire/core';
import { encodePng } from './png';

/** The image the `image` tool returns: a 16×16 colour gradient, encoded once. */
export const DEMO_PNG = encodePng(16, 16, (x, y) => [x * 16, y * 16, 128]);

/** The procedures and the matching declaration the example serves. */
export function createDemoService(): { defs: ServiceDefinition; decl: ToolDeclaration } {
  const defs = new ServiceDefinition();
  defs.registerProcedure('add', (a: number, b: number) => a + b);
  defs.registerProcedure('echo', async (message: string) => message);
  defs.registerProcedure('image', () => DEMO_PNG);
  defs.registerProcedure('log', (message: string) => {
    console.log(message); // goes to stderr while serveStdio runs
    return `logged: ${message}`;
  });

  const decl = new ToolDeclaration('toolwire-demo', '1.0.0');
  decl.addTool('add', 'Add two integers')
    .addParam('a', integerType(), 'First operand')
    .addParam('b', integerType(), 'Second operand');
  decl.addTool('echo', 'Echo a string').addParam('message', stringType(), 'The message to echo');
  decl.addTool('image', 'Return a small PNG image (a 16x16 colour gradient)').setContent(imageContent());
  decl.addTool('log', 'Print a line with console.log (it goes to stderr; stdout carries only the protocol)')
    .addParam('message', stringType(), 'The line to print');
  return { defs, decl };
}
