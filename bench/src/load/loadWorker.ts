/**
 * The load worker: a child process of the driver that runs autocannon, so the load generator's
 * CPU never shares an event loop with the driver or a server. It answers two jobs over IPC:
 * `verify` (send the workload's request once, check the answer with the workload's checker) and
 * `load` (autocannon for a duration; each response must have status 200 and a right body —
 * byte-equal to the verified reference, or else passing the checker — or it counts as bad).
 * A mix workload (the drills) cycles each client through its requests, each answer checked by
 * its own request's checker, and for a workload with sessions each client initializes first.
 * A flow workload (the tasks: create, then poll) is driven here without autocannon, which cannot
 * poll: closed-loop clients over a keep-alive agent, each running the flow again and again.
 */
import autocannon from 'autocannon';
import { Agent, request } from 'node:http';
import { BASE_HEADERS, PROTOCOL_VERSION, workload } from '../fixture/workloads';
import { checkInitialize, excerpt } from '../fixture/checks';
import { messageOf } from '../fixture/drill';
import { LatencyRecorder } from './LatencyRecorder';
import type { LoadJob, LoadOutcome, VerifyJob, VerifyOutcome, WorkerJob, WorkerReply } from './loadProtocol';
import type { MixRequest } from '../fixture/drill';
import type { Flow, FlowPost } from '../fixture/taskFlow';

function headersOf(job: { workload: LoadJob['workload'] }): Record<string, string> {
  return { ...BASE_HEADERS, ...workload(job.workload).headers };
}

/** One POST (over `agent`, if given): status, body and the session id the server handed out. */
function post(url: string, body: string, headers: Record<string, string>, agent?: Agent): Promise<{ status: number; body: string; session?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const session = res.headers['mcp-session-id'];
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), session: typeof session === 'string' ? session : undefined });
      });
    });
    req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', reject);
    req.end(body);
  });
}

const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'toolwire-bench-drill', version: '1.0.0' } } });
const INITIALIZED = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });

/** A legacy client's handshake: initialize, then notifications/initialized; the session id the server handed out, if any. */
async function openSession(url: string): Promise<string | undefined> {
  const init = await post(url, INITIALIZE, { ...BASE_HEADERS });
  const problem = init.status !== 200 ? `HTTP ${init.status}` : checkInitialize(messageOf(init.body), 0);
  if (problem) throw new Error(`initialize: ${problem} (${excerpt(init.body)})`);
  const session: Record<string, string> = init.session ? { 'mcp-session-id': init.session } : {};
  const done = await post(url, INITIALIZED, { ...BASE_HEADERS, 'mcp-protocol-version': PROTOCOL_VERSION, ...session });
  if (done.status !== 202 && done.status !== 200) throw new Error(`notifications/initialized: HTTP ${done.status}`);
  return init.session;
}

function mixHeaders(m: MixRequest, session: string | undefined): Record<string, string> {
  return { ...BASE_HEADERS, ...m.headers, ...(session === undefined ? {} : { 'mcp-session-id': session }) };
}

/** The POST a flow gets: the base headers, the request's own, over `agent`. */
function flowPost(url: string, agent?: Agent): FlowPost {
  return (body, headers) => post(url, body, { ...BASE_HEADERS, ...headers }, agent);
}

/** A flow once; the reference is a word (nothing under load is byte-compared with it). */
async function verifyFlow(job: VerifyJob, flow: Flow): Promise<VerifyOutcome> {
  const problem = await flow(flowPost(job.url));
  return { type: 'verified', seq: job.seq, status: 200, body: 'flow', problem };
}

/**
 * A flow under load: `connections` closed-loop clients over a keep-alive agent with as many
 * sockets, each running the flow again and again until the duration is over; a right flow counts
 * once in `ok` (its latency: the whole flow), a wrong one in `bad`, a failed request in `errors`;
 * `requests` counts every POST.
 */
async function loadFlow(job: LoadJob, flow: Flow): Promise<LoadOutcome> {
  const agent = new Agent({ keepAlive: true, maxSockets: job.connections });
  const send = flowPost(job.url, agent);
  let requests = 0;
  const post: FlowPost = (body, headers) => {
    requests++;
    return send(body, headers);
  };
  const latencies = new LatencyRecorder();
  let ok = 0;
  let bad = 0;
  let errors = 0;
  let firstBad: string | undefined;
  const started = process.hrtime.bigint();
  const end = started + BigInt(Math.round(job.duration * 1e9));
  const client = async (): Promise<void> => {
    while (process.hrtime.bigint() < end) {
      const begun = process.hrtime.bigint();
      try {
        const problem = await flow(post);
        if (problem === undefined) {
          ok++;
          latencies.record(Number(process.hrtime.bigint() - begun) / 1e6);
        } else {
          bad++;
          firstBad ??= problem;
        }
      } catch {
        errors++;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: job.connections }, client));
  } finally {
    agent.destroy();
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const [p50, p99] = latencies.percentiles([50, 99]);
  return { type: 'loaded', seq: job.seq, ok, bad, firstBad, errors, seconds, p50, p99, requests };
}

async function verify(job: VerifyJob): Promise<VerifyOutcome> {
  const w = workload(job.workload);
  if (w.flow) return verifyFlow(job, w.flow);
  if (w.mix) {
    // every request of the mix once (after a handshake, for a workload with sessions); the reference is all their bodies
    const session = w.sessions ? await openSession(job.url) : undefined;
    const bodies: string[] = [];
    for (const [k, m] of w.mix.entries()) {
      const res = await post(job.url, m.body, mixHeaders(m, session));
      const problem = res.status !== 200 ? `HTTP ${res.status}: ${excerpt(res.body)}` : m.check(res.body);
      if (problem) return { type: 'verified', seq: job.seq, status: res.status, body: res.body, problem: `request ${k + 1} of the mix: ${problem}` };
      bodies.push(res.body);
    }
    return { type: 'verified', seq: job.seq, status: 200, body: JSON.stringify(bodies) };
  }
  const res = await post(job.url, w.body, headersOf(job));
  const problem = res.status !== 200 ? `HTTP ${res.status}: ${excerpt(res.body)}` : w.check(res.body);
  return { type: 'verified', seq: job.seq, status: res.status, body: res.body, problem };
}

/**
 * A mix under load: each client cycles through the mix's requests (autocannon's `requests`), each
 * answer judged by its own request's checker; with sessions, each client first initializes and
 * sends its session id (if the server handed one out) with every request.
 */
async function loadMix(job: LoadJob, mix: readonly MixRequest[], sessions: boolean): Promise<LoadOutcome> {
  const references = JSON.parse(job.reference) as string[];
  const ids = sessions ? await Promise.all(Array.from({ length: job.connections }, () => openSession(job.url))) : [];
  const perClient = ids.some((id) => id !== undefined);
  const latencies = new LatencyRecorder();
  let ok = 0;
  let bad = 0;
  let firstBad: string | undefined;
  let lastOk = false; // autocannon calls onResponse, then emits 'response' (with the latency) for the same answer
  const requests: autocannon.Request[] = mix.map((m, k) => ({
    method: 'POST',
    body: m.body,
    headers: mixHeaders(m, undefined),
    // only a server with sessions pays for requests rebuilt per client
    ...(perClient ? { setupRequest: (r: autocannon.Request, context: Record<string, unknown>) => ({ ...r, headers: mixHeaders(m, context.session as string) }) } : {}),
    onResponse: (status: number, body: string) => {
      const problem = status !== 200 ? `HTTP ${status}` : body === references[k] ? undefined : m.check(body);
      lastOk = problem === undefined;
      if (lastOk) ok++;
      else {
        bad++;
        firstBad ??= `request ${k + 1} of the mix: ${problem} (${excerpt(body)})`;
      }
    },
  }));
  let next = 0;
  const setupClient = (client: autocannon.Client): void => {
    if (!perClient) return;
    client.requestIterator.initialContext = { session: ids[next++ % ids.length] };
    client.requestIterator.resetContext();
    client.requestIterator.rebuildRequest();
  };
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const instance = autocannon(
      { url: job.url, method: 'POST', requests, setupClient, connections: job.connections, duration: job.duration, timeout: 10, sampleInt: 100 },
      (error, result) => {
        if (error) return reject(error);
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        const [p50, p99] = latencies.percentiles([50, 99]);
        resolve({ type: 'loaded', seq: job.seq, ok, bad, firstBad, errors: result.errors, seconds, p50, p99 });
      },
    );
    instance.on('response', (_client: unknown, _statusCode: number, _bytes: number, responseTime: number) => {
      if (lastOk) latencies.record(responseTime);
    });
  });
}

function load(job: LoadJob): Promise<LoadOutcome> {
  const w = workload(job.workload);
  if (w.flow) return loadFlow(job, w.flow);
  if (w.mix) return loadMix(job, w.mix, w.sessions === true);
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
