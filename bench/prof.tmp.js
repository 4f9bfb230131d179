const { Dispatcher } = require('@toolwire/core');
const { toolwireService } = require('./dist/servers/toolwireDefinition');
const { workload } = require('./dist/fixture/workloads');
const mode = process.argv[2];
const { decl, defs } = toolwireService(10, {});
const d = new Dispatcher(defs, decl);
const w = workload('modern-call-add');
let body = w.body, ctx;
if (mode === 'modern') ctx = { protocolVersion: '2026-07-28', header: (n) => w.headers[n] };
else { body = body.replace('io.modelcontextprotocol/protocolVersion', 'example.com/not-a-protocol-version-claim'); ctx = { protocolVersion: '2025-11-25' }; }
console.log(d.handle(body, ctx).body);
const end = Date.now() + Number(process.argv[3] || 3000);
let n = 0; const t0 = process.hrtime.bigint();
while (Date.now() < end) { for (let i = 0; i < 1000; i++) d.handle(body, ctx); n += 1000; }
console.log(mode, (Number(process.hrtime.bigint() - t0) / n).toFixed(0), 'ns/op');
