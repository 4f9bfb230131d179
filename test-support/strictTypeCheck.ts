/**
 * strictTypeCheck: what the README tests ask of a code block — that it compiles as strict
 * TypeScript, an ES module (blocks await at the top level) resolved the way a bundler or a
 * current Node project resolves the built packages — and the diagnostics when it does not.
 */
import ts from 'typescript';

/** The diagnostics of `files` type-checked strictly as ES modules with the given `@types` packages, each prefixed by its file's name. */
export function strictTypeCheck(files: readonly string[], types: readonly string[] = ['node']): string[] {
  const program = ts.createProgram([...files], {
    noEmit: true,
    strict: true,
    module: ts.ModuleKind.ES2022,
    target: ts.ScriptTarget.ES2022,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    esModuleInterop: true,
    skipLibCheck: true,
    types: [...types],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? `${d.file.fileName.replace(/^.*[\\/]/, '')}: ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}
