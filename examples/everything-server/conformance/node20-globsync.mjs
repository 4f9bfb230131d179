// Lets @modelcontextprotocol/conformance 0.1.16 start on Node 20. Its bundle imports `globSync`
// from "fs" at load time (only its tier-check command uses it), and fs.globSync exists from
// Node 22 on. Loaded with `node --import`, this resolves "fs" for that package alone to a module
// that adds a globSync which throws if ever called. On Node >= 22 it does nothing.
import { register } from 'node:module';
import fs from 'node:fs';

if (typeof fs.globSync !== 'function') {
  const shim = 'data:text/javascript,' + encodeURIComponent(
    "import fs from 'node:fs'; export * from 'node:fs'; export default fs;" +
      "export function globSync() { throw new Error('fs.globSync needs Node 22'); }",
  );
  const hooks = `export async function resolve(specifier, context, next) {
    if ((specifier === 'fs' || specifier === 'node:fs') && context.parentURL?.includes('/@modelcontextprotocol/conformance/')) {
      return { url: ${JSON.stringify(shim)}, shortCircuit: true };
    }
    return next(specifier, context);
  }`;
  register('data:text/javascript,' + encodeURIComponent(hooks));
}
