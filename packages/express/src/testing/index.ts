/**
 * @toolwire/express/testing — the test client: `mcpTestClient(appOrAgentOrDispatcher, options?)`
 * with `callTool`, `listTools`, `listResources`, `listResourceTemplates`, `readResource`,
 * `discover`, `initialize`, `request`, `notify` and `close`, in either era, over HTTP or stdio. A separate entry so that the
 * package's main entry carries no test tooling. The only barrel of this entry.
 */
export { mcpTestClient, McpTestClient } from './mcpTestClient';
export type { McpTestClientOptions } from './mcpTestClient';
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
} from './results';
export type { AskHandlers, ElicitHandler, SampleHandler, ListRootsHandler } from './askHandlers';
export { McpTestClientError } from './McpTestClientError';
export type { McpTestTarget, SupertestLike, SupertestRequestLike, FetchTarget } from './exchanges';
export type { StdioTarget, StdioReadable, StdioWritable } from './stdioConnection';
