/**
 * The benchmark's tools as a toolwire ToolDeclaration and ServiceDefinition (used by the
 * toolwire server programs and the dispatcher micro-benchmark).
 */
import { ServiceDefinition, ToolDeclaration, integerType, stringType } from '@toolwire/core';
import { toolSpecs } from '../fixture/toolSpecs';

/** A declaration and procedure table with `count` tools (add, echo, fillers). */
export function toolwireService(count: number): { decl: ToolDeclaration; defs: ServiceDefinition } {
  const decl = new ToolDeclaration('toolwire-bench', '1.0.0');
  const defs = new ServiceDefinition();
  for (const spec of toolSpecs(count)) {
    const tool = decl.addTool(spec.name, spec.description);
    for (const p of spec.params) tool.addParam(p.name, p.type === 'integer' ? integerType() : stringType(), p.description);
  }
  defs.registerProcedure('add', (a: number, b: number) => a + b);
  defs.registerProcedure('echo', (message: string) => message);
  for (const spec of toolSpecs(count).slice(2)) defs.registerProcedure(spec.name, (x: number) => x);
  return { decl, defs };
}
