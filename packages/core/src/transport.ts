/**
 * @toolwire/core/transport — what transport authors use, beside the main entry's names: the
 * Streamable HTTP pipeline (`HttpPipeline`) and its adapter interface (`HttpExchange`, with
 * `NodeExchange` for Node's request and response), the HTTP rules and refusals they apply, the
 * bearer-token rules and RFC 9728 document, the event-stream framing and queue, the JSON-RPC
 * envelopes a transport may need to write itself, and the setup checks of a transport's factory.
 * With the main entry, the only barrels.
 */
export { HttpPipeline } from './pipeline/HttpPipeline';
export type { PipelineOwner } from './pipeline/HttpPipeline';
export type { HttpExchange, BodySink, WholeBody } from './pipeline/HttpExchange';
export { NodeExchange, LINGER_BOUNDS } from './pipeline/NodeExchange';
export type { NodeRequest, NodeResponse, LingerBounds } from './pipeline/NodeExchange';
export { ExchangeContext } from './pipeline/ExchangeContext';
export { EventStreamWriter } from './pipeline/EventStreamWriter';
export { utf8Length } from './pipeline/utf8';

export { createDispatcher } from './dispatch/Dispatcher';
export { checkDispatcherArguments, checkDispatcherOptions, describeArgument, DISPATCHER_OPTION_NAMES } from './dispatch/setup';
export { errorResponse, parseErrorResponse, refusalResponse, internalErrorResponse, pingRequest } from './dispatch/jsonRpc';

export { HttpRules } from './httpRules/HttpRules';
export type { HttpRequestHead } from './httpRules/HttpRules';
export { resolveHttpOptions } from './httpRules/HttpOptions';
export type { ResolvedHttpOptions } from './httpRules/HttpOptions';
export { HttpRefusals } from './httpRules/HttpRefusal';
export type { HttpRefusal, HttpRefusalStatus } from './httpRules/HttpRefusal';
export { EVENT_STREAM_HEADERS, acceptsEventStream, eventStreamFrame } from './httpRules/eventStream';
export { EventQueue, progressKey } from './httpRules/EventQueue';
export type { EventFraming } from './httpRules/EventQueue';

export { resolveAuthOptions } from './httpRules/AuthOptions';
export type { ResolvedAuth } from './httpRules/AuthOptions';
export type { AuthOutcome } from './httpRules/BearerAuth';
export { ProtectedResourceMetadata } from './httpRules/ProtectedResourceMetadata';
export type { HttpReply } from './httpRules/ProtectedResourceMetadata';
