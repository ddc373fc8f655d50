/**
 * What `hono`, `@hono/*` and `preact` resolve to inside server-core (tsconfig.server-core.json `paths`):
 * a module with no usable export, so any import of theirs fails to compile here. The domain never knows
 * HTTP or the widget (docs/decisions/architecture-boundaries.md); Biome's noRestrictedImports says so too.
 */
export declare const serverCoreNeverImportsHttpFrameworksOrPreact: unique symbol;
