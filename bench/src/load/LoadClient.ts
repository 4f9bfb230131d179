/**
 * LoadClient: the driver's handle on the load worker process — forks it once and sends it jobs,
 * one at a time, matching replies by sequence number.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { LoadJob, LoadOutcome, VerifyJob, VerifyOutcome, WorkerReply } from './loadProtocol';

type Pending = { resolve: (reply: WorkerReply) => void; reject: (error: Error) => void };

/** Runs verify and load jobs in a separate process. */
export class LoadClient {
  private seq = 0;
  private readonly pending = new Map<number, Pending>();

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (message: WorkerReply) => {
      const waiter = this.pending.get(message.seq);
      this.pending.delete(message.seq);
      waiter?.resolve(message);
    });
    child.on('exit', (code) => {
      for (const waiter of this.pending.values()) waiter.reject(new Error(`load worker exited with code ${code}`));
      this.pending.clear();
    });
  }

  /** Forks the worker (the compiled `bench/dist/load/loadWorker.js`, also when this file runs from `src/` under ts-jest). */
  static start(): LoadClient {
    const program = join(__dirname, '..', '..', 'dist', 'load', 'loadWorker.js');
    return new LoadClient(fork(program, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  }

  /** The worker's process id (to pin it to a CPU). */
  get pid(): number {
    return this.child.pid ?? NaN;
  }

  /** Sends the workload's request once and checks the answer. */
  async verify(job: Omit<VerifyJob, 'type' | 'seq'>): Promise<VerifyOutcome> {
    const reply = await this.send({ ...job, type: 'verify', seq: ++this.seq });
    if (reply.type !== 'verified') throw new Error(reply.type === 'crashed' ? reply.error : 'unexpected reply');
    return reply;
  }

  /** Runs autocannon against the URL and reports the checked outcome. */
  async load(job: Omit<LoadJob, 'type' | 'seq'>): Promise<LoadOutcome> {
    const reply = await this.send({ ...job, type: 'load', seq: ++this.seq });
    if (reply.type !== 'loaded') throw new Error(reply.type === 'crashed' ? reply.error : 'unexpected reply');
    return reply;
  }

  /** Stops the worker. */
  close(): Promise<void> {
    if (this.child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.disconnect();
    });
  }

  private send(job: VerifyJob | LoadJob): Promise<WorkerReply> {
    return new Promise((resolve, reject) => {
      this.pending.set(job.seq, { resolve, reject });
      this.child.send(job);
    });
  }
}
