/**
 * results: the shapes of the payloads a declaration serves — `initialize`, `server/discover`, the
 * capabilities both declare, and one page of each list (`tools/list`, `resources/list`,
 * `resources/templates/list`, `prompts/list`) with the 2026-07-28 result fields.
 */
import type { ToolListEntry } from './Tool';
import type { ResourceListEntry } from './Resource';
import type { ResourceTemplateListEntry } from './ResourceTemplate';
import type { PromptListEntry } from './Prompt';
import type { ServerInfo } from './ServerIdentity';
import { META } from '../protocol/meta';

/** The `tools/list` result (one page of it). */
export interface ToolsListResult {
  tools: ToolListEntry[];
  /** Present on every page but the last: pass it as `params.cursor` for the next page. */
  nextCursor?: string;
  /** 2026-07-28: the cache hints and result fields (see {@link ToolDeclarationOptions.ttlMs}). */
  ttlMs?: number;
  cacheScope?: 'public' | 'private';
  resultType?: 'complete';
  _meta?: Record<string, unknown>;
}

/** The `resources/list` result (one page of it); the 2026-07-28 fields as on {@link ToolsListResult}. */
export interface ResourcesListResult extends Omit<ToolsListResult, 'tools'> {
  resources: ResourceListEntry[];
}

/** The `resources/templates/list` result (one page of it). */
export interface ResourceTemplatesListResult extends Omit<ToolsListResult, 'tools'> {
  resourceTemplates: ResourceTemplateListEntry[];
}

/** The `prompts/list` result (one page of it). */
export interface PromptsListResult extends Omit<ToolsListResult, 'tools'> {
  prompts: PromptListEntry[];
}

/**
 * The capabilities a server declares: tools always, resources when any is declared, prompts when
 * any is declared, completions when a completion function is, logging when
 * enabled, and under `extensions` the MCP Apps key `io.modelcontextprotocol/ui`
 * (`{ mimeTypes: ["text/html;profile=mcp-app"] }`) when a view or a tool with one is declared.
 */
export interface ServerCapabilities {
  tools: { listChanged?: boolean };
  resources?: { listChanged?: boolean; subscribe?: boolean };
  prompts?: { listChanged?: boolean };
  completions?: Record<string, never>;
  logging?: Record<string, never>;
  extensions?: Record<string, Record<string, unknown>>;
  /** 2025-11-25 (experimental tasks): what the server's tasks offer. */
  tasks?: { list: Record<string, never>; cancel: Record<string, never>; requests: { tools: { call: Record<string, never> } } };
}

/**
 * What a transport delivers of live lists, for the capabilities it declares: `listChanged`
 * (the lists' `list_changed`) and `subscribe` (`resources/subscribe`). 2026-07-28 always
 * delivers both (through `subscriptions/listen`); a legacy stdio connection both; legacy
 * stateless HTTP `listChanged` only on a `GET` stream, never `subscribe`.
 */
export interface LiveCapabilities {
  readonly listChanged: boolean;
  readonly subscribe: boolean;
}

/** The `initialize` result. */
export interface InitializeResult {
  protocolVersion: string;
  capabilities: ServerCapabilities;
  serverInfo: ServerInfo;
  instructions?: string;
}

/** The `server/discover` result (2026-07-28). */
export interface DiscoverResult {
  supportedVersions: string[];
  capabilities: ServerCapabilities;
  instructions?: string;
  ttlMs: number;
  cacheScope: 'public' | 'private';
  resultType: 'complete';
  _meta: { [META.serverInfo]: InitializeResult['serverInfo'] };
}
