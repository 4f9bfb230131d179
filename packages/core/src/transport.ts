/**
 * @toolwire/core/transport — what a transport author uses beside the main entry: the dispatcher's
 * side of any transport (its factory with the setup checks, the JSON-RPC envelopes a transport
 * may write itself, the connection state of a stream transport, the per-request authorization,
 * where a message came from). HTTP adapters add `@toolwire/core/http`; stdio needs nothing more.
 */
export { createDispatcher } from './dispatch/Dispatcher';
export { checkDispatcherArguments, checkDispatcherOptions, describeArgument, DISPATCHER_OPTION_NAMES } from './dispatch/setup';
export { errorResponse, parseErrorResponse, refusalResponse, internalErrorResponse, pingRequest } from './dispatch/jsonRpc';

export { Session } from './dispatch/Session';
export type { DispatchResult, DispatchStatus } from './dispatch/DispatchResult';
export { Access } from './auth/Access';
export type { AccessPolicy } from './auth/Access';
export { claimOf } from './protocol/meta';
export { headerValue } from './protocol/headers';
export { PIPE_PEER } from './telemetry/PeerInfo';
export type { PeerInfo } from './telemetry/PeerInfo';
