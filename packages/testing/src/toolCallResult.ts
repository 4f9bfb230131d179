/**
 * toolCallResult: a `tools/call` result as the test client returns it — the texts of its text
 * blocks joined, `isError`, `structuredContent` and the blocks — with the report of the request
 * that brought it (a call's own, or a task's `tasks/result` or last `tasks/get`).
 */
import type { CallReport, McpContentBlock, ToolCallResult } from './results';

/** Unwraps a CallToolResult (anything else reads as an empty, successful one). */
export function toolCallResult(result: unknown, report: CallReport): ToolCallResult {
  const r = (result ?? {}) as { content?: McpContentBlock[]; isError?: boolean; structuredContent?: unknown };
  const content = Array.isArray(r.content) ? r.content : [];
  const text = content.filter((block) => block.type === 'text').map((block) => block.text ?? '').join('\n');
  return { text, isError: r.isError === true, structuredContent: r.structuredContent, content, ...report };
}
