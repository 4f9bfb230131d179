/**
 * Entry: `node dist/main.js` — serves at http://127.0.0.1:PORT/mcp (PORT, default 3000) and
 * exports its spans to OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (default http://127.0.0.1:4318/v1/traces,
 * an OpenTelemetry Collector's OTLP/HTTP receiver).
 */
import { startOtelServer } from './server';

const endpoint = process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? 'http://127.0.0.1:4318/v1/traces';
void startOtelServer(endpoint, Number(process.env.PORT ?? 3000)).then((server) => {
  console.error(`otel-server: ${server.url}, spans to ${endpoint}`);
  const stop = (): void => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
});
