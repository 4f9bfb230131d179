/**
 * The load worker: a child process of the driver that runs autocannon, so the load generator's
 * CPU never shares an event loop with the driver or a server. It answers two jobs over IPC:
 * `verify` (send the workload's request once, check the answer with the workload's checker) and
 * `load` (autocannon for a duration; each response must have status 200 and a right body —
 * byte-equal to the verified reference, or else passing the checker — or it counts as bad).
 */
import autocannon from 'autocannon';
import { request } from 'node:http';
import { BASE_HEADERS, workload } from '../fixture/workloads';
import { excerpt } from '../fixture/checks';
import { LatencyRecorder } from './LatencyRecorder';
import type { LoadJob, LoadOutcome, VerifyJob, VerifyOutcome, WorkerJob, WorkerReply } from './loadProtocol';

function headersOf(job: { workload: LoadJob['workload'] }): Record<string, string> {
  return { ...BASE_HEADERS, ...workload(job.workload).headers };
}

function verify(job: VerifyJob): Promise<VerifyOutcome> {
  const w = workload(job.workload);
  return new Promise((resolve, reject) => {
    const req = request(job.url, { method: 'POST', headers: { ...headersOf(job), 'content-length': Buffer.byteLength(w.body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const status = res.statusCode ?? 0;
        const problem = status !== 200 ? `HTTP ${status}: ${excerpt(body)}` : w.check(body);
        resolve({ type: 'verified', seq: job.seq, status, body, problem });
      });
    });
    req.on('error', reject);
    req.end(w.body);
  });
}

function load(job: LoadJob): Promise<LoadOutcome> {
  const w = workload(job.workload);
  const latencies = new LatencyRecorder();
  let ok = 0;
  let bad = 0;
  let firstBad: string | undefined;
  // autocannon emits 'response' (status, latency) and then calls verifyBody for the same
  // response synchronously, so the status seen last belongs to the body being verified.
  let status = 0;
  let latency = 0;
  const verifyBody = (body: string): boolean => {
    const problem = status !== 200 ? `HTTP ${status}` : body === job.reference ? undefined : w.check(body);
    if (problem === undefined) {
      ok++;
      latencies.record(latency);
      return true;
    }
    bad++;
    firstBad ??= `${problem} (${excerpt(body)})`;
    return false;
  };
  // sampleInt: autocannon only notices that the duration is over at a sample tick (default: each second)
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const instance = autocannon(
      { url: job.url, method: 'POST', body: w.body, headers: headersOf(job), connections: job.connections, duration: job.duration, timeout: 10, sampleInt: 100, verifyBody },
      (error, result) => {
        if (error) return reject(error);
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        const [p50, p99] = latencies.percentiles([50, 99]);
        resolve({ type: 'loaded', seq: job.seq, ok, bad, firstBad, errors: result.errors, seconds, p50, p99 });
      },
    );
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      status = statusCode;
      latency = responseTime;
    });
  });
}

function reply(message: WorkerReply): void {
  process.send?.(message);
}

process.on('message', (message: WorkerJob) => {
  const run = message.type === 'verify' ? verify(message) : load(message);
  run.then(reply, (error: unknown) => reply({ type: 'crashed', seq: message.seq, error: String(error) }));
});
process.on('disconnect', () => process.exit(0));
