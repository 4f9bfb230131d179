/**
 * collectNotification: files one notification an endpoint sent before its response into a
 * call's report — every one in `notifications`, in order; a `notifications/progress` also in
 * `progress` (without its token), a `notifications/message` also in `logs`.
 */
import type { CallReport, LogMessage, McpNotification, ProgressReport } from './results';
import { isRecord } from './isRecord';

/** Adds the notification (JSON text) to the report; text that is not a notification is skipped. */
export function collectNotification(into: CallReport, text: string): void {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return;
  }
  if (!isRecord(message) || typeof message.method !== 'string') return;
  const params = isRecord(message.params) ? message.params : {};
  const notification: McpNotification = { method: message.method, params };
  into.notifications.push(notification);
  if (message.method === 'notifications/progress') {
    const { progressToken: _token, ...report } = params;
    into.progress.push(report as unknown as ProgressReport);
  } else if (message.method === 'notifications/message') {
    into.logs.push(params as unknown as LogMessage);
  }
}
