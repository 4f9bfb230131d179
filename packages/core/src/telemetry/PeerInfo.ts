/**
 * PeerInfo: what a transport knows of where a message came from, for telemetry only
 * (`network.transport`, `network.protocol.*`, `client.address`, `client.port`). A transport
 * offers it as `DispatchContext.peer()`, which core calls only when the `telemetry` option is on.
 */

/** Where a message came from. */
export interface PeerInfo {
  /** `network.transport`: `tcp` for HTTP, `pipe` for stdio. */
  readonly transport: 'tcp' | 'quic' | 'pipe' | 'unix';
  /** `network.protocol.name` (`http`), when there is one above the transport. */
  readonly protocol?: string;
  /** `network.protocol.version` (`1.1`, `2`), when known. */
  readonly protocolVersion?: string;
  /** `client.address`: the peer's address, when the transport can see it. */
  readonly address?: string;
  /** `client.port`: the peer's port, with the address. */
  readonly port?: number;
}

/** The peer of every stdio message. */
export const PIPE_PEER: PeerInfo = Object.freeze({ transport: 'pipe' });
