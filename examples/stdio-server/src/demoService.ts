/**
 * demoService: the example's tools — the same declaration and procedures as the HTTP example
 * (`add`, `echo`, an `image` tool returning a real PNG) plus `log`, which prints with
 * console.log to show that tool output cannot corrupt the stdio stream (serveStdio sends it to
 * stderr).
 */
import { RemotingFault, ServiceDefinition, ToolDeclaration, imageContent, integerType, stringType } from '@toolwire/core';
import { encodePng } from './png';

/** The declaration (what clients see) and the procedures (what runs). */
export interface DemoService {
  readonly decl: ToolDeclaration;
  readonly defs: ServiceDefinition;
}

/** A `size` × `size` colour gradient. */
export function gradientPng(size: number): Buffer {
  const step = 255 / Math.max(1, size - 1);
  return encodePng(size, size, (x, y) => [Math.round(x * step), Math.round(y * step), 128]);
}

/** Builds the demo declaration and procedures: `add`, `echo`, `image`, `log`. */
export function createDemoService(): DemoService {
  const decl = new ToolDeclaration('toolwire-demo', '1.0.0');
  decl.addTool('add', 'Add two integers')
    .addParam('a', integerType(), 'First operand')
    .addParam('b', integerType(), 'Second operand');
  decl.addTool('echo', 'Echo a string').addParam('message', stringType(), 'The message to echo');
  decl.addTool('image', 'Return a small PNG image (a colour gradient)')
    .addParam('size', integerType(), 'Edge length in pixels, 1 to 256 (default 16)')
    .setOptional('size')
    .setContent(imageContent());
  decl.addTool('log', 'Print a line with console.log (it goes to stderr; stdout carries only the protocol)')
    .addParam('message', stringType(), 'The line to print');

  const defs = new ServiceDefinition()
    .registerProcedure('add', (a: number, b: number) => a + b)
    .registerProcedure('echo', async (message: string) => message)
    .registerProcedure('image', (size: number | undefined) => {
      const edge = size ?? 16;
      if (edge < 1 || edge > 256) throw new RemotingFault(`size must be between 1 and 256, got ${edge}`);
      return gradientPng(edge);
    })
    .registerProcedure('log', (message: string) => {
      console.log(message); // lands on stderr while serveStdio runs
      return `logged: ${message}`;
    });
  return { decl, defs };
}
