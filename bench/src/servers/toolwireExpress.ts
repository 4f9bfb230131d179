/** Server program: toolwire's `mcpRouter` mounted on an Express 5 app at `/mcp`. */
import express from 'express';
import { createServer } from 'node:http';
import { mcpRouter } from '@toolwire/express';
import { toolwireService } from './toolwireDefinition';
import { listenOnLoopback, runServerProgram } from './serverIpc';
import { toolCountFromEnv } from '../fixture/toolSpecs';

const { decl, defs } = toolwireService(toolCountFromEnv());
const app = express();
app.use('/mcp', mcpRouter(decl, defs));

runServerProgram(() => listenOnLoopback(createServer(app)));
