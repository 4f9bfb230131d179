/** Messages between the driver and the load worker process (Node IPC). */
import type { WorkloadId } from '../fixture/workloads';

/** Send the workload's request once and check the answer; the reply carries the body as reference. */
export interface VerifyJob {
  type: 'verify';
  seq: number;
  url: string;
  workload: WorkloadId;
}

/** Drive `connections` concurrent connections for `duration` seconds; every response is checked. */
export interface LoadJob {
  type: 'load';
  seq: number;
  url: string;
  workload: WorkloadId;
  connections: number;
  duration: number;
  /** A verified response body; responses byte-equal to it pass without being parsed. */
  reference: string;
}

/** Driver → worker. */
export type WorkerJob = VerifyJob | LoadJob;

/** The outcome of a {@link VerifyJob}. */
export interface VerifyOutcome {
  type: 'verified';
  seq: number;
  status: number;
  body: string;
  /** `undefined` when the response is right. */
  problem?: string;
}

/** The outcome of a {@link LoadJob}. */
export interface LoadOutcome {
  type: 'loaded';
  seq: number;
  /** Responses with status 200 and a right body. */
  ok: number;
  /** Responses with another status or a wrong body. */
  bad: number;
  /** Status and body excerpt of the first bad response. */
  firstBad?: string;
  /** Connection errors, timeouts included (these produce no response). */
  errors: number;
  seconds: number;
  /** Latency percentiles of the good responses, in milliseconds. */
  p50: number;
  p99: number;
  /** A flow workload: HTTP requests sent (creates and polls of every operation, right or not). */
  requests?: number;
}

/** Worker → driver. */
export type WorkerReply = VerifyOutcome | LoadOutcome | { type: 'crashed'; seq: number; error: string };
