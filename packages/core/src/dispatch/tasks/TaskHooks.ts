/**
 * TaskHooks: what a procedure's context does differently inside a task — an ask goes to the
 * task (which turns `input_required` until the client answers it), and progress becomes the
 * task's status message.
 */
import type { AskKind } from '../asks/AskKind';

/** The hooks of one running task, given to its call context. */
export interface TaskHooks {
  /** Asks the client through the task; resolves with its checked answer. */
  ask(kind: AskKind, params: unknown, key: string | undefined): Promise<unknown>;
  /** Sets the task's status message. */
  status(message: string): void;
  /** Whether the task was cancelled (its procedure's outcome is then dropped, not reported). */
  cancelled(): boolean;
}
