/** The cold-start programs' three tools (add, echo, one filler) as a toolwire declaration and procedure table, built the documented way. */
import { ServiceDefinition, ToolDeclaration, integerType, stringType } from '@toolwire/core';
import { toolSpecs } from '../fixture/toolSpecs';

/** The three tools on a fresh declaration and procedure table. */
export function coldToolwireService(): { decl: ToolDeclaration; defs: ServiceDefinition } {
  const decl = new ToolDeclaration('cold-start', '1.0.0');
  const defs = new ServiceDefinition();
  const specs = toolSpecs(3);
  for (const spec of specs) {
    const tool = decl.addTool(spec.name, spec.description);
    for (const p of spec.params) tool.addParam(p.name, p.type === 'integer' ? integerType() : stringType(), p.description);
  }
  defs.registerProcedure('add', (a: number, b: number) => a + b);
  defs.registerProcedure('echo', (message: string) => message);
  defs.registerProcedure(specs[2].name, (x: number) => x);
  return { decl, defs };
}
