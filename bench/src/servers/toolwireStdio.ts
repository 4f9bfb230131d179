/** Server program: toolwire's `serveStdio` over this process's stdin/stdout (newline-delimited JSON). */
import { serveStdio } from '@toolwire/stdio';
import { toolwireService } from './toolwireDefinition';
import { runServerProgram } from './serverIpc';
import { toolCountFromEnv } from '../fixture/toolSpecs';

const { decl, defs } = toolwireService(toolCountFromEnv());

runServerProgram(async () => {
  void serveStdio(defs, decl, { input: process.stdin, output: process.stdout }).then(() => process.exit(0));
  return 0;
});
