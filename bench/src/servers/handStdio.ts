/**
 * Server program: the stdio ceiling — a hand-written newline-delimited JSON-RPC loop over this
 * process's stdin/stdout, what a careful developer would write for exactly these tools without
 * any MCP library: split each chunk on newlines, `JSON.parse` each line, answer it with the same
 * hand-written switch as the HTTP ceilings (`handRpc.ts`), and write the replies to one chunk of
 * input with one `write()`.
 */
import { createHandRpc } from './handRpc';
import { runServerProgram } from './serverIpc';
import { toolCountFromEnv } from '../fixture/toolSpecs';

const answer = createHandRpc(toolCountFromEnv());

runServerProgram(async () => {
  let rest = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    let out = '';
    for (const line of lines) {
      if (line === '') continue;
      let message: unknown;
      try {
        message = JSON.parse(line);
      } catch {
        out += '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}\n';
        continue;
      }
      const reply = answer(message);
      if (reply !== undefined) out += `${reply}\n`;
    }
    if (out !== '') process.stdout.write(out);
  });
  process.stdin.on('end', () => process.exit(0));
  return 0;
});
