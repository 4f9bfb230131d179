/**
 * taskRunner: the test's handle on one task-runner process (taskRunnerProcess.cjs) — forks it,
 * sends it calls over IPC and collects the store events it forwards.
 */
import { fork, ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { TaskEvent } from '@toolwire/core/task-store';

/** An event a runner forwards (a store event, or `settled` after an automatic markCancelled). */
export type RunnerEvent = TaskEvent | { type: 'settled'; taskId: string; applied: boolean };

/** One runner process. */
export class TaskRunner {
  readonly events: RunnerEvent[] = [];
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly waiters: { match: (event: RunnerEvent) => boolean; resolve: (event: RunnerEvent) => void }[] = [];
  private next = 0;
  instanceId = '';

  constructor() {
    this.child = fork(join(__dirname, 'taskRunnerProcess.cjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (message: { id?: number; value?: unknown; error?: string; event?: RunnerEvent }) => {
      if (message.event) {
        this.events.push(message.event);
        for (const waiter of [...this.waiters]) {
          if (waiter.match(message.event)) {
            this.waiters.splice(this.waiters.indexOf(waiter), 1);
            waiter.resolve(message.event);
          }
        }
        return;
      }
      const call = this.pending.get(message.id!);
      this.pending.delete(message.id!);
      if (message.error !== undefined) call?.reject(new Error(message.error));
      else call?.resolve(message.value);
    });
    this.child.on('exit', () => {
      for (const call of this.pending.values()) call.reject(new Error('runner exited'));
      this.pending.clear();
    });
  }

  get pid(): number {
    return this.child.pid!;
  }

  private request<T>(message: object): Promise<T> {
    const id = ++this.next;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.child.send({ id, ...message });
    });
  }

  /** Connects the runner's RedisTaskStore. */
  async connect(options: Record<string, unknown>): Promise<void> {
    this.instanceId = await this.request<string>({ op: 'connect', options });
  }

  /** Calls one store method in the runner. */
  call<T>(method: string, ...args: unknown[]): Promise<T> {
    return this.request<T>({ op: 'call', method, args });
  }

  /** Calls one store method once per argument list, all at once, in the runner. */
  many<T>(method: string, argsList: unknown[][]): Promise<T[]> {
    return this.request<T[]>({ op: 'many', method, argsList });
  }

  /** The first forwarded event (already seen or still to come) that matches. */
  event(match: (event: RunnerEvent) => boolean): Promise<RunnerEvent> {
    const seen = this.events.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  /** Ends the process with SIGKILL (no cleanup, like a crash). */
  kill9(): Promise<void> {
    return this.exit(() => this.child.kill('SIGKILL'));
  }

  /** Ends the process: it closes its store when the IPC channel closes. */
  stop(): Promise<void> {
    return this.exit(() => (this.child.connected ? this.child.disconnect() : this.child.kill('SIGTERM')));
  }

  private exit(how: () => void): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      how();
    });
  }
}
