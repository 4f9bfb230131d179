/**
 * @toolwire/express/testing — the test client: `mcpTestClient(appOrAgentOrDispatcher, options?)`
 * with `callTool`, `listTools`, `initialize`, `request` and `notify`. A separate entry so that the
 * package's main entry carries no test tooling. The only barrel of this entry.
 */
export { mcpTestClient, McpTestClient } from './mcpTestClient';
export type { McpTestClientOptions, ToolCallResult, ToolsListResult, InitializeResult, ListedTool, McpContentBlock } from './mcpTestClient';
export { McpTestClientError } from './McpTestClientError';
export type { McpTestTarget, SupertestLike, SupertestRequestLike, FetchTarget } from './exchanges';
