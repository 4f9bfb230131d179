/**
 * Compiles typedProcedures.ts alone with the TypeScript compiler: it must have no errors (right
 * signatures compile, every @ts-expect-error line is an error), and the same file with its
 * @ts-expect-error comments removed must report one error per such line (wrong signatures do
 * not compile).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const FILE = join(__dirname, 'typedProcedures.ts');

function diagnostics(source: string): readonly ts.Diagnostic[] {
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10, esModuleInterop: true, skipLibCheck: true, types: [] };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (name) => (name === FILE ? source : read(name));
  const program = ts.createProgram([FILE], options, host);
  return ts.getPreEmitDiagnostics(program).filter((d) => d.file?.fileName === FILE);
}

describe('typed procedures (type-level)', () => {
  const source = readFileSync(FILE, 'utf8');
  const expectations = source.split('\n').filter((line) => line.trim().startsWith('// @ts-expect-error')).length;

  it('compiles: right signatures pass and every @ts-expect-error line is an error', () => {
    expect(expectations).toBeGreaterThanOrEqual(12);
    expect(diagnostics(source).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
  });

  it('reports every wrong signature once its @ts-expect-error is removed', () => {
    const lines = diagnostics(source.replace(/\/\/ @ts-expect-error.*\n/g, '//\n')).map((d) => d.file!.getLineAndCharacterOfPosition(d.start!).line);
    expect(new Set(lines).size).toBe(expectations);
  });
});
