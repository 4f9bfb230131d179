/**
 * danglingViews: a tool whose `setUi` names a `ui://` URI that no resource or template of the
 * declaration serves points hosts at a view they cannot read. Such tools are named once on stderr
 * when the dispatcher handles its first message (with the missing procedures, and silenced with
 * them by `missingProcedures: 'ignore'`).
 */
import type { Catalog } from './Catalog';

/** `tool → view URI` for each tool whose view `catalog` does not serve, in declaration order. */
export function danglingViews(catalog: Catalog): string[] {
  return catalog.tools
    .filter((tool) => tool.ui && !catalog.getResource(tool.ui.resourceUri) && !catalog.findTemplate(tool.ui.resourceUri))
    .map((tool) => `"${tool.name}" → ${tool.ui?.resourceUri}`);
}

const warned = new WeakSet<Catalog>();

/** Writes the {@link danglingViews} of `catalog` to stderr, once per catalog. */
export function warnDanglingViews(catalog: Catalog): void {
  if (warned.has(catalog)) return;
  warned.add(catalog);
  const dangling = danglingViews(catalog);
  if (dangling.length) console.error(`toolwire: ${dangling.length === 1 ? 'a tool points' : 'tools point'} at an MCP Apps view that is not declared (hosts cannot read it): ${dangling.join(', ')}; declare it with decl.addAppResource(uri, name, { html })`);
}
