/**
 * Entry: the live-list fan-out benchmark — `node bench/dist/fanout.js [--quick] [--redis redis://HOST:PORT]`.
 * 1,000 listens on instance B hear changes made on instance A, over the in-process bus and (with
 * `--redis`) over Redis, with Redis's PUBLISH→message latency measured in the same run as the floor.
 * `npm run bench -- --only=fanout` runs the same suite over a redis-server of its own.
 */
import { fanoutTargets, formatFanout, runFanout } from './fanout/fanoutBench';

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const at = argv.indexOf('--redis');
const redisUrl = at >= 0 ? argv[at + 1] : undefined;
console.log(`Live-list fan-out (A → 1,000 listeners on B; Node ${process.version}${quick ? '; quick' : ''})`);
runFanout({ listeners: 1000, changes: quick ? 20 : 200, redisUrl }).then(
  (results) => [...formatFanout(results), '', ...fanoutTargets(results).lines].forEach((line) => console.log(line)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
