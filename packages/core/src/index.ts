/**
 * @toolwire/core — what tool authors use: schema types, declarations, procedures, faults,
 * content types, the dispatcher, the options of every transport (HTTP rules, authorization) and
 * the task stores. What transport authors use — the HTTP pipeline and its adapter interface, the
 * HTTP rules, JSON-RPC envelopes, setup checks — is the other entry, `@toolwire/core/transport`
 * (`transport.ts`). These two files are the only barrels.
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
export type { ToolDeclarationOptions, ToolSchemas, ToolsListResult, InitializeResult, DiscoverResult, ResourcesListResult, ResourceTemplatesListResult, ServerCapabilities } from './declaration/ToolDeclaration';
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
export type { PromptsListResult } from './declaration/ToolDeclaration';
export { MAX_COMPLETION_VALUES } from './declaration/completion';
export type { Completion, CompletionContext, CompletionFn, CompletionRequest, CompletionResult } from './declaration/completion';
export type { PromptContext, PromptMessage, PromptProcedure, PromptResult } from './remoting/ServiceDefinition';
export type { ResourceAnnotations } from './declaration/ResourceEntry';
export type { ToolUi, UiVisibility, AppResourceUi, AppResourceOptions, AppCsp, AppPermissions } from './declaration/appUi';
export { UI_EXTENSION_ID, UI_MIME_TYPE, UI_RESOURCE_URI_KEY } from './protocol/apps';
export { clientSupportsUi } from './remoting/clientSupportsUi';
export { LATEST_PROTOCOL_VERSION, LATEST_MODERN_VERSION, SUPPORTED_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS, DEFAULT_NEGOTIATED_VERSION, profileFor, isModernVersion } from './protocol/profile';
export { META, claimOf } from './protocol/meta';
export type { RequestMeta } from './protocol/meta';
export { headerValue } from './protocol/headers';
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
export type { DispatchResult, DispatchStatus } from './dispatch/DispatchResult';
export type { DispatcherOptions } from './dispatch/setup';
export type { MissingProcedures } from './dispatch/missingProcedures';
export { DEFAULT_LIMITS } from './dispatch/limits';
export type { Limits } from './dispatch/limits';
export { logToStderr } from './dispatch/errorPolicy';
export type { ErrorHook, ErrorInfo } from './dispatch/errorPolicy';
export { Session } from './dispatch/Session';
export type { RequestId } from './dispatch/jsonRpc';
export type { ProgressToken } from './dispatch/notifications';

export { PIPE_PEER } from './telemetry/PeerInfo';
export type { PeerInfo } from './telemetry/PeerInfo';
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

export { DEFAULT_MAX_BODY_BYTES } from './httpRules/HttpOptions';
export type { HttpOptions } from './httpRules/HttpOptions';

export type { AuthInfo, TokenVerifier } from './auth/AuthInfo';
export type { Principal, TokenPrincipal, ConnectionPrincipal, AnonymousPrincipal } from './auth/Principal';
export { AuthServerUnavailableError } from './auth/AuthServerUnavailableError';
export type { AuthOptions } from './httpRules/AuthOptions';
export { Access } from './auth/Access';
export type { AccessPolicy } from './auth/Access';
export type { ProtectedResourceMetadataDocument } from './httpRules/ProtectedResourceMetadata';
export { resourceMetadataUrl } from './auth/resourceUrl';
export { DEFAULT_MAX_SSE_BUFFER_BYTES } from './httpRules/EventQueue';

export { MemoryTaskStore, DEFAULT_MAX_TASKS } from './tasks/MemoryTaskStore';
export type { MemoryTaskStoreOptions } from './tasks/MemoryTaskStore';
export { TASK_STOPPED_ERROR } from './tasks/TaskStore';
export type { TaskStore, TaskInit, TaskEvent, TaskEventListener, TaskPage } from './tasks/TaskStore';
export { TERMINAL_TASK_STATUSES, isTerminalTaskStatus } from './tasks/TaskRecord';
export type { TaskRecord, TaskStatus, TaskError, TaskLease, TaskInputRequests, TaskInputResponses } from './tasks/TaskRecord';
export { resolveTaskStoreOptions, DEFAULT_TASK_LEASE_MS, DEFAULT_MAX_TASKS_PER_OWNER, DEFAULT_MAX_TASK_RESULT_BYTES } from './tasks/TaskStoreOptions';
export type { TaskStoreOptions, ResolvedTaskStoreOptions } from './tasks/TaskStoreOptions';
export { createTaskId, isTaskId, TASK_ID_BYTES } from './tasks/createTaskId';
export { TaskEvents } from './tasks/TaskEvents';
export { checkTaskInit, checkTaskResult, checkTaskError, checkInputRequests, checkInputResponses, checkStatusMessage, checkListArguments, isJsonObject, oversizedResult, toJsonText } from './tasks/taskChecks';
export { startRepeating } from './tasks/timers';
export type { RepeatingTimer } from './tasks/timers';
