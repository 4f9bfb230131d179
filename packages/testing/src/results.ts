/**
 * results: what the test client's calls return — the unwrapped result of each method, plus what
 * came with it: the notifications the endpoint sent before the response (an SSE stream, read in
 * order), split into progress reports and log messages, and the asks the client answered on the
 * way (2026-07-28 multi round-trip requests).
 */
import type { LoggingLevel } from '@toolwire/core';

/** One notification the endpoint sent before its response. */
export interface McpNotification {
  method: string;
  params: Record<string, unknown>;
}

/** One `notifications/progress`, without its token. */
export interface ProgressReport {
  progress: number;
  total?: number;
  message?: string;
}

/** One `notifications/message` (a log message). */
export interface LogMessage {
  level: LoggingLevel;
  logger?: string;
  data: unknown;
}

/** One ask of an `input_required` result and the answer the client's handler gave. */
export interface AnsweredAsk {
  /** Its key in `inputRequests` (the tool's `key` option, or `elicitation-1`, …). */
  key: string;
  /** `elicitation/create`, `sampling/createMessage` or `roots/list`. */
  method: string;
  params: Record<string, unknown>;
  answer: unknown;
}

/** What every call reports besides its result. */
export interface CallReport {
  /** The HTTP status of the last round (for a Dispatcher: the status core chose). */
  status: number;
  /** Every notification sent before the response(s), in order, across rounds. */
  notifications: McpNotification[];
  /** The `notifications/progress` among them. */
  progress: ProgressReport[];
  /** The `notifications/message` among them. */
  logs: LogMessage[];
  /** What the endpoint asked (2026-07-28 `input_required` results) and how the client answered, in order. */
  asks: AnsweredAsk[];
}

/** What {@link McpTestClient.request} returns. */
export interface RequestResult extends CallReport {
  /** The JSON-RPC `result`, as sent (the complete one, after any rounds of asks). */
  result: unknown;
}

/** One MCP content block as it came over the wire. */
export interface McpContentBlock {
  type: string;
  text?: string;
  data?: string;
  mimeType?: string;
  [field: string]: unknown;
}

/** What {@link McpTestClient.callTool} returns. */
export interface ToolCallResult extends CallReport {
  /** The text blocks' texts joined by newlines (`''` when there are none). */
  text: string;
  isError: boolean;
  /** The structured result, for tools with an output schema (versions that have it); else `undefined`. */
  structuredContent: unknown;
  content: McpContentBlock[];
}

/** One tool of a `tools/list` result. */
export interface ListedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  [field: string]: unknown;
}

/** What {@link McpTestClient.listTools} returns (one page). */
export interface ToolsListResult {
  tools: ListedTool[];
  nextCursor?: string;
  status: number;
}

/** What {@link McpTestClient.initialize} returns. */
export interface InitializeResult {
  protocolVersion: string;
  capabilities: Record<string, unknown>;
  serverInfo: { name: string; version: string; [field: string]: unknown };
  instructions?: string;
  status: number;
}

/** What {@link McpTestClient.discover} returns (2026-07-28 `server/discover`). */
export interface DiscoverResult {
  supportedVersions: string[];
  capabilities: Record<string, unknown>;
  instructions?: string;
  ttlMs?: number;
  cacheScope?: string;
  _meta?: Record<string, unknown>;
  status: number;
  [field: string]: unknown;
}

/** One resource of a `resources/list` result. */
export interface ListedResource {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  [field: string]: unknown;
}

/** What {@link McpTestClient.listResources} returns (one page). */
export interface ResourcesListResult {
  resources: ListedResource[];
  nextCursor?: string;
  status: number;
}

/** One template of a `resources/templates/list` result. */
export interface ListedResourceTemplate {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  [field: string]: unknown;
}

/** What {@link McpTestClient.listResourceTemplates} returns (one page). */
export interface ResourceTemplatesListResult {
  resourceTemplates: ListedResourceTemplate[];
  nextCursor?: string;
  status: number;
}

/** One entry of a `resources/read` result: `text` or `blob` (base64). */
export interface ResourceContents {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
  [field: string]: unknown;
}

/** What {@link McpTestClient.readResource} returns. */
export interface ReadResourceResult extends CallReport {
  contents: ResourceContents[];
  /** The texts of the text contents joined by newlines (`''` when there are none). */
  text: string;
}

/** One prompt of a `prompts/list` result. */
export interface ListedPrompt {
  name: string;
  title?: string;
  description?: string;
  arguments?: { name: string; description?: string; required?: boolean }[];
  [field: string]: unknown;
}

/** What {@link McpTestClient.listPrompts} returns (one page). */
export interface PromptsListResult {
  prompts: ListedPrompt[];
  nextCursor?: string;
  status: number;
}

/** One message of a `prompts/get` result. */
export interface McpPromptMessage {
  role: 'user' | 'assistant';
  content: McpContentBlock;
}

/** What {@link McpTestClient.getPrompt} returns. */
export interface GetPromptResult extends CallReport {
  description?: string;
  messages: McpPromptMessage[];
  /** The texts of the messages' text blocks joined by newlines (`''` when there are none). */
  text: string;
}

/** What {@link McpTestClient.complete} returns: the `completion` of a `completion/complete` result. */
export interface CompleteResult {
  values: string[];
  total?: number;
  hasMore?: boolean;
  status: number;
}
