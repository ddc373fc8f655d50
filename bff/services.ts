import type { Db } from '../server-core/db/db';
import type { Clock } from '../server-core/lib/clock';
import type { Config } from '../server-core/lib/config';
import { deriveKey } from '../server-core/lib/crypto';
import type { Logger } from '../server-core/lib/logger';
import { createSecretBox, type SecretBox } from '../server-core/lib/secret-box';

/** Everything a request handler may use. Built once in main.ts (or per test); no module singletons. */
export interface Services {
  db: Db;
  clock: Clock;
  config: Config;
  logger: Logger;
  box: SecretBox;
  keys: {
    /** Signs CSRF tokens (HMAC of the session token). */
    csrf: Buffer;
  };
}

export function createServices(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  logger: Logger;
  masterKey: Buffer;
}): Services {
  return {
    db: deps.db,
    clock: deps.clock,
    config: deps.config,
    logger: deps.logger,
    box: createSecretBox(deps.masterKey),
    keys: { csrf: deriveKey(deps.masterKey, 'csrf') },
  };
}
