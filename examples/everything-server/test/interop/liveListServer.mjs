// A stdio server for the official clients' live-list interop: its tool `announce` publishes
// a tools list_changed on the server's notification bus (as a runtime catalog change would).
import { MemoryNotificationBus, ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import { serveStdio } from '@toolwire/stdio';

const bus = new MemoryNotificationBus();
const decl = new ToolDeclaration('live-list-server', '1.0.0');
decl.addTool('announce', 'Announces that the tool list changed');
const defs = new ServiceDefinition().registerProcedure('announce', async () => {
  await bus.publish({ type: 'listChanged', list: 'tools' });
  return 'announced';
});
await serveStdio(defs, decl, { notificationBus: bus });
