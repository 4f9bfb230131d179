/**
 * appUi: the MCP Apps metadata of the declaration — what `tool.setUi` publishes in a tool's
 * `_meta` (the view's `ui://` URI and who may call the tool) and what an app resource carries in
 * its `_meta.ui` (the view's CSP origins, the browser permissions it asks for, its sandbox
 * domain, its border preference) — with the checks their setters run.
 */
import { describe } from '../schema/Property';
import { UI_RESOURCE_URI_KEY } from '../protocol/apps';
import type { JsonObject } from './metadata';

/** Who may call a tool: the model, the view (the app), or both (the default). */
export type UiVisibility = 'model' | 'app';

/** The view of a tool (MCP Apps `McpUiToolMeta`), given to {@link Tool.setUi}. */
export interface ToolUi {
  /** The `ui://` URI of the view resource the host renders for this tool's results. */
  resourceUri: string;
  /** Who may call the tool (default both): `['app']` hides it from the model, `['model']` keeps views from calling it. */
  visibility?: readonly UiVisibility[];
}

/** The origins a view may reach; the host turns them into its Content Security Policy. Each is a list of origins. */
export interface AppCsp {
  /** Origins for fetch/XHR/WebSocket (`connect-src`). */
  connectDomains?: readonly string[];
  /** Origins for scripts, styles, images, fonts, media. */
  resourceDomains?: readonly string[];
  /** Origins for nested iframes (`frame-src`). */
  frameDomains?: readonly string[];
  /** Allowed base URIs (`base-uri`). */
  baseUriDomains?: readonly string[];
}

/** The browser permissions a view asks for (hosts may grant them through the iframe's `allow`). */
export interface AppPermissions {
  camera?: Record<string, never>;
  microphone?: Record<string, never>;
  geolocation?: Record<string, never>;
  clipboardWrite?: Record<string, never>;
}

/** The `_meta.ui` of a view resource (MCP Apps `McpUiResourceMeta`). */
export interface AppResourceUi {
  /** The origins the view needs (none by default: no network). */
  csp?: AppCsp;
  /** The browser permissions the view asks for. */
  permissions?: AppPermissions;
  /** A dedicated sandbox origin, in the host's own format. */
  domain?: string;
  /** Whether the view wants the host's border and background. */
  prefersBorder?: boolean;
}

/** The options of `decl.addAppResource`: the view's `_meta.ui` and, optionally, its HTML. */
export interface AppResourceOptions extends AppResourceUi {
  /** The view's HTML document, served as fixed contents (else register a read procedure for the URI). */
  html?: string;
}

const VISIBILITIES: readonly string[] = ['model', 'app'];
const CSP_KEYS: readonly string[] = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'];
const PERMISSION_KEYS: readonly string[] = ['camera', 'microphone', 'geolocation', 'clipboardWrite'];
/** The members of {@link AppResourceUi}. */
export const APP_RESOURCE_UI_KEYS: readonly string[] = ['csp', 'permissions', 'domain', 'prefersBorder'];

/** A `ui://` URI: the scheme, then at least one character, no whitespace. */
export function isUiUri(uri: unknown): uri is string {
  return typeof uri === 'string' && /^ui:\/\/\S+$/.test(uri) && uri.length <= 2048;
}

/** A frozen copy of a valid {@link ToolUi}. @throws TypeError naming the bad member. */
export function checkToolUi(what: string, ui: unknown): Readonly<ToolUi> {
  const object = checkObject(what, ui);
  const unknown = Object.keys(object).find((key) => key !== 'resourceUri' && key !== 'visibility');
  if (unknown !== undefined) throw new TypeError(`${what}: unknown member "${unknown}" (known: resourceUri, visibility)`);
  const { resourceUri, visibility } = object;
  if (!isUiUri(resourceUri)) throw new TypeError(`${what}: expected resourceUri to be a ui:// URI, got ${typeof resourceUri === 'string' ? JSON.stringify(resourceUri) : describe(resourceUri)}`);
  const copy: ToolUi = { resourceUri };
  if (visibility !== undefined) {
    if (!Array.isArray(visibility) || visibility.length === 0 || !visibility.every((v) => VISIBILITIES.includes(v as string)) || new Set(visibility).size !== visibility.length) {
      throw new TypeError(`${what}: expected visibility to be a non-empty array of distinct "model" | "app", got ${JSON.stringify(visibility) ?? describe(visibility)}`);
    }
    copy.visibility = Object.freeze([...(visibility as UiVisibility[])]);
  }
  return Object.freeze(copy);
}

/** A copy of a valid {@link AppResourceUi} as the JSON object `_meta.ui` holds. @throws TypeError naming the bad member. */
export function checkAppResourceUi(what: string, ui: unknown): JsonObject {
  const object = checkObject(what, ui);
  const copy: JsonObject = {};
  for (const [key, value] of Object.entries(object)) {
    if (value === undefined) continue;
    switch (key) {
      case 'csp':
        copy.csp = checkCsp(`${what}: csp`, value);
        break;
      case 'permissions':
        copy.permissions = checkPermissions(`${what}: permissions`, value);
        break;
      case 'domain':
        if (typeof value !== 'string' || value === '') throw new TypeError(`${what}: expected domain to be a non-empty string, got ${describe(value)}`);
        copy.domain = value;
        break;
      case 'prefersBorder':
        if (typeof value !== 'boolean') throw new TypeError(`${what}: expected prefersBorder to be a boolean, got ${describe(value)}`);
        copy.prefersBorder = value;
        break;
      default:
        throw new TypeError(`${what}: unknown member "${key}" (known: ${APP_RESOURCE_UI_KEYS.join(', ')})`);
    }
  }
  return copy;
}

/**
 * `meta` with `ui` merged into its `ui` member (the member's other keys kept) and, when `flatUri`
 * is given, the deprecated flat `ui/resourceUri` key: what a tool or view resource publishes.
 */
export function withUi(meta: Readonly<JsonObject> | undefined, ui: object, flatUri?: string): JsonObject {
  const own = meta?.ui;
  const merged: JsonObject = { ...meta, ui: { ...(typeof own === 'object' && own !== null && !Array.isArray(own) ? own : {}), ...ui } };
  if (flatUri !== undefined) merged[UI_RESOURCE_URI_KEY] = flatUri;
  return merged;
}

function checkCsp(what: string, value: unknown): JsonObject {
  const object = checkObject(what, value);
  const copy: JsonObject = {};
  for (const [key, list] of Object.entries(object)) {
    if (list === undefined) continue;
    if (!CSP_KEYS.includes(key)) throw new TypeError(`${what}: unknown member "${key}" (known: ${CSP_KEYS.join(', ')})`);
    if (!Array.isArray(list) || !list.every((origin) => typeof origin === 'string' && origin !== '' && !/\s/.test(origin))) {
      throw new TypeError(`${what}: expected ${key} to be an array of origins (non-empty strings without spaces), got ${JSON.stringify(list) ?? describe(list)}`);
    }
    copy[key] = [...(list as string[])];
  }
  return copy;
}

function checkPermissions(what: string, value: unknown): JsonObject {
  const object = checkObject(what, value);
  const copy: JsonObject = {};
  for (const [key, permission] of Object.entries(object)) {
    if (permission === undefined) continue;
    if (!PERMISSION_KEYS.includes(key)) throw new TypeError(`${what}: unknown permission "${key}" (known: ${PERMISSION_KEYS.join(', ')})`);
    if (typeof permission !== 'object' || permission === null || Array.isArray(permission) || Object.keys(permission).length) {
      throw new TypeError(`${what}: expected ${key} to be {}, got ${JSON.stringify(permission) ?? describe(permission)}`);
    }
    copy[key] = {};
  }
  return copy;
}

function checkObject(what: string, value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError(`${what}: expected an object, got ${describe(value)}`);
  return value as Record<string, unknown>;
}
