/**
 * hostPage: a minimal MCP Apps host as one HTML page. It connects to the MCP endpoint `/mcp`
 * with the official client (`@modelcontextprotocol/client`, declaring the Apps extension), finds
 * the tool's view through its `_meta.ui` (`getToolUiResourceUri`), reads the view resource,
 * renders it in a sandboxed iframe (`allow-scripts` only: an opaque origin) and connects an
 * `AppBridge` to it, which proxies the view's `tools/call` to the server. Then it calls the tool
 * as a model would and hands the result to the view. `window.hostLog` records each step (and
 * `window.hostError` a failure) for the test to report.
 */

/** The host page for `toolName`, loading modules through `importMap`. */
export function hostPage(importMap: object, toolName: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>toolwire MCP Apps test host</title>
<script type="importmap">${JSON.stringify(importMap)}</script>
<style>body{font:14px system-ui,sans-serif;margin:16px;background:#eef}iframe{width:640px;height:320px;border:1px solid #99a;background:#fff}</style>
</head><body>
<h2>Test host</h2>
<p id="host-status">starting…</p>
<iframe id="view" title="MCP App view" sandbox="allow-scripts"></iframe>
<script type="module">
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { AppBridge, PostMessageTransport, RESOURCE_MIME_TYPE, getToolUiResourceUri, buildAllowAttribute } from '@modelcontextprotocol/ext-apps/app-bridge';

const status = document.getElementById('host-status');
window.hostLog = [];
const log = (step) => { window.hostLog.push(step); status.textContent = step; };
try {
  const hostInfo = { name: 'toolwire-test-host', version: '1.0.0' };
  const client = new Client(hostInfo, { capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: [RESOURCE_MIME_TYPE] } } } });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', location.href)));
  const extension = client.getServerCapabilities()?.extensions?.['io.modelcontextprotocol/ui'];
  log('connected; server extension ' + JSON.stringify(extension));

  const { tools } = await client.listTools();
  const tool = tools.find((t) => t.name === ${JSON.stringify(toolName)});
  const uri = tool && getToolUiResourceUri(tool);
  if (!uri) throw new Error('the tool names no view: ' + JSON.stringify(tool));
  const { contents } = await client.readResource({ uri });
  const view = contents[0];
  if (view.mimeType !== RESOURCE_MIME_TYPE) throw new Error('the view is ' + view.mimeType);
  log('read ' + uri + ' (' + view.text.length + ' characters, _meta.ui ' + JSON.stringify(view._meta?.ui ?? {}) + ')');

  const iframe = document.getElementById('view');
  const allow = buildAllowAttribute(view._meta?.ui?.permissions);
  if (allow) iframe.setAttribute('allow', allow);
  const bridge = new AppBridge(client, hostInfo, { serverTools: {}, serverResources: {}, logging: {} });
  const initialized = new Promise((resolve) => { bridge.oninitialized = resolve; });
  await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
  iframe.srcdoc = view.text;
  await initialized;
  log('view initialized');
  const result = await client.callTool({ name: tool.name, arguments: {} });
  await bridge.sendToolResult(result);
  log('tool result sent to the view');
} catch (error) {
  window.hostError = String(error && error.stack || error);
  log('failed: ' + error);
}
</script>
</body></html>`;
}
