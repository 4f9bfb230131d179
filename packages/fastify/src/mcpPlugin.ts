/**
 * mcpPlugin: the stateless Streamable HTTP endpoint as a Fastify 5 plugin — core's
 * `HttpPipeline` over the raw Node request and response of each call (core's `NodeExchange`),
 * so it answers byte for byte what `@toolwire/express` answers. In its own encapsulated context
 * it replaces Fastify's body parsers with one that leaves the body unread (the pipeline reads it,
 * within `maxBodyBytes`) and routes every method at `path` to the pipeline (non-POST → 405).
 */
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { HttpPipeline, NodeExchange } from '@toolwire/core/http';
import type { HttpOptions, ServiceDefinition, ToolDeclaration } from '@toolwire/core';

/** Options of {@link mcpPlugin}: what to serve and where, plus the options of every HTTP transport. */
export interface McpPluginOptions extends HttpOptions {
  /** The tools to serve. */
  readonly decl: ToolDeclaration;
  /** Their procedures. */
  readonly defs: ServiceDefinition;
  /** The endpoint's path inside the plugin's prefix (default `/mcp`). */
  readonly path?: string;
}

const OWNER = Object.freeze({ name: '@toolwire/fastify', factory: 'mcpPlugin' });

/**
 * Serves `decl`'s tools, implemented by `defs`, at `path`. Options are checked and compiled
 * when the plugin is registered, once; procedures see the `FastifyRequest` as `context.request`.
 * @throws TypeError (from `register`, `ready` or `listen`) when `decl`, `defs` or an option has the wrong type.
 * @example
 * const app = Fastify();
 * await app.register(mcpPlugin, { decl, defs, path: '/mcp', allowedOrigins: ['https://app.example.com'] });
 * await app.listen({ host: '127.0.0.1', port: 3000 });
 */
export const mcpPlugin: FastifyPluginCallback<McpPluginOptions> = function mcpPlugin(app, options, done) {
  // Fastify passes its own registration options (prefix, logLevel, …) along; they are not ours
  const { decl, defs, path = '/mcp', prefix: _prefix, logLevel: _logLevel, logSerializers: _logSerializers, ...http } = options as McpPluginOptions & Record<string, unknown>;
  let pipeline: HttpPipeline;
  try {
    pipeline = new HttpPipeline(OWNER, decl, defs, http);
  } catch (error) {
    return done(error as Error); // Fastify reports it from register/ready/listen
  }
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, leaveUnread) => leaveUnread(null, undefined));
  const serve = (request: FastifyRequest, reply: FastifyReply): void => {
    reply.hijack();
    pipeline.serve(new NodeExchange(request.raw, reply.raw, undefined, request));
  };
  app.all(path, serve);
  // the server card (experimental `serverCard` option) at <path>/server-card
  if (pipeline.servesCard) app.all(`${path.replace(/\/$/, '')}/server-card`, serve);
  done();
};
