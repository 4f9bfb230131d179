/**
 * @toolwire/core/http — what an HTTP adapter author uses (Express, Fastify and the fetch adapter
 * are built on it; so could one for any other framework): the Streamable HTTP pipeline
 * (`HttpPipeline`) and its adapter interface (`HttpExchange`, with `NodeExchange` for Node's
 * request and response), the HTTP rules and refusals it applies, the bearer-token rules and the
 * RFC 9728 document, the event-stream framing and queue, and the HTTP options' defaults. A stdio
 * server never loads it.
 */
export { HttpPipeline } from './pipeline/HttpPipeline';
export type { PipelineOwner } from './pipeline/HttpPipeline';
export type { HttpExchange, BodySink, WholeBody } from './pipeline/HttpExchange';
export { NodeExchange, LINGER_BOUNDS } from './pipeline/NodeExchange';
export type { NodeRequest, NodeResponse, LingerBounds } from './pipeline/NodeExchange';
export { ExchangeContext } from './pipeline/ExchangeContext';
export { EventStreamWriter } from './pipeline/EventStreamWriter';
export { utf8Length } from './pipeline/utf8';

export { HttpRules } from './httpRules/HttpRules';
export type { HttpRequestHead } from './httpRules/HttpRules';
export { resolveHttpOptions, DEFAULT_MAX_BODY_BYTES } from './httpRules/HttpOptions';
export type { ResolvedHttpOptions } from './httpRules/HttpOptions';
export { HttpRefusals } from './httpRules/HttpRefusal';
export type { HttpRefusal, HttpRefusalStatus } from './httpRules/HttpRefusal';
export { EVENT_STREAM_HEADERS, acceptsEventStream, eventStreamFrame } from './httpRules/eventStream';
export { EventQueue, progressKey, DEFAULT_MAX_SSE_BUFFER_BYTES } from './httpRules/EventQueue';
export type { EventFraming } from './httpRules/EventQueue';

export { resolveAuthOptions } from './httpRules/AuthOptions';
export type { ResolvedAuth } from './httpRules/AuthOptions';
export type { AuthOutcome } from './httpRules/BearerAuth';
export { ProtectedResourceMetadata } from './httpRules/ProtectedResourceMetadata';
export type { HttpReply } from './httpRules/ProtectedResourceMetadata';
export { resourceMetadataUrl } from './auth/resourceUrl';
