/**
 * Entry: the dispatcher micro-benchmark alone — `node bench/dist/micro.js [--quick]`.
 * Prints ns per operation for tools/call, tools/list and initialize through `Dispatcher.handle`.
 */
import { formatMicro, runMicro } from './micro/dispatcherMicro';

const quick = process.argv.includes('--quick');
console.log(`Dispatcher micro-benchmark (in-process, no network; Node ${process.version})`);
for (const line of formatMicro(runMicro({ budgetMs: quick ? 200 : 1000 }))) console.log(line);
