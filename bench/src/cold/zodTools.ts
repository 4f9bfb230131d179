/**
 * The cold-start programs' three tools for the peers that take zod schemas (SDK v1 and v2, tmcp,
 * fastmcp): each tool's `z.object` and what it answers — the same tools as toolwire's programs.
 */
import * as z from 'zod/v4';
import { toolSpecs, type ToolSpec } from '../fixture/toolSpecs';

/** One tool: its spec, its zod object, and its answer text for parsed arguments. */
export interface ZodTool {
  readonly spec: ToolSpec;
  readonly schema: z.ZodObject;
  readonly run: (args: Record<string, unknown>) => string;
}

/** add, echo and one filler, their schemas built once. */
export function zodTools(): ZodTool[] {
  return toolSpecs(3).map((spec) => {
    const shape: Record<string, z.ZodType> = {};
    for (const p of spec.params) shape[p.name] = (p.type === 'integer' ? z.number().int() : z.string()).describe(p.description);
    const run = spec.name === 'add' ? (a: Record<string, unknown>) => String((a.a as number) + (a.b as number)) : spec.name === 'echo' ? (a: Record<string, unknown>) => a.message as string : (a: Record<string, unknown>) => String(a.x);
    return { spec, schema: z.object(shape), run };
  });
}
