/**
 * TaskSupport: the two settings of `Tool.setTaskSupport` — whether a call of the tool may or must
 * run as a task, and when its task is created.
 */

/** `forbidden` (the default): never a task; `optional`: a task when the client can take one; `required`: only as a task. */
export type TaskSupport = 'forbidden' | 'optional' | 'required';

/**
 * When a task call's task is created: `immediately` (before the procedure runs), or
 * `onBeginTask` (when the procedure calls `context.beginTask()`, after the multi round-trip
 * asks it makes before it).
 */
export type TaskBegins = 'immediately' | 'onBeginTask';
