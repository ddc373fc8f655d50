#!/usr/bin/env node
// The `support-mcp` bin: runs the TypeScript entry mcp/main.ts through tsx (a dependency), in this
// process, so stdio stays the protocol's. Usage: support-mcp --stdio | --http (see docs/mcp.md).
import { register } from 'tsx/esm/api';

register();
await import('../main.ts');
