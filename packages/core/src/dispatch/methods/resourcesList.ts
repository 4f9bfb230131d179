/**
 * resources/list and resources/templates/list: the declaration's cached page for the request's
 * profile and cursor (paginated like tools/list, with the same -32602 for an unknown or stale
 * cursor), large pages written from their pre-encoded bytes.
 */
import type { MethodDescriptor } from './MethodDescriptor';
import { listHandler } from './listHandler';
import { METHOD } from '../../protocol/methodNames';

export const resourcesList: MethodDescriptor = {
  method: METHOD.resourcesList,
  eras: ['legacy', 'modern'],
  offered: (decl) => decl.catalog.hasResources,
  handle: listHandler('resources'),
};

export const resourceTemplatesList: MethodDescriptor = {
  method: METHOD.resourceTemplatesList,
  eras: ['legacy', 'modern'],
  offered: (decl) => decl.catalog.hasResources,
  handle: listHandler('resourceTemplates'),
};
