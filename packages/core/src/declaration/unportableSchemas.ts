/**
 * unportableSchemas: under the `'portable'` schema dialect, the schemas toolwire did not write
 * that the portable rules (`schema/portable`) reject — the raw ones a declaration's tools publish
 * verbatim (`setInputSchema`, `setOutputSchema`) and what is left to reject in those their
 * Standard Schema library wrote (`setInput`, `setOutput`) — named once on stderr when serving starts.
 */
import { portableSchemaProblems } from '../schema/portable';
import type { ToolDeclaration } from './ToolDeclaration';

/**
 * One line per tool of `decl` whose raw input or output schema the portable rules reject, when
 * `decl` uses the `'portable'` dialect (none otherwise).
 */
export function unportableSchemaMessages(decl: ToolDeclaration): string[] {
  if (decl.schemaDialect !== 'portable') return [];
  const lines: string[] = [];
  for (const tool of decl.tools) {
    const found = [
      ...(tool.rawInputSchema ? portableSchemaProblems(tool.rawInputSchema).map((p) => `inputSchema: ${p}`) : []),
      ...(tool.output && !tool.output.type ? portableSchemaProblems(tool.output.schema).map((p) => `outputSchema: ${p}`) : []),
    ];
    if (!found.length) continue;
    const shown = found.slice(0, 3).join('; ') + (found.length > 3 ? `; and ${found.length - 3} more` : '');
    const origin = tool.standardInput || tool.output?.standard ? 'Standard Schema' : 'raw schema';
    lines.push(`tool ${JSON.stringify(tool.name)}'s ${origin} is not portable (schemaDialect: 'portable'; some hosts and models reject it): ${shown}`);
  }
  return lines;
}

const warned = new WeakSet<ToolDeclaration>();

/** Writes {@link unportableSchemaMessages} of `decl` to stderr, once per declaration. */
export function warnUnportableSchemas(decl: ToolDeclaration): void {
  if (warned.has(decl)) return;
  warned.add(decl);
  for (const line of unportableSchemaMessages(decl)) console.error(`toolwire: ${line}`);
}
