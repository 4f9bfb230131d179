/**
 * @toolwire/core — what tool authors use; the one place its public names are chosen. Each group
 * is here because a tool author writes it:
 * - schema types and Standard Schema types: the parameters and outputs of tools;
 * - declarations (ToolDeclaration, Tool, Resource, ResourceTemplate, ServerIdentity, the Apps UI
 *   fields, server cards and registry entries): what a server offers and how hosts see it;
 * - protocol versions, `_meta` keys and logging levels: what a declaration and a procedure may
 *   ask about the client's protocol;
 * - ServiceDefinition, the call and read contexts, asks, faults and ErrorCodes: procedures and
 *   how they fail; content types and blocks: what they return;
 * - the Dispatcher, its options and context, limits, the error hook: running a server in-process
 *   and testing it; telemetry's option types; the options of every transport (HttpOptions,
 *   AuthOptions) as types, since a server author passes them;
 * - the task stores a server picks (MemoryTaskStore; the TaskStore type a RedisTaskStore fits)
 *   and the principal types its procedures read;
 * - governance (rate limits, `ctx.state`, the audit log): the options a server passes, the
 *   in-memory stores it may size, the store interfaces a Redis store fits, the audit sink it
 *   picks (jsonLinesAudit) and the state errors its procedures may catch.
 * - the notification buses a server picks (MemoryNotificationBus; the NotificationBus type a
 *   RedisNotificationBus fits) and the catalog changes they carry.
 * Everything else has its audience's entry: `@toolwire/core/transport` (a transport's dispatcher
 * side: setup checks, JSON-RPC envelopes, Session, the per-request Access), `@toolwire/core/http`
 * (HTTP adapters: the pipeline, HTTP rules, defaults) and `@toolwire/core/task-store` (task-store
 * authors). These four files are the only barrels.
 */
export { Type } from './schema/Type';
export type { TypeId, JsonSchema, SchemaDialect, TypeOf } from './schema/Type';
export { portableSchemaProblems } from './schema/portable';
export type { StandardSchemaV1, StandardIssue, StandardResult, StandardJsonSchemaConverter, StandardJsonSchemaOptions, InferInput, InferOutput } from './schema/StandardSchema';
export { PrimitiveType, nullType, booleanType, integerType, numberType, stringType } from './schema/PrimitiveType';
export { Property } from './schema/Property';
export { ObjectType } from './schema/ObjectType';
export type { WithOptional } from './schema/ObjectType';
export { ArrayType } from './schema/ArrayType';
export { EnumType } from './schema/EnumType';
export { NullableType } from './schema/NullableType';

export { Tool } from './declaration/Tool';
export type { ParamSpec, ParamValues, WithOptionalParam, ToolOutput, ToolListEntry, ParamOptions, StandardInput, StandardSchemaOptions, OutputOf } from './declaration/Tool';
export type { ToolAnnotations, Icon, JsonObject } from './declaration/metadata';
export { ToolDeclaration } from './declaration/ToolDeclaration';
export type { ToolSchemas } from './declaration/ToolDeclaration';
export type { ToolDeclarationOptions } from './declaration/ToolDeclarationOptions';
export type { ToolsListResult, InitializeResult, DiscoverResult, ResourcesListResult, ResourceTemplatesListResult, ServerCapabilities } from './declaration/results';
export { ServerIdentity } from './declaration/ServerIdentity';
export { serverCard, SERVER_CARD_SCHEMA, SERVER_CARD_MEDIA_TYPE } from './identity/serverCard';
export type { ServerCard, ServerCardOptions } from './identity/serverCard';
export { registryEntry, REGISTRY_ENTRY_SCHEMA } from './identity/registryEntry';
export type { RegistryEntry, RegistryEntryOptions, NpmPackage } from './identity/registryEntry';
export { REGISTRY_NAME_PATTERN } from './identity/registryFields';
export type { RegistryFields, Repository, Remote, RemoteEntry } from './identity/registryFields';
export type { ServerInfo, ServerIdentityOptions } from './declaration/ServerIdentity';
export { Catalog } from './declaration/Catalog';
export { Resource } from './declaration/Resource';
export type { ResourceListEntry, FixedContents } from './declaration/Resource';
export { ResourceTemplate } from './declaration/ResourceTemplate';
export type { ResourceTemplateListEntry } from './declaration/ResourceTemplate';
export { Prompt } from './declaration/Prompt';
export type { PromptArgument, PromptArgumentOptions, PromptListEntry } from './declaration/Prompt';
export type { PromptsListResult } from './declaration/results';
export type { PromptOptions } from './declaration/promptArguments';
export { MAX_COMPLETION_VALUES } from './declaration/completion';
export type { Completion, CompletionContext, CompletionFn, CompletionRequest, CompletionResult } from './declaration/completion';
export type { PromptContext, PromptMessage, PromptProcedure, PromptResult } from './remoting/ServiceDefinition';
export type { ResourceAnnotations } from './declaration/ResourceEntry';
export type { ToolUi, UiVisibility, AppResourceUi, AppResourceOptions, AppCsp, AppPermissions } from './declaration/appUi';
export { UI_EXTENSION_ID, UI_MIME_TYPE, UI_RESOURCE_URI_KEY } from './protocol/apps';
export { clientSupportsUi } from './remoting/clientSupportsUi';
export { LATEST_PROTOCOL_VERSION, LATEST_MODERN_VERSION, SUPPORTED_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS, DEFAULT_NEGOTIATED_VERSION, profileFor, isModernVersion } from './protocol/profile';
export { META } from './protocol/meta';
export type { RequestMeta } from './protocol/meta';
export type { ProtocolProfile, Era } from './protocol/profile';
export { LOGGING_LEVELS, DEFAULT_LOGGING_LEVEL, isLoggingLevel } from './protocol/logLevels';
export type { LoggingLevel, LoggingOptions } from './protocol/logLevels';

export { ServiceDefinition } from './remoting/ServiceDefinition';
export type { Procedure, ProcedureEntry, CallContext, ToolProcedure, ToolResult, ReadContext, ReadContent, ReadResult, ReadProcedure } from './remoting/ServiceDefinition';
export { RemotingFault } from './faults/RemotingFault';
export { InputUnavailableError } from './remoting/InputUnavailableError';
export { InvalidAnswerError } from './remoting/InvalidAnswerError';
export type { AskOptions, ElicitRequest, ElicitResult, SchemaElicitRequest, SchemaElicitResult, SampleRequest, SampleResult, ListRootsResult } from './remoting/asks';
export { JsonRpcFault } from './faults/JsonRpcFault';
export { McpError } from './faults/McpError';
export { ErrorCodes } from './faults/ErrorCodes';
export type { ErrorCode } from './faults/ErrorCodes';

export type { Formatter } from './content/Formatter';
export { decompose } from './content/decompose';
export { ContentType, ContentFormatter } from './content/ContentType';
export type { OutputSink, FormatContext } from './content/ContentType';
export { TextContent, TextFormatter, textContent } from './content/TextContent';
export { YamlTextFormatter } from './content/YamlTextFormatter';
export { MediaContent, ImageContent, AudioContent, MediaFormatter, imageContent, audioContent } from './content/MediaContent';
export { BlocksContent, ResourceContent, blocksContent, resourceContent } from './content/BlocksContent';
export { text, image, audio, resource, resourceLink } from './content/blocks';
export type { ContentBlock, ResourceContents, ResourceLinkFields, BlockExtras, Annotations, Bytes } from './content/blocks';
export { ValueBuilder } from './content/ValueBuilder';
export { toolError } from './remoting/ToolError';
export { withResultMeta } from './remoting/ResultMeta';
export type { ResultMeta } from './remoting/ResultMeta';
export type { ToolError } from './remoting/ToolError';

export { Dispatcher } from './dispatch/Dispatcher';
export type { DispatchContext } from './dispatch/DispatchContext';
export type { DispatcherOptions } from './dispatch/setup';
export type { MissingProcedures } from './dispatch/missingProcedures';
export { DEFAULT_LIMITS } from './dispatch/defaultLimits';
export type { Limits } from './dispatch/defaultLimits';
export { logToStderr } from './dispatch/errorPolicy';
export type { ErrorHook, ErrorInfo } from './dispatch/errorPolicy';
export type { RequestId } from './dispatch/jsonRpc';
export type { ProgressToken } from './dispatch/notifications';

export type {
  TelemetryOptions,
  TelemetryApi,
  TelemetryTracer,
  TelemetryMeter,
  TelemetrySpan,
  TelemetrySpanOptions,
  TelemetrySpanContext,
  TelemetryHistogram,
  TelemetryAttributes,
  TelemetryContext,
} from './telemetry/TelemetryOptions';

export type { HttpOptions } from './httpRules/HttpOptions';

export type { AuthInfo, TokenVerifier } from './auth/AuthInfo';
export type { Principal, TokenPrincipal, ConnectionPrincipal, AnonymousPrincipal } from './auth/Principal';
export { AuthServerUnavailableError } from './auth/AuthServerUnavailableError';
export type { AuthOptions } from './httpRules/AuthOptions';
export type { ProtectedResourceMetadataDocument } from './httpRules/ProtectedResourceMetadata';

export { MemoryTaskStore, DEFAULT_MAX_TASKS } from './tasks/MemoryTaskStore';
export type { TaskStore } from './tasks/TaskStore';
export type { TaskStoreOptions } from './tasks/TaskStoreOptions';
export type { TaskRecord, TaskStatus, TaskError } from './tasks/TaskRecord';
export type { MemoryTaskStoreOptions } from './tasks/MemoryTaskStore';
export { MemoryRateLimitStore, DEFAULT_RATE_LIMIT_KEYS } from './governance/MemoryRateLimitStore';
export type { MemoryRateLimitStoreOptions } from './governance/MemoryRateLimitStore';
export type { RateLimitStore, RateLimitCheck, RateLimitDecision } from './governance/RateLimitStore';
export type { RateLimit, RateLimitOptions, RateLimitScope } from './governance/RateLimitOptions';
export type { Duration } from './governance/duration';
export { MemoryStateStore } from './governance/MemoryStateStore';
export type { MemoryStateStoreOptions } from './governance/MemoryStateStore';
export type { StateStore } from './governance/StateStore';
export type { StateOptions } from './governance/StateOptions';
export { StateUnavailableError, StateLimitError } from './governance/CallState';
export type { CallState, StateSetOptions } from './governance/CallState';
export { jsonLinesAudit } from './governance/jsonLinesAudit';
export type { AuditStream } from './governance/jsonLinesAudit';
export type { AuditEvent, AuditOptions, AuditOutcome, AuditPrincipal, AuditSink, AuditValues } from './governance/AuditEvent';
export { TERMINAL_TASK_STATUSES, isTerminalTaskStatus } from './tasks/TaskRecord';
export { MemoryNotificationBus } from './notifications/MemoryNotificationBus';
export type { NotificationBus, BusMessage, BusSubscriber } from './notifications/NotificationBus';
export type { CatalogChange, CatalogChangeListener, ListKind } from './notifications/CatalogChange';
export type { LiveCapabilities } from './declaration/results';
