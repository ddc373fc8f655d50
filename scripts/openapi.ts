import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { buildApp } from '../bff/app';
import { loadConfig } from '../bff/config';
import { silentLogger } from '../bff/logger';
import { ERRORS_MD, renderErrorTable } from '../bff/openapi/error-table';
import { OPENAPI_JSON, OPENAPI_TYPES, renderOpenApiFiles } from '../bff/openapi/generate';
import { createServices } from '../bff/services';
import { createDomainProofFetcher } from '../runtime/http/domain-proof-fetcher';
import { openPglite } from '../server-core/db/adapters/pglite';
import { systemClock } from '../server-core/lib/clock';

/**
 * `npm run openapi`: writes bff/openapi/openapi.json and schema.d.ts from the routes, and docs/errors.md
 * from the error catalog and the status table. The app is built over a throwaway in-memory database
 * (the document does not depend on data); `--check` fails when the committed files are stale instead
 * of writing them.
 */
const db = await openPglite();
try {
  const services = createServices({
    db,
    clock: systemClock,
    config: loadConfig({ DEMO: 'off', WORKER: 'off' }),
    logger: silentLogger,
    masterKey: randomBytes(32),
    domainProof: createDomainProofFetcher({ allowHosts: [] }),
  });
  const files = await renderOpenApiFiles(buildApp(services));
  const targets: [string, string][] = [
    [OPENAPI_JSON, files.json],
    [OPENAPI_TYPES, files.types],
    [ERRORS_MD, renderErrorTable()],
  ];
  if (process.argv.includes('--check')) {
    const stale = targets.filter(([path, text]) => {
      try {
        return readFileSync(path, 'utf8') !== text;
      } catch {
        return true;
      }
    });
    if (stale.length > 0) {
      console.error(`stale: ${stale.map(([p]) => p).join(', ')}; run npm run openapi`);
      process.exitCode = 1;
    }
  } else {
    for (const [path, text] of targets) writeFileSync(path, text);
    console.log(`wrote ${targets.map(([p]) => p).join(', ')}`);
  }
} finally {
  await db.close();
}
