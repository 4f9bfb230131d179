/** Cold-start program, the floor: Node with the hand-written answerer of the ceilings (`handRpc.ts`) on a newline loop over stdin/stdout, no library. */
import { createHandRpc } from '../servers/handRpc';

const answer = createHandRpc(3);
let rest = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  const lines = (rest + chunk).split('\n');
  rest = lines.pop() ?? '';
  for (const line of lines) {
    const reply = line === '' ? undefined : answer(JSON.parse(line));
    if (reply !== undefined) process.stdout.write(`${reply}\n`);
  }
});
