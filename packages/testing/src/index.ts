/**
 * @toolwire/testing — the test client: `mcpTestClient(target, options?)` with `callTool`,
 * `listTools`, `listResources`, `listResourceTemplates`, `readResource`, `listPrompts`,
 * `getPrompt`, `complete`, `discover`,
 * `initialize`, the task methods (`callToolAsTask`, `getTask`, `getTaskResult`, `listTasks`,
 * `cancelTask`, `updateTask`), `listen` (subscriptions), `request`, `notify` and `close`, in either era, against an
 * Express app, a `node:http` listener or server, a supertest agent, a fetch handler, a URL, a
 * core Dispatcher or a stdio server. The only barrel.
 */
// The declarations use Node's types (node:http's listener and server): the reference makes them
// load under TypeScript 7 too, whose default `types` is empty (install @types/node).
/// <reference types="node" preserve="true" />
export { mcpTestClient, McpTestClient } from './mcpTestClient';
export type { McpTestClientOptions } from './McpTestClientOptions';
export type {
  ToolCallResult,
  ToolsListResult,
  InitializeResult,
  DiscoverResult,
  ListedTool,
  McpContentBlock,
  McpNotification,
  ProgressReport,
  LogMessage,
  AnsweredAsk,
  CallReport,
  RequestResult,
  ListedResource,
  ResourcesListResult,
  ListedResourceTemplate,
  ResourceTemplatesListResult,
  ResourceContents,
  ReadResourceResult,
  ListedPrompt,
  PromptsListResult,
  McpPromptMessage,
  GetPromptResult,
  CompleteResult,
} from './results';
export type { AskHandlers, ElicitHandler, SampleHandler, ListRootsHandler } from './askHandlers';
export { McpTestClientError } from './McpTestClientError';
export { McpSubscription } from './McpSubscription';
export type { ListenEnd } from './McpSubscription';
export type { ListenFilter } from './listen';
export type { McpTestTarget, SupertestLike, SupertestRequestLike, FetchHandler, FetchTarget, NodeListener, HttpServerLike } from './McpTestTarget';
export { TASKS_EXTENSION } from './taskResults';
export type { McpTask, TaskReport, TasksListResult, CancelTaskResult, CallToolAsTaskOptions, GetTaskResultOptions } from './taskResults';
export type { StdioTarget, StdioReadable, StdioWritable } from './stdioConnection';
