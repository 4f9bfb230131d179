/**
 * demoService: the seed's demo service — `add` and `echo` with declared schemas, plus an `image`
 * tool that returns a real PNG — as a ToolDeclaration and the ServiceDefinition implementing it.
 */
import { ServiceDefinition, ToolDeclaration, RemotingFault, imageContent, integerType, stringType } from '@toolwire/core';
import { gradientPng } from './png';

/** The declaration (what clients see) and the procedures (what runs). */
export interface DemoService {
  readonly decl: ToolDeclaration;
  readonly defs: ServiceDefinition;
}

/** Builds the demo declaration and procedures: `add`, `echo`, `image`. */
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

  const defs = new ServiceDefinition()
    .registerProcedure('add', (a: number, b: number) => a + b)
    .registerProcedure('echo', async (message: string) => message)
    .registerProcedure('image', (size: number | undefined) => {
      const edge = size ?? 16;
      if (edge < 1 || edge > 256) throw new RemotingFault(`size must be between 1 and 256, got ${edge}`);
      return gradientPng(edge);
    });
  return { decl, defs };
}
