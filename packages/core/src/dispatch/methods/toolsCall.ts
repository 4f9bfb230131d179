/** tools/call: handed to the ToolCaller, which validates, calls and formats. */
import type { RequestHandler } from './Handler';

export const toolsCall: RequestHandler = (request, { tools }) => tools.call(request);
