/**
 * methodNames: the MCP method names, the one place they are spelled — the requests and
 * notifications the server serves (each served one has its descriptor in `dispatch/methods/`,
 * which says everything else about it) and those it sends (notifications, asks of the client).
 */
export const METHOD = Object.freeze({
  initialize: 'initialize',
  ping: 'ping',
  discover: 'server/discover',
  setLevel: 'logging/setLevel',
  toolsList: 'tools/list',
  toolsCall: 'tools/call',
  resourcesList: 'resources/list',
  resourceTemplatesList: 'resources/templates/list',
  resourcesRead: 'resources/read',
  promptsList: 'prompts/list',
  promptsGet: 'prompts/get',
  completionComplete: 'completion/complete',
  tasksGet: 'tasks/get',
  tasksUpdate: 'tasks/update',
  tasksCancel: 'tasks/cancel',
  tasksResult: 'tasks/result',
  tasksList: 'tasks/list',
  cancelled: 'notifications/cancelled',
  initialized: 'notifications/initialized',
  progress: 'notifications/progress',
  message: 'notifications/message',
  taskStatus: 'notifications/tasks/status',
  elicit: 'elicitation/create',
  sample: 'sampling/createMessage',
  listRoots: 'roots/list',
} as const);
