/**
 * tools/call: handed to the ToolCaller, which validates, calls and formats — after the scope
 * check of a protected endpoint: a token that lacks a scope of the named tool
 * (`tool.setScopes`) is answered 403 `insufficient_scope` before anything else happens.
 */
import type { RequestHandler } from './Handler';
import { scopeRefusal } from '../scopeRefusal';

export const toolsCall: RequestHandler = (request, { tools, decl }) => scopeRefusal(request, decl) ?? tools.call(request);
