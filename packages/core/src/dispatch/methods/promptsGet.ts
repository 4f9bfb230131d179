/**
 * prompts/get, for every era: handed to the PromptGetter, which checks the arguments, runs the
 * procedure as every call runs and writes its messages. The rules a get must pass first (the
 * prompt's scopes, the cap on calls in flight) are the pipeline's chain; the era stamps the
 * result. On 2026-07-28 over HTTP, `Mcp-Name` must state the prompt's name.
 */
import { isObject } from '../../guards';
import type { MethodDescriptor } from './MethodDescriptor';
import { METHOD } from '../../protocol/methodNames';

export const promptsGet: MethodDescriptor = {
  method: METHOD.promptsGet,
  eras: ['legacy', 'modern'],
  offered: (decl) => decl.catalog.hasPrompts,
  targetKind: 'prompt',
  target: (params, { decl }) => (isObject(params) && typeof params.name === 'string' ? decl.getPrompt(params.name) : undefined),
  nameHeader: { param: 'name', noun: 'prompt' },
  stamped: true,
  handle: (request, { prompts }) => prompts.get(request),
};
