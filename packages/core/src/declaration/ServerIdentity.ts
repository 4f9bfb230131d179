/**
 * ServerIdentity: who the server is — its name, version, title, icons, website and the
 * instructions for the client's model. It is the one identity every payload that names the
 * server reads (`initialize`'s serverInfo, `server/discover`, the modern results' serverInfo
 * `_meta`, later a server card), written with the fields each protocol version defines.
 */
import { checkIcons, checkText } from './metadata';
import type { Icon } from './metadata';
import { describe } from '../schema/Property';
import type { ProtocolProfile } from '../protocol/profile';

/** The MCP `Implementation` of the server, as a version's payloads carry it. */
export interface ServerInfo {
  name: string;
  version: string;
  title?: string;
  icons?: Icon[];
  websiteUrl?: string;
}

/** The optional parts of a {@link ServerIdentity}. */
export interface ServerIdentityOptions {
  title?: string;
  instructions?: string;
  icons?: readonly Icon[];
  websiteUrl?: string;
}

/** The identity of a server (checked once, immutable). */
export class ServerIdentity {
  readonly title?: string;
  readonly instructions?: string;
  readonly icons?: readonly Icon[];
  readonly websiteUrl?: string;

  /** @throws TypeError for an empty name or version and for a mistyped option. */
  constructor(
    readonly name: string,
    readonly version: string,
    options: ServerIdentityOptions = {},
  ) {
    if (typeof name !== 'string' || !name) throw new TypeError(`ToolDeclaration: expected a non-empty server name, got ${describe(name)}`);
    if (typeof version !== 'string' || !version) throw new TypeError(`ToolDeclaration: expected a non-empty server version, got ${describe(version)}`);
    if (options.title !== undefined) this.title = checkText('ToolDeclaration option title', options.title);
    if (options.instructions !== undefined) this.instructions = checkText('ToolDeclaration option instructions', options.instructions);
    if (options.icons !== undefined) this.icons = checkIcons('ToolDeclaration option icons', options.icons);
    if (options.websiteUrl !== undefined) this.websiteUrl = checkText('ToolDeclaration option websiteUrl', options.websiteUrl);
  }

  /** The server's `Implementation` with the fields `profile`'s version defines. */
  serverInfo(profile: ProtocolProfile): ServerInfo {
    const info: ServerInfo = { name: this.name, version: this.version };
    if (this.title && profile.titles) info.title = this.title;
    if (this.icons && profile.icons) info.icons = this.icons.map((icon) => ({ ...icon }));
    if (this.websiteUrl && profile.icons) info.websiteUrl = this.websiteUrl;
    return info;
  }
}
