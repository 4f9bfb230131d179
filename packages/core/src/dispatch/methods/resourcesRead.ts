/**
 * resources/read, for every era: handed to the ResourceReader. The rules a read must pass first
 * (the resource's scopes) are the pipeline's chain; the result carries what its version's results
 * end with (2026-07-28: cache hints, resultType, serverInfo `_meta`).
 */
import { isObject } from '../../guards';
import { resourceTarget } from '../resourceTarget';
import type { MethodDescriptor } from './MethodDescriptor';
import { METHOD } from '../../protocol/methodNames';

export const resourcesRead: MethodDescriptor = {
  method: METHOD.resourcesRead,
  eras: ['legacy', 'modern'],
  offered: (decl) => decl.catalog.hasResources,
  targetKind: 'resource',
  // a URI over maxUriLength names nothing: the reader refuses it, and no template is tried
  target: (params, { decl, resources }) =>
    isObject(params) && typeof params.uri === 'string' && params.uri.length <= resources.maxUriLength ? resourceTarget(decl, params.uri) : undefined,
  nameHeader: { param: 'uri', noun: 'URI' },
  stamped: true,
  handle: (request, { resources }) => resources.read(request),
};
