import { randomBytes } from 'node:crypto';
import { silentLogger } from '../../bff/logger';
import type { Db } from '../../server-core/db/db';
import type { Clock } from '../../server-core/lib/clock';
import { createSecretBox, type SecretBox } from '../../server-core/lib/secret-box';
import { createGloveEmbedder } from '../../server-core/retrieval/embedders/glove-embedder';
import type { Embedder } from '../../server-core/retrieval/types';
import { createHttpTransport, type HttpTransportOptions } from '../http/transport';
import type { WorkerDeps } from '../worker/deps';

/** Worker dependencies for tests: the app's secret box and the real HTTP transport (loopback allowed only when asked). */
export function testWorkerDeps(
  db: Db,
  clock: Clock,
  opts: { box?: SecretBox; transport?: HttpTransportOptions; embedder?: Embedder } = {},
): WorkerDeps {
  return {
    db,
    clock,
    logger: silentLogger,
    box: opts.box ?? createSecretBox(randomBytes(32)),
    webhookTransport: createHttpTransport(opts.transport ?? { allowHosts: [] }),
    embedder: opts.embedder ?? createGloveEmbedder(),
  };
}
