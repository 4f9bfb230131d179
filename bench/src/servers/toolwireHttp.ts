/** Server program: toolwire's framework-neutral `mcpHandler` as a plain `node:http` request listener. */
import { createServer } from 'node:http';
import { mcpHandler } from '@toolwire/express';
import { toolwireService } from './toolwireDefinition';
import { listenOnLoopback, runServerProgram } from './serverIpc';
import { toolCountFromEnv } from '../fixture/toolSpecs';

const { decl, defs } = toolwireService(toolCountFromEnv());

runServerProgram(() => listenOnLoopback(createServer(mcpHandler(decl, defs))));
