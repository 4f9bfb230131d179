/**
 * @toolwire/express/testing — deprecated: the test client moved to its own package,
 * `@toolwire/testing`, which needs neither Express nor this package (it tests Fastify, fetch,
 * Hono, `node:http` and stdio servers too). This entry re-exports it unchanged so that existing
 * imports keep working; import from `@toolwire/testing` instead.
 */
export {
  /** @deprecated Import `mcpTestClient` from `@toolwire/testing`. */
  mcpTestClient,
  /** @deprecated Import `McpTestClient` from `@toolwire/testing`. */
  McpTestClient,
  /** @deprecated Import `McpTestClientError` from `@toolwire/testing`. */
  McpTestClientError,
} from '@toolwire/testing';
export type {
  McpTestClientOptions,
  McpTestTarget,
  SupertestLike,
  SupertestRequestLike,
  FetchTarget,
  StdioTarget,
  StdioReadable,
  StdioWritable,
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
  AskHandlers,
  ElicitHandler,
  SampleHandler,
  ListRootsHandler,
} from '@toolwire/testing';
